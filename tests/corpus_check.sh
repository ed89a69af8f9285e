#!/usr/bin/env bash
# Every corpus protocol through `mapkit check`, with each engine: the
# verdict of each kernel must be its label.  Every race found must be
# re-checkable: `mapkit run` with the witness's launch sizes and uniform
# values must find a race on the same array.
#
#   tests/corpus_check.sh [BUILD_DIR]
#
# Header lines read from each file (see corpus/proto):
#   // verdict: drf|racy|divergent   or   // verdict: k1=drf k2=racy ...
#   // check: ARGS          optional: arguments for mapkit check (e.g. -b 64)
#   // check-unknown: WHY   optional: the solver may answer "unknown" here
#                           (a known limit, said why); a wrong verdict still fails
# Last line: "corpus-check: N passed, M failed".
set -u
set -f
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
mapkit="$root/$build/bin/mapkit"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
mapkit=$(sanitizer_guard "$mapkit" "$tmp")
engines=${ENGINES:-interval align}
passed=0
failed=0
skipped=0

# "kernel=status" words of mapkit's JSON lines
statuses() {
    sed -n 's/^{"kernel":"\([^"]*\)".*"status":"\([a-z]*\)".*/\1=\2/p'
}

# -b/-g/-p arguments from a JSON race's "globals" object, and --values
# large enough for its locals.
replay_args() {
    local race=${1%%\},\{\"array\":*} file=$2 globals locals args="" bx=1 by=1 bz=1 gx=1 gy=1 gz=1 max=3 kv k v unknowns
    globals=$(printf '%s' "$race" | sed -n 's/.*"globals":{\([^}]*\)}.*/\1/p' | tr ',' ' ')
    for kv in $globals; do
        k=${kv%%:*}; k=${k//\"/}; v=${kv#*:}
        case $k in
        blockDim.x) bx=$v ;; blockDim.y) by=$v ;; blockDim.z) bz=$v ;;
        gridDim.x) gx=$v ;; gridDim.y) gy=$v ;; gridDim.z) gz=$v ;;
        *) args="$args -p $k=$v" ;;
        esac
    done
    # unknowns and per-thread constants range over 0..VALUES-1 in run
    unknowns=$(grep -oE '(local|const local)[^;]*;' "$file" | sed 's/const local//; s/local//; s/;//; s/where.*//; s/global//g' | tr ',' ' ')
    locals=$(printf '%s' "$race" | grep -o '"locals":{[^}]*}' | sed 's/"locals":{//; s/}//' | tr ',' '\n')
    for kv in $locals; do
        k=${kv%%:*}; k=${k//\"/}; v=${kv#*:}
        case " $unknowns " in *" $k "*) [ "$v" -gt "$max" ] 2>/dev/null && max=$v ;; esac
    done
    printf -- '-b [%s,%s,%s] -g [%s,%s,%s] --values %s%s' "$bx" "$by" "$bz" "$gx" "$gy" "$gz" $((max + 1)) "$args"
}

# At most 4096 threads and --values 64: what the interpreter runs quickly.
small_launch() {
    local b g v
    b=$(printf '%s' "$1" | sed -n 's/.*-b \[\([0-9]*\),\([0-9]*\),\([0-9]*\)\].*/\1*\2*\3/p')
    g=$(printf '%s' "$1" | sed -n 's/.*-g \[\([0-9]*\),\([0-9]*\),\([0-9]*\)\].*/\1*\2*\3/p')
    v=$(printf '%s' "$1" | sed -n 's/.*--values \([0-9]*\).*/\1/p')
    [ $(( (b) * (g) )) -le 4096 ] && [ "$v" -le 64 ]
}

check_file() {
    local f=$1 engine=$2 labels args unknown_ok out got want k s line array replay
    labels=$(sed -n '1s|^// verdict: *||p' "$f")
    case $labels in *=*) ;; *) labels="$(basename "$f" .proto)=$labels" ;; esac
    args=$(sed -n 's|^// check: *||p' "$f" | head -n 1)
    unknown_ok=$(grep -c '^// check-unknown:' "$f")
    # shellcheck disable=SC2086 # ARGS are words
    out=$(timeout 120 "$mapkit" check $args --engine="$engine" --format=json "$f" 2> /dev/null)
    got=$(printf '%s\n' "$out" | statuses)
    for want in $labels; do
        k=${want%%=*}
        s=$(printf '%s\n' "$got" | sed -n "s/^$k=//p")
        if [ "$s" = "${want#*=}" ] || { [ "$s" = unknown ] && [ "$unknown_ok" -gt 0 ]; }; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "FAIL corpus-check [$engine] $f: kernel $k is '${s:-missing}', label ${want#*=}"
        fi
    done
    # witnesses replay in the interpreter
    while IFS= read -r line; do
        case $line in *'"status":"racy"'*) ;; *) continue ;; esac
        k=$(printf '%s' "$line" | sed -n 's/^{"kernel":"\([^"]*\)".*/\1/p')
        array=$(printf '%s' "$line" | sed -n 's/.*"races":\[{"array":"\([^"]*\)".*/\1/p')
        replay=$(replay_args "$line" "$f")
        # what counts as a race travels with the witness
        case " $args " in *" --strict-writes "*) replay="$replay --strict-writes" ;; esac
        if ! small_launch "$replay"; then
            skipped=$((skipped + 1)) # too many threads for the interpreter
            continue
        fi
        # shellcheck disable=SC2086
        if timeout 60 "$mapkit" run $replay --kernel "$k" --format=json "$f" 2> /dev/null |
            grep -q "\"status\":\"racy\".*\"array\":\"$array\""; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "FAIL corpus-check [$engine] $f: the witness on $array does not replay: mapkit run $replay --kernel $k"
        fi
    done <<< "$out"
}

set +f
files=(corpus/proto/*.proto)
set -f
for engine in $engines; do
    for f in "${files[@]}"; do
        check_file "$f" "$engine"
    done
done
[ "$skipped" -gt 0 ] && echo "corpus-check: $skipped witnesses too large to replay"
count_sanitizer_failures "$tmp"
echo "corpus-check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
