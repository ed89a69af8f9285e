#!/usr/bin/env bash
# The emulation oracle (emulate-oracle.sh) over corpus/cuda's own kernels,
# about 450 files: several minutes of CPU, so it runs in make fuzz-long,
# not in make check.
# REQUIRES: clang-19 normal-build long
# TIMEOUT: 3600
. tests/lib.sh
export TMPDIR=$TEST_TMP
python3 tests/emulate_oracle.py "$MAPKIT" -j 2 corpus/cuda/*.cu
