#!/bin/sh
# bench/alarms.sh [N] [SEED] [projects.sh options...]: N alarms (default 20)
# drawn at random (seed SEED, default 1) across the development corpus, each
# printed with its kernel's file:line, the witness and the launch used, for
# reading by hand (docs/bench.md).  With `--from DIR` it draws from the runs
# that `bench/projects.sh --keep DIR` kept, and runs nothing.
n=${1:-20}
seed=${2:-1}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && shift
exec python3 "$(dirname "$0")/projects.py" --alarms "$n" --seed "$seed" "$@"
