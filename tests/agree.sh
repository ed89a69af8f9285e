#!/usr/bin/env bash
# Randomized agreement test: the SMT engines must agree with the executable
# semantics (`mapkit run`) on random small protocols.
#
#   tests/agree.sh [BUILD_DIR] [COUNT] [SEED]
#
# BUILD_DIR (default build) holds bin/mapkit and bin/gen_random; COUNT
# (default 1000) protocols are generated from SEED (default 20250101) by
# tests/gen_random.c.  Each protocol's first line, "// args: ...", gives the
# concrete instance (-b, -g, -p, --values); the same arguments go to
#
#   mapkit run ARGS --format=json FILE
#   mapkit check ARGS --format=json --engine=E FILE     for each E in ENGINES
#
# (--values is run's only: check bounds unknowns with the protocol's own
# `assume x < 4`).  A protocol passes when every engine gives every kernel
# the status run gives it.  Environment:
#
#   ENGINES="interval align"   engines to compare with run
#   ALLOW_UNKNOWN=1            an engine's "unknown" is not a failure
#   JOBS=2                     protocols checked in parallel
#   TIMEOUT_MS=10000           --timeout of mapkit check, per kernel
#   SHOW=3                     failing protocols printed in full
#   KEEP=DIR                   keep the generated protocols in DIR
#   EXTENDED=1                 gen_random's extended mode: preconditions in
#                              loops and branches, 1@/2@, distinct, pow2, ...
#   TILES=1                    gen_random's tiles mode: tile and warp syncs,
#                              unknowns uniform over a tile (docs/language.md 3.7)
#   FENCES=1                   gen_random's fences mode: sync local; sync global;
#                              sync exec; (docs/language.md, Fence flags)
#
# Prints "FAIL rNNNN: run=X interval=Y ..." per failing protocol and ends
# with "agree: N passed, M failed"; exits 1 when something failed, 2 when
# it could not run.
set -u
set -f
shopt -s nullglob
build=${1:-build}
count=${2:-1000}
seed=${3:-20250101}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
mapkit="$root/$build/bin/mapkit"
gen="$root/$build/bin/gen_random"
for x in "$mapkit" "$gen"; do
    if [ ! -x "$x" ]; then
        echo "agree: no $x (run make $build/bin/gen_random)" >&2
        exit 2
    fi
done

ENGINES=${ENGINES:-"interval align"}
ALLOW_UNKNOWN=${ALLOW_UNKNOWN:-0}
JOBS=${JOBS:-2}
TIMEOUT_MS=${TIMEOUT_MS:-10000}
SHOW=${SHOW:-3}

if [ -n "${KEEP:-}" ]; then
    tmp=$KEEP
    mkdir -p "$tmp"
else
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
fi
rm -rf "$tmp/p" "$tmp/res"
mkdir -p "$tmp/res"
# A private copy: a rebuild while the test runs must not change the binary.
cp "$mapkit" "$tmp/mapkit" || exit 2
. tests/lib.sh
rm -f "$tmp/sanitizer.log"
mapkit=$(sanitizer_guard "$tmp/mapkit" "$tmp")
"$gen" "$seed" "$count" "$tmp/p" ${EXTENDED:+extended} ${TILES:+tiles} ${FENCES:+fences} || exit 2

# "k0=drf k1=racy": each JSON object (one a line) as kernel=status.  A
# kernel whose preconditions admit no thread for the given instance (the
# generator does not avoid them) is an input error since docs/checker.md; run and
# the engines must all say so: "vacuous".
statuses() {
    local line out="" re='^\{"kernel":"([^"]*)".*,"status":"([a-z]*)"' st
    while IFS= read -r line; do
        [[ $line =~ $re ]] || continue
        st=${BASH_REMATCH[2]}
        [[ $st = error && $line = *'"message":"these assumptions contradict each other'* ]] && st=vacuous
        out="$out${out:+ }${BASH_REMATCH[1]}=$st"
    done
    printf '%s' "$out"
}

