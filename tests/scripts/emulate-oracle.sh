#!/usr/bin/env bash
# The emulation oracle (docs/emulate.md, "The oracle in the suite") over
# the soundness corpora, corpus/cuda/sound and corpus/cuda/silent: every
# kernel whose launch its GPUVerify header gives runs on the CPU on two
# inputs; a racy or divergent kernel of the sound corpus shows its race, a
# file labelled drf shows none, and no kernel whose execution races is DRF
# for check (its snapshot record).  The rest of corpus/cuda is
# emulate-oracle-corpus.sh's (make fuzz-long).  tests/emulate_known.txt
# lists today's failures.  The compiles are cached by content under TEST_TMP.
# REQUIRES: clang-19 normal-build
# TIMEOUT: 1800
. tests/lib.sh
export TMPDIR=$TEST_TMP
python3 tests/emulate_oracle.py "$MAPKIT" -j 2 corpus/cuda/sound/*.cu corpus/cuda/silent/*.cu
