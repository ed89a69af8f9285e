#!/usr/bin/env bash
# libcu++'s atomics read from CCCL's own headers give the verdicts our
# declarations give (docs/inference.md, "Atomics"): every corpus kernel
# that includes <cuda/atomic> or <cuda/std/atomic> is checked twice, with
# the built-in declarations and with `-I` to the toolkit's CCCL, and each
# kernel's verdict line must be the same.  The real headers' operations
# end in inline assembly; the front end takes them by their names and
# the classes that declare them (cuda::std::__atomic_* and kin).
# REQUIRES: cccl normal-build
# TIMEOUT: 300
set -u
cd "$ROOT" || exit 2
. tests/lib.sh
verdicts() { "$MAPKIT" check "$@" 2> /dev/null | grep -E ': kernel [^ ]*: ' | sed 's/^[^ ]*: //'; }
n=0
for f in $(grep -l -E '#include <cuda/(std/)?atomic>' corpus/cuda/*.cu corpus/cuda/*/*.cu); do
    ours=$(verdicts "$f")
    real=$(verdicts -I "$CCCL_INCLUDE" "$f")
    if [ -n "$ours" ] && [ "$ours" = "$real" ]; then
        pass "$f: $(echo "$ours" | tr '\n' ' ')"
    else
        fail "$f: built-in [$(echo "$ours" | tr '\n' ' ')] CCCL [$(echo "$real" | tr '\n' ' ')]"
    fi
    n=$((n + 1))
done
expect_holds "at least 30 files with libcu++ atomics ($n)" "[ $n -ge 30 ]"
