#!/usr/bin/env bash
# The two front ends against each other (docs/ptx.md, "Agreement with the
# CUDA front end"): on every 10th kernel file of corpus/cuda (all have a
# GPUVerify launch header), `mapkit check F.cu` against `mapkit check
# --via=ptx F.cu`.  A DRF from one and a definite race (exit 1, no
# "potential") from the other is a FAIL: one front end lost a race or
# invented one; so is a DRF from PTX where the .cu's barriers diverge.
# A file tests/ptx/crosscheck-known.txt lists is a PASS that says why.
# Every other difference is a PASS line that says how the
# two differ, and the last line counts them.  PTX_CROSSCHECK_REST=1 takes
# the other nine tenths instead (ptx-crosscheck-rest.sh, the long suite).
#   tests/scripts/ptx-crosscheck.sh BUILD_DIR       (run by tests/runner.py)
# REQUIRES: nvcc normal-build
# TIMEOUT: 1200
set -u
cd "$ROOT" || exit 2
. tests/lib.sh
export TMPDIR=$TEST_TMP
out=$TEST_TMP/out
mkdir -p "$out"

files=()
i=0
for f in corpus/cuda/*.cu; do
    if [ "${PTX_CROSSCHECK_REST:-0}" = 1 ]; then
        [ $((i % 10)) != 0 ] && files+=("$f")
    else
        [ $((i % 10)) = 0 ] && files+=("$f")
    fi
    i=$((i + 1))
done

# both verdicts of one file, two files at a time: nvcc costs about a
# second a file, the checks much less
# shellcheck disable=SC2016  # expanded by the sh that xargs starts
one='b=$2/$(basename "$1" .cu); "$0" check "$1" >"$b.cuda" 2>&1; echo $? >"$b.cuda.rc";
     "$0" check --via=ptx "$1" >"$b.ptx" 2>&1; echo $? >"$b.ptx.rc"'
printf '%s\n' "${files[@]}" | xargs -P 2 -I{} sh -c "$one" "$MAPKIT" {} "$out"

# verdict FILE RC: drf, definite, potential, divergent, unknown, error
verdict() {
    case $2 in
    0) echo drf ;;
    1) if grep -q ': definite race' "$1"; then echo definite; else echo potential; fi ;;
    3) echo divergent ;;
    4) echo unknown ;;
    *) echo error ;;
    esac
}

agree=0 differ=0 unsound=0
declare -A why
for f in "${files[@]}"; do
    b=$out/$(basename "$f" .cu)
    c=$(verdict "$b.cuda" "$(cat "$b.cuda.rc")")
    p=$(verdict "$b.ptx" "$(cat "$b.ptx.rc")")
    # a race is a race, definite or potential: the two agree on it
    if [ "${c/potential/definite}" = "${p/potential/definite}" ]; then
        agree=$((agree + 1))
        continue
    fi
    differ=$((differ + 1))
    reason="cuda $c, ptx $p"
    if [ "$p" = error ] && grep -q -- '--via=ptx: nvcc' "$b.ptx"; then
        reason="$reason (nvcc refuses the file)"
    elif [ "$p" = error ] && grep -q 'made no .entry' "$b.ptx"; then
        reason="$reason (no .entry: templates never instantiated)"
    elif [ "$p" != drf ] && grep -q 'warning: not followed' "$b.ptx"; then
        reason="$reason ($(grep -o 'not followed: [a-z ]*[a-z]' "$b.ptx" | head -n 1))"
    fi
    why[$reason]=$((${why[$reason]:-0} + 1))
    known=$(sed -n "s#^$f ##p" tests/ptx/crosscheck-known.txt)
    if [ -n "$known" ]; then
        pass "ptx-crosscheck $f differs: $reason, known: $known"
    elif { [ "$c" = drf ] && [ "$p" = definite ]; } || { [ "$c" = definite ] && [ "$p" = drf ]; } ||
        { [ "$c" = divergent ] && [ "$p" = drf ]; }; then
        fail "ptx-crosscheck $f: $reason"
    elif [ "$p" = drf ] && [ "$c" = potential ]; then
        unsound=$((unsound + 1))
        pass "ptx-crosscheck $f differs: $reason (the PTX's DRF rests on what the .cu's potential race leaves open)"
    else
        pass "ptx-crosscheck $f differs: $reason"
    fi
done
for r in "${!why[@]}"; do
    printf 'ptx-crosscheck: %3d x %s\n' "${why[$r]}" "$r"
done | sort -k2,2nr
pass "ptx-crosscheck: ${#files[@]} files, $agree agree, $differ differ ($unsound DRF from PTX where the .cu has a potential race)"
