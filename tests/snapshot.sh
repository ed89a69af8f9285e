#!/usr/bin/env bash
# The corpus snapshot alone (harness/corpus.py says what it records): every
# input under corpus/ through the runner, comparing (or, with --update,
# rewriting) its record in tests/snapshot/.  `make check` runs it with the
# rest of each corpus case; `make snapshot-update` is `--update`.  The last
# line is "snapshot: N passed, M failed".
#   tests/snapshot.sh [--update] [BUILD_DIR]
set -o pipefail
update=
if [ "${1:-}" = --update ]; then
    update=--update-snapshot
    shift
fi
cd "$(dirname "$0")/.." || exit 2
python3 tests/runner.py --build "${1:-build}" --snapshot-only $update corpus tests/snapshot |
    sed '$s/^\([0-9]* passed, [0-9]* failed\)$/snapshot: \1/'
