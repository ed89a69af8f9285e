#!/usr/bin/env bash
# The user's workflow at the terminal: standard input (check -, infer -,
# gen -), suppressions and baselines in text and JSON, witnesses that tell
# the two threads apart, --explain, and progress bars (drawn on a
# terminal only, erased before any other line; fuzz --time kept).
#   tests/workflow.sh BUILD_DIR
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. tests/lib.sh
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mapkit=$(sanitizer_guard "$root/$build/bin/mapkit" "$tmp")
run() { # run COMMAND...: stdout in $tmp/out, stderr in $tmp/err, exit code in $code
    "$@" > "$tmp/out" 2> "$tmp/err"
    code=$?
}
cu=corpus/cuda/matmul_tiled.cu
reduce=examples/reduce.proto

echo "-- standard input"
run "$mapkit" check - < "$reduce"
expect_holds "check - (a protocol): exit $code, want 1" '[ $code -eq 1 ] && grep -q "^<stdin>: kernel reduce: racy" "$tmp/out"'
run "$mapkit" check - < "$cu"
expect_holds "check - (CUDA, by its first line): exit $code, want 0" \
    '[ $code -eq 0 ] && grep -q "^<stdin>: kernel matmulTiled: data-race free" "$tmp/out"'
tail -n +3 "$cu" > "$tmp/no-header.cu" # no GPUVerify header: the first line does not say CUDA
run "$mapkit" check --lang=cuda -b 16,16 -g 4,4 - < "$tmp/no-header.cu"
expect_holds "check --lang=cuda -: exit $code, want 0" '[ $code -eq 0 ]'
run "$mapkit" infer - < "$cu"
expect_holds "infer -: exit $code" '[ $code -eq 0 ] && diff -q "$tmp/out" <("$mapkit" infer "$cu" 2> /dev/null | sed "s|$cu|<stdin>|g") > /dev/null'
run "$mapkit" gen - < "$reduce"
expect_holds "gen -: exit $code" '[ $code -eq 0 ] && grep -q "__global__ void reduce" "$tmp/out"'
run "$mapkit" check - < /dev/null
expect_holds "check - with nothing on stdin: exit $code, want 2" '[ $code -eq 2 ]'

echo "-- suppressions"
sed 's|^        if|        // mapkit-ignore: race on sdata\n        if|' "$reduce" > "$tmp/suppressed.proto"
run "$mapkit" check "$tmp/suppressed.proto"
expect_holds "a suppressed race: exit $code, want 0" '[ $code -eq 0 ]'
expect_holds "a suppressed race is not counted in the text report" \
    'grep -q "kernel reduce: data-race free (1 suppressed)" "$tmp/out" && grep -q "^  suppressed: write-read race on sdata" "$tmp/out"'
run "$mapkit" check --format=json "$tmp/suppressed.proto"
expect_holds "JSON lists the suppressed race" \
    'grep -q "\"status\":\"drf\"" "$tmp/out" && grep -q "\"suppressed\":\[{\"rule\":\"data-race\"" "$tmp/out"'
sed 's|^        if|        // mapkit-ignore: race on other\n        if|' "$reduce" > "$tmp/other.proto"
run "$mapkit" check "$tmp/other.proto"
expect_holds "a suppression of another array: exit $code, want 1" '[ $code -eq 1 ]'
expect_holds "an unused suppression is a located warning" \
    'grep -q "other.proto:7:12: warning: unused suppression: no race on other" "$tmp/err"'
printf 'kernel k {\n    shared int a[];\n    // mapkit-ignore: frobnicate\n    if (threadIdx.x < 2) {\n        // mapkit-ignore: divergence\n        sync;\n    }\n}\n' \
    > "$tmp/div.proto"
run "$mapkit" check "$tmp/div.proto"
# the races a divergent barrier could prevent were not looked for: unknown
expect_holds "a suppressed divergence: exit $code, want 4" \
    '[ $code -eq 4 ] && grep -q "(1 suppressed)" "$tmp/out" && grep -q "its barrier divergence is suppressed" "$tmp/out"'
expect_holds "an unreadable suppression is a warning" 'grep -q "div.proto:3:8: warning: cannot read this suppression" "$tmp/err"'