# Does an engine's answer match run's, kernel by kernel?
matches() {
    local want=$1 got=$2
    [ "$want" = "$got" ] && return 0
    [ "$ALLOW_UNKNOWN" = 1 ] || return 1
    local -a w g
    read -r -a w <<< "$want"
    read -r -a g <<< "$got"
    [ "${#w[@]}" -eq "${#g[@]}" ] || return 1
    local i
    for i in "${!w[@]}"; do
        [ "${w[$i]}" = "${g[$i]}" ] || [ "${g[$i]}" = "${w[$i]%%=*}=unknown" ] || return 1
    done
    return 0
}

# Without kernel names when there is one kernel: "drf" rather than "k0=drf".
short() {
    case $1 in
    *' '*) printf '%s' "$1" | sed 's/=/:/g; s/ /,/g' ;;
    '') printf 'none' ;;
    *) printf '%s' "${1#*=}" ;;
    esac
}

# One protocol: writes $tmp/res/NAME, "PASS" or "FAIL run=X E=Y ...".
check_one() {
    local f=$1 name line want got e ok=1 report
    name=$(basename "$f" .proto)
    IFS= read -r line < "$f"
    line=${line#// args:}
    local -a args
    read -r -a args <<< "$line"
    local -a cargs=()
    local i=0
    while [ $i -lt ${#args[@]} ]; do # check has no --values
        if [ "${args[$i]}" = --values ]; then
            i=$((i + 2))
            continue
        fi
        cargs+=("${args[$i]}")
        i=$((i + 1))
    done
    want=$(timeout 120 "$mapkit" run "${args[@]}" --format=json "$f" 2> /dev/null | statuses)
    report="run=$(short "$want")"
    for e in $ENGINES; do
        got=$(timeout 120 "$mapkit" check "${cargs[@]}" --format=json --engine="$e" \
            --timeout="$TIMEOUT_MS" "$f" 2> /dev/null | statuses)
        report="$report $e=$(short "$got")"
        matches "$want" "$got" || ok=0
    done
    # run itself must decide: an error or unknown there is the generator's fault
    case " $want " in
    *=error* | *=unknown* | '  ') ok=0 ;;
    esac
    if [ $ok = 1 ]; then
        echo "PASS $report" > "$tmp/res/$name"
    else
        echo "FAIL $report" > "$tmp/res/$name"
    fi
}

export -f check_one statuses matches short
export mapkit ENGINES ALLOW_UNKNOWN TIMEOUT_MS tmp

set +f
printf "%s\n" "$tmp"/p/*.proto | xargs -r -P "$JOBS" -n 16 bash -c 'for f; do check_one "$f"; done' _
set -f

passed=0
failed=0
shown=0
declare -A runs=()
set +f
for r in "$tmp"/res/*; do
    set -f
    name=$(basename "$r")
    read -r verdict report < "$r"
    v=${report%% *}
    v=${v#run=}
    for k in ${v//,/ }; do # per kernel
        k=${k#*:}
        runs[$k]=$((${runs[$k]:-0} + 1))
    done
    if [ "$verdict" = PASS ]; then
        passed=$((passed + 1))
        continue
    fi
    failed=$((failed + 1))
    echo "FAIL $name: $report"
    if [ "$shown" -lt "$SHOW" ]; then
        shown=$((shown + 1))
        sed 's/^/    | /' "$tmp/p/$name.proto"
    fi
done
set -f
missing=$((count - passed - failed))
if [ "$missing" -gt 0 ]; then
    echo "FAIL $missing protocols were not checked"
    failed=$((failed + missing))
fi
summary=""
for v in $(printf '%s\n' "${!runs[@]}" | sort); do
    summary="$summary $v=${runs[$v]}"
done
echo "agree: run verdicts per kernel (seed $seed):$summary"
count_sanitizer_failures "$tmp"
echo "agree: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
