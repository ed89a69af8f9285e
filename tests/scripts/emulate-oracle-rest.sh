#!/usr/bin/env bash
# The emulation oracle's other two thirds of corpus/cuda and
# corpus/opencl (emulate-oracle.sh runs the first in `make check`).
# REQUIRES: clang-19 normal-build long
# TIMEOUT: 1800
. tests/lib.sh
export TMPDIR=$TEST_TMP
# shellcheck disable=SC2046 # file names without spaces, one per word
python3 tests/emulate_oracle.py "$MAPKIT" -j 2 $(every_third 1 corpus/cuda/*.cu) $(every_third 2 corpus/cuda/*.cu) \
    $(every_third 1 corpus/opencl/*.cl) $(every_third 2 corpus/opencl/*.cl)
