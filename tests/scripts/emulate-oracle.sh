#!/usr/bin/env bash
# The emulation oracle (docs/emulate.md, "The oracle in the suite") over
# the corpora whose files state their launch: the soundness corpora
# (corpus/cuda/sound/ and silent/) whole, and a third of corpus/cuda and
# corpus/opencl (every third file, in order); `make check-long` adds the
# other two thirds (emulate-oracle-rest.sh), so that `make check` stays
# within its time.  Each kernel runs on the CPU on three inputs; a racy
# or divergent kernel of the sound corpus shows its race, a file labelled
# drf shows none, and no kernel whose execution races is DRF for check
# (its snapshot record).  tests/emulate_known.txt lists today's failures.
# The compiles are cached by content under TEST_TMP.
# REQUIRES: clang-19 normal-build
# TIMEOUT: 1800
. tests/lib.sh
export TMPDIR=$TEST_TMP
# shellcheck disable=SC2046 # file names without spaces, one per word
python3 tests/emulate_oracle.py "$MAPKIT" -j 2 corpus/cuda/sound/*.cu corpus/cuda/silent/*.cu \
    $(every_third 0 corpus/cuda/*.cu) $(every_third 0 corpus/opencl/*.cl)
