#!/usr/bin/env bash
# The emulation oracle (docs/emulate.md, "The oracle in the suite") over
# every corpus whose files state their launch: corpus/cuda (its own
# kernels, the soundness corpora sound/ and silent/) and corpus/opencl.
# Each kernel runs on the CPU on three inputs; a racy or divergent kernel
# of the sound corpus shows its race, a file labelled drf shows none, and
# no kernel whose execution races is DRF for check (its snapshot record).
# tests/emulate_known.txt lists today's failures.  The compiles are cached
# by content under TEST_TMP.
# REQUIRES: clang-19 normal-build
# TIMEOUT: 1800
. tests/lib.sh
export TMPDIR=$TEST_TMP
python3 tests/emulate_oracle.py "$MAPKIT" -j 2 corpus/cuda/*.cu corpus/cuda/sound/*.cu corpus/cuda/silent/*.cu \
    corpus/opencl/*.cl
