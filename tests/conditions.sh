#!/usr/bin/env bash
# mapkit check --conditions (docs/inference.md; docs/checker.md): the
# weakest condition on launch sizes and uniform parameters for DRF and
# aligned barriers.  Each tests/conditions/*.proto gives
#   // conditions: C      the condition mapkit must print (a known answer,
#                         worked out by hand; "true": DRF for every launch)
#   // holds: OPTIONS     a launch C admits: C evaluates to true there, and
#                         `mapkit check OPTIONS` proves the kernel DRF
#   // violates: OPTIONS  a launch C excludes: C is false there, and
#                         `mapkit check OPTIONS` finds a witness (exit 1 or 3)
# so the condition is checked both ways.  A kernel without a `conditions:`
# line is checked both ways only.  Also: JSON carries the condition, and a
# condition with no closed form in the time limit says so.
#
#   tests/conditions.sh [BUILD_DIR]
#
# Prints a FAIL line per failure and ends with "conditions: N passed, M failed".
set -u
shopt -s nullglob
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL conditions %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$root/$build/bin/mapkit" "$tmp/mapkit" || exit 2
. tests/lib.sh
mapkit=$(sanitizer_guard "$tmp/mapkit" "$tmp")

# The condition mapkit prints for FILE: the C text, "true" for every
# launch, "false" for none, "unknown" without a closed form.
condition_of() {
    local out
    # Z3 5.4's elimination needs 12 s for mod-eight (more under the
    # sanitizers): the default 20 s limit is too tight for a test
    out=$("$mapkit" check --conditions --timeout=90000 "$1" 2> /dev/null | grep -E ': kernel [^:]*: (DRF|no closed)' |
        sed 's/ (among launches with .*: the axes the kernel does not use)$//')
    case $out in
    *": DRF if "*) printf '%s\n' "${out#*: DRF if }" ;;
    *"DRF for every launch"*) echo true ;;
    *"DRF for no launch"*) echo false ;;
    *) echo unknown ;;
    esac
}