echo "-- baselines"
run "$mapkit" check --format=json "$reduce"
cp "$tmp/out" "$tmp/base.json"
expect_holds "JSON races have fingerprints" 'grep -q "\"fingerprint\":\"[0-9a-f]\{16\}\"" "$tmp/base.json"'
run "$mapkit" check --baseline "$tmp/base.json" "$reduce"
expect_holds "a baselined race: exit $code, want 0" '[ $code -eq 0 ] && grep -q "kernel reduce: racy (1 in the baseline)" "$tmp/out"'
{ printf '// moved\n\n'; cat "$reduce"; } > "$tmp/moved.proto"
cp "$tmp/moved.proto" "$tmp/reduce.proto"
(cd "$tmp" && "$mapkit" check --format=json reduce.proto > base2.json 2> /dev/null)
sed 's/s > 0/0 < s/' "$reduce" > "$tmp/reduce.proto" # the loop's header changes, not the racing line
(cd "$tmp" && "$mapkit" check --baseline base2.json reduce.proto > /dev/null 2>&1)
code=$?
expect_holds "the fingerprint follows the racing lines, not the others: exit $code, want 0" '[ $code -eq 0 ]'
sed 's/rd sdata\[threadIdx.x + s\]/rd sdata[threadIdx.x + s + 0]/' "$reduce" > "$tmp/reduce.proto"
(cd "$tmp" && "$mapkit" check --baseline base2.json reduce.proto > /dev/null 2>&1)
code=$?
expect_holds "an edited racing line is a new alarm: exit $code, want 1" '[ $code -eq 1 ]'
printf 'not a report\n' > "$tmp/junk.json"
run "$mapkit" check --baseline "$tmp/junk.json" "$reduce"
expect_holds "a baseline that is no report: exit $code, want 2" '[ $code -eq 2 ] && grep -q "not a mapkit report" "$tmp/err"'
run "$mapkit" check --baseline "$tmp/missing.json" "$reduce"
expect_holds "a missing baseline: exit $code, want 2" '[ $code -eq 2 ]'

echo "-- witnesses tell the two threads apart"
printf 'kernel k {\n    shared int a[];\n    wr a[threadIdx.x];\n}\n' > "$tmp/y.proto"
for engine in interval align; do
    run "$mapkit" check --engine=$engine -b 4,4 "$tmp/y.proto"
    rows=$(grep -E '^  threadIdx\.[xy] ' "$tmp/out" | awk '$2 != $3' | wc -l)
    expect_holds "$engine: the witness shows no coordinate in which T1 and T2 differ" '[ $code -eq 1 ] && [ "$rows" -ge 1 ]'
    expect_holds "$engine: the witness shows blockDim.y with threadIdx.y" 'grep -q "blockDim.y = 4" "$tmp/out"'
done

echo "-- --explain"
run "$mapkit" check --explain "$reduce"
expect_holds "--explain: T1's path" 'grep -q "^    T1.s path to its wr:" "$tmp/out" && grep -q "^    T2.s path to its rd:" "$tmp/out"'
expect_holds "--explain: the barrier, the loop with its value, the branch" \
    'grep -q "line 5: sync;   <- a barrier" "$tmp/out" && grep -q "line 6: for (s = blockDim.x / 2; s > 0; s >>= 1) {   <- s = 2" "$tmp/out" &&
     grep -q "<- the condition holds" "$tmp/out" && grep -q "<- the racing wr" "$tmp/out"'
run "$mapkit" check "$reduce"
expect_holds "without --explain no path is printed" '! grep -q "path to its" "$tmp/out"'

echo "-- progress"
fuzz_out=$tmp/fuzz
"$mapkit" fuzz --check --count 20 --out "$fuzz_out" > "$tmp/out" 2> "$tmp/err"
expect_holds "off a terminal, fuzz draws no bar" '! grep -q $'"'"'\r'"'"' "$tmp/err"'
start=$(date +%s.%N)
"$mapkit" fuzz --check --time 2 -j 2 --out "$fuzz_out" > "$tmp/out" 2> "$tmp/err"
took=$(echo "$(date +%s.%N) - $start" | bc)
echo "   fuzz --time 2 -j 2 took $took s"
expect_holds "fuzz --time 2 ran $took s (want at most 3)" '[ "$(echo "$took <= 3" | bc)" = 1 ]'
if command -v script > /dev/null; then
    # on a terminal: a bar, erased ("\r" then "\033[K") before the summary line
    TERM=xterm script -qec "$mapkit fuzz --check --count 30 --out $fuzz_out" /dev/null > "$tmp/tty" 2>&1
    expect_holds "on a terminal, fuzz draws a bar" 'grep -q "protocols, 0 disagreements" "$tmp/tty"'
    expect_holds "on a terminal, the bar is erased before the summary" \
        'grep -a -q $'"'"'\r\033\[Kmapkit fuzz --check: seed'"'"' "$tmp/tty"'
    TERM=xterm script -qec "$mapkit fixpoint --no-nvcc corpus/cuda/matmul_tiled.cu corpus/proto/paper-first-iter-drf.proto" \
        /dev/null > "$tmp/tty" 2>&1
    expect_holds "on a terminal, fixpoint's bar is erased before the next line" \
        'grep -a -q "files  fixed" "$tmp/tty" && ! grep -a -q -P "error [0-9]+ *[^ \r\n0-9]" "$tmp/tty"'
else
    echo "SKIP progress on a terminal: no script(1)"
fi

count_sanitizer_failures "$tmp"
echo "workflow: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
