#!/usr/bin/env bash
# The two front ends against each other on the other nine tenths of
# corpus/cuda (ptx-crosscheck.sh runs the first tenth in `make check`).
# REQUIRES: nvcc normal-build long
# TIMEOUT: 3600
PTX_CROSSCHECK_REST=1 exec bash "$(dirname "$0")/ptx-crosscheck.sh" "$@"
