#!/usr/bin/env bash
# The suite reads a sanitizer's report as a failure, whatever verdict the
# case expected (tests/lib.sh).  A deliberately faulty program,
# tests/sanitizer_probe.c, is built here with the Makefile's SANFLAGS; mapkit
# itself gets no planted fault.  Checked:
#   - each fault exits with its sanitizer's own code (86 ASan/LSan, 87
#     UBSan), even where the program would have exited 1 ("racy");
#   - the helpers read those codes as a crash, never as a verdict;
#   - sanitizer_guard logs an exit (or a crash on a signal) that its call
#     site ignored, and
#     count_sanitizer_failures turns each into a FAIL;
#   - end to end: tests/run_cases.sh over a mapkit that gives every right
#     answer, then exits as a leak would, fails once per case.
#
#   tests/sanitizer.sh [BUILD_DIR]
#
# Without a compiler that can build with sanitizers it prints a SKIP line.
# Ends with "sanitizer: N passed, M failed".
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
. tests/lib.sh
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL sanitizer: %s\n' "$*"; }
tmp=$(mktemp -d)
fake=$build/sanitizer-fake
trap 'rm -rf "$tmp" "$fake"' EXIT

read -r -a flags <<< "$(sed -n 's/^SANFLAGS := //p' Makefile | head -n 1)"
probe=$tmp/sanitizer_probe
if ! "${CC:-cc}" -O1 -g "${flags[@]}" tests/sanitizer_probe.c -o "$probe" 2> "$tmp/cc.err"; then
    echo "SKIP sanitizer: ${CC:-cc} cannot build with ${flags[*]}: $(head -n 1 "$tmp/cc.err")"
    echo "sanitizer: $passed passed, $failed failed"
    exit 0
fi

# expect_probe MODE WANT: the probe, which would exit 1, exits WANT; a
# nonzero WANT comes with a report on stderr
expect_probe() {
    local mode=$1 want=$2
    "$probe" "$mode" 1 > /dev/null 2> "$tmp/$mode.err"
    local got=$?
    if [ "$got" -ne "$want" ]; then
        fail "probe $mode: exit $got, want $want"
    elif [ "$want" -ne 1 ] && ! sanitizer_report "$tmp/$mode.err"; then
        fail "probe $mode: no sanitizer report on stderr: $(head -c 200 "$tmp/$mode.err")"
    else
        pass
    fi
}
expect_probe ok 1
expect_probe heap "$SANITIZER_EXIT_ASAN"
expect_probe ub "$SANITIZER_EXIT_UBSAN"
expect_probe leak "$SANITIZER_EXIT_ASAN"

for s in "$SANITIZER_EXIT_ASAN" "$SANITIZER_EXIT_UBSAN" 134 139; do
    crashed "$s" && pass || fail "crashed $s is false"
    case $(verdict_of "$s") in
    drf | racy | error | divergent | unknown) fail "verdict_of $s is a verdict: $(verdict_of "$s")" ;;
    *) pass ;;
    esac
done
for s in 0 1 2 3 4 124; do
    crashed "$s" && fail "crashed $s is true" || pass
done
[ "$(verdict_of 1)" = racy ] && [ "$(verdict_of 4)" = unknown ] && pass || fail "verdict_of 1, 4"

# the guard: one logged line per sanitizer exit, none for a verdict
guarded=$(sanitizer_guard "$probe" "$tmp/g")
"$guarded" leak 1 2> /dev/null | cat > /dev/null # a pipe drops the status
"$guarded" ok 1
"$guarded" abort 1 > /dev/null 2>&1
"$guarded" ub 0 > /dev/null 2>&1
[ $? -eq "$SANITIZER_EXIT_UBSAN" ] && pass || fail "the guard changes the exit code"
counted=$(failed=0; count_sanitizer_failures "$tmp/g"; echo "failed=$failed")
if [ "$(grep -c '^FAIL sanitizer report or crash (exit 8[67]: sanitizer_probe ' <<< "$counted")" -eq 2 ] &&
    grep -q '^FAIL sanitizer report or crash (exit 134: sanitizer_probe abort 1)' <<< "$counted" &&
    [ "$(tail -n 1 <<< "$counted")" = failed=3 ]; then
    pass
else
    fail "the guard's log: want 2 sanitizer exits and an abort counted, got: $counted"
fi

# end to end: right answers, then a leak's exit code
mkdir -p "$fake/bin"
cat > "$fake/bin/mapkit" << EOF
#!/bin/sh
$(printf '%q' "$root/$build/bin/mapkit") "\$@"
exit $SANITIZER_EXIT_ASAN
EOF
chmod +x "$fake/bin/mapkit"
cases=(tests/run_cases/*.proto)
tests/run_cases.sh "$fake" > "$tmp/e2e" 2>&1
status=$?
reports=$(grep -c '^FAIL sanitizer report or crash' "$tmp/e2e")
if [ "$status" -ne 0 ] && [ "$reports" -eq "${#cases[@]}" ]; then
    pass
else
    fail "run_cases.sh over a leaking mapkit: exit $status, $reports sanitizer FAILs for ${#cases[@]} cases: $(tail -n 1 "$tmp/e2e")"
fi

echo "sanitizer: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
