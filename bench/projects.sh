#!/bin/sh
# bench/projects.sh [-j N] [-t S] [--files|--project] [--keep DIR] [--from DIR]
#                   [--alarms N] [--seed S] [-p NAME]... [-v] [ROOT]
# `mapkit check` on every project of a development corpus of real CUDA code
# (ROOT: $MAPKIT_PROJECTS, else /work/devcorpus; fetched, never committed):
# per project, the files, kernels, verdicts, unknowns and errors by reason,
# the share of kernels checked with a launch read from host code, and the
# CPU time.  docs/bench.md describes it; bench/projects.py does the work.
exec python3 "$(dirname "$0")/projects.py" "$@"