# C evaluated by the shell's arithmetic at the values OPTIONS give
# (-b X[,Y[,Z]], -g X[,Y[,Z]], -p NAME=V; missing sizes are 1).
evaluate() { # evaluate CONDITION OPTIONS...
    local c=$1 b=1,1,1 g=1,1,1
    shift
    local -a params=()
    while [ $# -gt 0 ]; do
        case $1 in
        -b) b=$2,1,1; shift ;;
        -g) g=$2,1,1; shift ;;
        -p) params+=("$2"); shift ;;
        esac
        shift
    done
    IFS=, read -r bx by bz _ <<< "$b"
    IFS=, read -r gx gy gz _ <<< "$g"
    c=${c//blockDim.x/$bx}; c=${c//blockDim.y/$by}; c=${c//blockDim.z/$bz}
    c=${c//gridDim.x/$gx}; c=${c//gridDim.y/$gy}; c=${c//gridDim.z/$gz}
    local p
    for p in "${params[@]}"; do
        c=$(sed -E "s/\\b${p%%=*}\\b/${p#*=}/g" <<< "$c")
    done
    [ "$c" = true ] && { echo 1; return; }
    [ "$c" = false ] && { echo 0; return; }
    echo $((c))
}

# Do two conditions agree at every launch and parameter value of a small
# grid (blockDim.x 1..24, other sizes and parameters 0..10)?  Both are C
# expressions over naturals, evaluated by python3 (C's &&, ||, ! spelled
# as Python's).
same_condition() { # same_condition GOT WANT
    python3 - "$1" "$2" <<'PY'
import itertools, re, sys
def py(c):
    c = c.replace('&&', ' and ').replace('||', ' or ')
    c = re.sub(r'!(?!=)', ' not ', c).replace('/', '//')
    return re.sub(r'\b(blockDim|gridDim)\.([xyz])\b', r'\1_\2', c).replace('true', 'True').replace('false', 'False')
a, b = py(sys.argv[1]), py(sys.argv[2])
names = sorted(set(re.findall(r'\b[A-Za-z_]\w*\b', a + ' ' + b)) - {'and', 'or', 'not', 'True', 'False'})
ranges = [range(1, 25) if n.startswith(('blockDim', 'gridDim')) else range(0, 11) for n in names]
for values in itertools.product(*ranges):
    env = dict(zip(names, values))
    try:
        if bool(eval(a, {}, env)) != bool(eval(b, {}, env)):
            sys.exit(1)
    except ZeroDivisionError:
        pass
PY
}

echo "-- known answers, checked both ways"
files=(tests/conditions/*.proto)
known=0
for f in "${files[@]}"; do
    name=$(basename "$f")
    got=$(condition_of "$f")
    want=$(sed -n 's|^// conditions: *||p' "$f")
    if [ -n "$want" ]; then
        known=$((known + 1))
        # the same condition, however the solver spells it (terms are
        # ordered and simplified differently by each Z3)
        same_condition "$got" "$want" && pass || fail "$name: mapkit says '$got', the known answer is '$want'"
    fi
    [ "$got" = unknown ] && { fail "$name: no closed form"; continue; }
    while read -r opts; do
        # shellcheck disable=SC2086 # OPTIONS are words
        [ "$(evaluate "$got" $opts)" = 1 ] && pass || fail "$name: '$got' is false at $opts, which it should admit"
        # shellcheck disable=SC2086
        "$mapkit" check $opts "$f" > /dev/null 2>&1
        status=$?
        [ "$status" = 0 ] && pass || fail "$name: under the condition ($opts) check says $(verdict_of $status)"
    done < <(sed -n 's|^// holds: *||p' "$f")
    while read -r opts; do
        # shellcheck disable=SC2086
        [ "$(evaluate "$got" $opts)" = 0 ] && pass || fail "$name: '$got' is true at $opts, which it should exclude"
        # shellcheck disable=SC2086
        "$mapkit" check $opts "$f" > "$tmp/out" 2>&1
        status=$?
        { [ "$status" = 1 ] || [ "$status" = 3 ]; } && grep -q 'globals:' "$tmp/out" && pass ||
            fail "$name: violating the condition ($opts) gives no witness (check says $(verdict_of $status))"
    done < <(sed -n 's|^// violates: *||p' "$f")
done
[ "$known" -ge 10 ] && pass || fail "only $known kernels with a known answer (want at least 10)"

echo "-- JSON, and no closed form"
"$mapkit" check --conditions --format=json tests/conditions/offset-read.proto > "$tmp/out" 2> /dev/null
grep -q '"conditions":{"status":"some","condition":"k >= blockDim.x || k == 0","among":"blockDim.y == 1 && blockDim.z == 1 && gridDim.y == 1 && gridDim.z == 1"}' "$tmp/out" && pass ||
    fail "JSON: no conditions object"
"$mapkit" check --conditions tests/conditions/offset-read.proto 2> /dev/null | grep -q 'DRF if k >= blockDim.x || k == 0 (among launches with blockDim.y == 1 && blockDim.z == 1 && gridDim.y == 1 && gridDim.z == 1: the axes the kernel does not use)$' &&
    pass || fail "text: the axes pinned to 1 are not stated"
"$mapkit" check --conditions -b 4,2 tests/conditions/offset-read.proto 2> /dev/null | grep -q 'DRF for no launch.*(among launches with gridDim.y == 1 && gridDim.z == 1:' &&
    pass || fail "-b 4,2: a 2-D block makes A[threadIdx.x] race whatever k"
"$mapkit" check --conditions --format=json tests/conditions/reverse-with-sync.proto > "$tmp/out" 2> /dev/null
grep -q '"conditions":{"status":"always","condition":"true","among":' "$tmp/out" && pass || fail "JSON: DRF always"
"$mapkit" check --conditions --timeout=1 tests/conditions/sync-under-n.proto > "$tmp/out" 2>&1
grep -q 'no closed-form condition found: ' "$tmp/out" && pass || fail "a 1 ms limit: no 'no closed-form' message"
"$mapkit" check --format=json tests/conditions/offset-read.proto > "$tmp/out" 2> /dev/null
grep -q '"conditions"' "$tmp/out" && fail "JSON has conditions without --conditions" || pass
"$mapkit" run --conditions -b 4 -p k=1 tests/conditions/offset-read.proto > /dev/null 2>&1
[ $? = 2 ] && pass || fail "run --conditions is a usage error"

count_sanitizer_failures "$tmp"
echo "conditions: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
