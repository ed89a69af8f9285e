#!/usr/bin/env bash
# tests/fixpoint_frontend.sh BUILD_DIR: `mapkit fixpoint --frontend 'CMD {}'`
# (docs/fixpoint.md, "Another front end"): someone else's front end in
# place of infer, here tests/frontend/tool.sh wrapping `mapkit infer`:
#   - an honest one (and one in Faial's v1 spelling) gives all fixed;
#   - one that drops every second access is semantic non-fixed;
#   - one that crashes, hangs, fails, prints garbage or cannot be started
#     is an error of its category, per file or per kernel, and the run goes on;
#   - `mapkit fuzz --frontend` (docs/fuzz.md): the same front ends on the
#     generated cases, their protocols' verdicts against the labels.
# Last line: "fixpoint-frontend: N passed, M failed".
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL fixpoint-frontend: %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
mapkit=$(sanitizer_guard "$root/$build/bin/mapkit" "$tmp")
export MAPKIT=$mapkit # the tool's own `mapkit infer`
tool=tests/frontend/tool.sh
files=(corpus/cuda/matmul_tiled.cu corpus/cuda/reduce_sequential.cu corpus/cuda/transpose_tiled.cu)
for f in "${files[@]}"; do [ -f "$f" ] || fail "missing corpus file $f"; done

# fixpoint with the front end of MODE on the three files: JSON lines in
# $tmp/MODE.json, the summary in $tmp/MODE.err, the exit status in $status
run() {
    local mode=$1
    shift
    timeout 300 "$mapkit" fixpoint --no-nvcc --format=json --timeout=5000 --frontend-timeout=3000 \
        --frontend "$tool $mode {}" "$@" > "$tmp/$mode.json" 2> "$tmp/$mode.err"
    status=$?
}
count() { grep -c -- "$1" "$tmp/$2.json"; }

run honest -j 2 "${files[@]}"
[ "$status" -eq 0 ] && [ "$(count '"class":"fixed"' honest)" -eq 3 ] && pass ||
    fail "honest front end: exit $status, $(head -c 300 "$tmp/honest.json")"
[ "$(count '"consistent":true' honest)" -eq 3 ] && pass || fail "honest front end: verdicts inconsistent"
grep -q 'front end: tests/frontend/tool.sh honest {}' "$tmp/honest.err" && pass || fail "the summary names the front end"

run faial "${files[@]}"
[ "$status" -eq 0 ] && [ "$(count '"class":"fixed"' faial)" -eq 3 ] && pass ||
    fail "Faial v1 spelling: exit $status, $(grep -v fixed "$tmp/faial.json" | head -c 300)"

run noisy corpus/cuda/matmul_tiled.cu
[ "$status" -eq 0 ] && [ "$(count '"class":"fixed"' noisy)" -eq 1 ] && pass ||
    fail "what the front end says on stderr is not part of its protocol: $(head -c 300 "$tmp/noisy.json")"

# Every second access dropped: each kernel is non-fixed, and the solver
# cannot call a lost access cosmetic.
run drop "${files[@]}"
[ "$status" -eq 1 ] && [ "$(count '"class":"non-fixed"' drop)" -eq 3 ] && pass ||
    fail "dropping front end: exit $status, $(head -c 300 "$tmp/drop.json")"
[ "$(count '"category":"missing access","semantic":true' drop)" -eq 3 ] && pass ||
    fail "dropping front end: not a semantic missing access: $(head -c 400 "$tmp/drop.json")"
[ "$(count '"class":"error"' drop)" -eq 0 ] && pass || fail "dropping front end: errors"
"$mapkit" fixpoint --no-nvcc --frontend "$tool drop {}" corpus/cuda/matmul_tiled.cu > "$tmp/drop.txt" 2>&1
grep -q '^corpus/cuda/matmul_tiled.cu: matmulTiled: non-fixed; .*missing access (semantic)' "$tmp/drop.txt" && pass ||
    fail "dropping front end, text: $(head -c 300 "$tmp/drop.txt")"

# A crash on one file and a hang on another cost those files only.
run mixed -j 2 "${files[@]}"
[ "$status" -eq 1 ] && pass || fail "crash and hang: exit $status, want 1"
grep -q '"file":"corpus/cuda/matmul_tiled.cu","kernel":"matmulTiled","class":"fixed"' "$tmp/mixed.json" && pass ||
    fail "crash and hang: the other file was not checked"
grep -q '"file":"corpus/cuda/reduce_sequential.cu",.*"class":"error","stage":"infer K0".*"failure":"crashed"' \
    "$tmp/mixed.json" && pass || fail "a crash is an error of category crashed: $(cat "$tmp/mixed.json")"
grep -q '"file":"corpus/cuda/transpose_tiled.cu",.*"class":"error","stage":"infer K0".*timed out after 3000 ms.*"failure":"timed out"' \
    "$tmp/mixed.json" && pass || fail "a hang is an error of category timed out: $(cat "$tmp/mixed.json")"
grep -Eq '^ +crashed +1$' "$tmp/mixed.err" && grep -Eq '^ +timed out +1$' "$tmp/mixed.err" && pass ||
    fail "the summary counts the front end's failures: $(cat "$tmp/mixed.err")"

# A crash on the generated file: the kernel's error is at infer K1.
run crash-generated corpus/cuda/matmul_tiled.cu
grep -q '"kernel":"matmulTiled","class":"error","stage":"infer K1".*"failure":"crashed"' "$tmp/crash-generated.json" &&
    [ "$status" -eq 1 ] && pass || fail "crash at infer K1: exit $status, $(cat "$tmp/crash-generated.json")"

run garbage corpus/cuda/matmul_tiled.cu
grep -q '"failure":"unparsable output"' "$tmp/garbage.json" && [ "$status" -eq 1 ] && pass ||
    fail "garbage output: exit $status, $(cat "$tmp/garbage.json")"
run fail corpus/cuda/matmul_tiled.cu
grep -q '"message":"error: the front end exited 3: tool.sh: cannot read corpus/cuda/matmul_tiled.cu","failure":"failed"' \
    "$tmp/fail.json" && pass || fail "a failing front end, with its stderr: $(cat "$tmp/fail.json")"
"$mapkit" fixpoint --no-nvcc --format=json --frontend "$tmp/no-such-tool {}" corpus/cuda/matmul_tiled.cu \
    > "$tmp/nostart.json" 2> /dev/null
grep -q '"failure":"not started"' "$tmp/nostart.json" && pass || fail "no such tool: $(cat "$tmp/nostart.json")"

# A protocol starts the loop at K1 = gen(P0); the front end reads K1.
proto=$(ls tests/codegen/roundtrip/*.proto | head -n 1)
run honest "$proto"
[ "$status" -eq 0 ] && [ "$(count '"class":"fixed"' honest)" -ge 1 ] && pass ||
    fail "proto-first through the front end: exit $status, $(head -c 300 "$tmp/honest.json")"

# A protocol in Faial's v1 spelling starts the loop just as well.
run honest tests/frontend/listing21_v1.proto
grep -q '"kernel":"listing21_v1","class":"fixed".*"verdicts":{"k0":"racy","p1":"racy","p2":"racy"}' "$tmp/honest.json" &&
    pass || fail "a v1 protocol through the front end: $(head -c 300 "$tmp/honest.json")"

"$mapkit" fixpoint --frontend 2> /dev/null; [ $? -eq 2 ] && pass || fail "--frontend without a command: exit 2"
"$mapkit" fixpoint --frontend "$tool honest {}" --frontend-timeout=0 corpus/cuda/matmul_tiled.cu 2> /dev/null
[ $? -eq 2 ] && pass || fail "--frontend-timeout=0: exit 2"

# ---- fuzz --frontend: the generated cases through the front end ----
fuzz() {
    local mode=$1
    shift
    timeout 300 "$mapkit" fuzz --seed 3 --count 12 --no-shrink --out "$tmp/f-$mode" --frontend "$tool $mode {}" "$@" \
        > "$tmp/f-$mode.out" 2> "$tmp/f-$mode.err"
    status=$?
}
kernels() { grep -o '"category":"[a-z -]*"' "$tmp/f-$1/manifest.jsonl" | grep -c "\"$2\""; }
fuzz honest
n=$(grep -o '"frontend":{' "$tmp/f-honest/manifest.jsonl" | wc -l)
cases=$(wc -l < "$tmp/f-honest/manifest.jsonl")
[ "$status" -eq 0 ] && [ "$cases" -ge 12 ] && [ "$n" -eq "$cases" ] && pass ||
    fail "fuzz, honest front end: exit $status, $n of $cases cases judged: $(tail -c 300 "$tmp/f-honest.out")"
all=$(grep -o '"category":"' "$tmp/f-honest/manifest.jsonl" | wc -l)
[ "$(kernels honest agree)" -eq "$all" ] && [ "$all" -ge 12 ] && pass ||
    fail "fuzz, honest front end: $(kernels honest agree) of $all kernels agree with the label"
grep -q "0 case(s) with findings; kernels: agree $all," "$tmp/f-honest.out" && pass ||
    fail "fuzz, honest front end: summary $(tail -n 1 "$tmp/f-honest.out")"

# Dropped accesses hide races (never invent one).
fuzz drop -j 2
[ "$status" -eq 1 ] && [ "$(kernels drop missed-race)" -ge 1 ] && [ "$(kernels drop false-alarm)" -eq 0 ] && pass ||
    fail "fuzz, dropping front end: exit $status, missed races $(kernels drop missed-race)"
grep -q 'front end: kernel k0: missed-race (label racy, its protocol drf)$' "$tmp/f-drop.err" && pass ||
    fail "fuzz, dropping front end: no finding on stderr: $(head -c 300 "$tmp/f-drop.err")"
cp "$tmp/f-drop/manifest.jsonl" "$tmp/drop-j2.jsonl"
fuzz drop
cmp -s "$tmp/f-drop/manifest.jsonl" "$tmp/drop-j2.jsonl" && pass || fail "fuzz --frontend: -j 1 and -j 2 differ"

# Shrinking: the smallest protocol whose case the front end still gets
# wrong alike (s3-00001 is a missed race: a read and a write are enough).
timeout 300 "$mapkit" fuzz --seed 3 --count 2 --out "$tmp/f-shrink" --frontend "$tool drop {}" \
    > "$tmp/f-shrink.out" 2> "$tmp/f-shrink.err"
min=$tmp/f-shrink/frontend/s3-00001.min
if [[ $(grep -o '"shrunk":{[^}]*}' "$tmp/f-shrink/manifest.jsonl" | head -n 1) =~ \"stmts\":\[([0-9]+),([0-9]+)\] ]] &&
    [ "${BASH_REMATCH[2]}" -le 3 ] && [ "${BASH_REMATCH[1]}" -gt "${BASH_REMATCH[2]}" ]; then
    pass
else
    fail "fuzz --frontend shrinking: $(grep -o '"frontend":.*' "$tmp/f-shrink/manifest.jsonl" | head -c 400)"
fi
[ -s "$min.proto" ] && [ -s "$min.cu" ] && grep -q '^// front end: kernel k0: missed-race (label racy)$' "$min.proto" &&
    grep -q '^// from: mapkit fuzz --seed 3, protocol 1$' "$min.proto" && pass ||
    fail "fuzz --frontend reproducer: $(head -c 300 "$min.proto")"
# the reproducer reproduces: racy, and the front end's protocol of its CUDA is not
"$mapkit" check $(sed -n 's|^// args: \(.*\) --values.*|\1|p' "$min.proto") "$min.proto" > /dev/null 2>&1
s1=$?
"$tool" drop "$min.cu" > "$tmp/min-fe.proto" && "$mapkit" check $(sed -n 's|^// args: \(.*\) --values.*|\1|p' "$min.proto") \
    "$tmp/min-fe.proto" > /dev/null 2>&1
s2=$?
[ "$s1" -eq 1 ] && [ "$s2" -eq 0 ] && pass || fail "the reproducer: check exit $s1 (want 1), its front end's protocol $s2 (want 0)"
grep -q "front end: shrunk from [0-9]* to [0-9]* statements in [0-9]* tries: .*s3-00001.min.proto" "$tmp/f-shrink.err" && pass ||
    fail "fuzz --frontend shrinking on stderr: $(head -c 300 "$tmp/f-shrink.err")"

fuzz crash --count 3
[ "$status" -eq 1 ] && [ "$(kernels crash tool-error)" -ge 3 ] &&
    [ "$(wc -l < "$tmp/f-crash/manifest.jsonl")" -ge 3 ] && pass ||
    fail "fuzz, crashing front end: exit $status, $(tail -n 1 "$tmp/f-crash.out")"
grep -q '"failure":"crashed","message":"the front end crashed (signal 11' "$tmp/f-crash/manifest.jsonl" && pass ||
    fail "fuzz, crashing front end: no failure in the manifest: $(head -c 500 "$tmp/f-crash/manifest.jsonl")"
fuzz hang --count 2 --frontend-timeout 500
[ "$status" -eq 1 ] && [ "$(kernels hang timeout)" -ge 2 ] && pass ||
    fail "fuzz, hanging front end: exit $status, $(tail -n 1 "$tmp/f-hang.out")"
# With --against too: both tools on the same cases, the front end's
# answers at the end of each line of results.jsonl and in the summary.
timeout 300 "$mapkit" fuzz --seed 3 --count 3 --no-shrink --out "$tmp/f-both" --against "$mapkit check {}" \
    --against-on proto --frontend "$tool drop {}" > "$tmp/f-both.out" 2> "$tmp/f-both.err"
status=$?
n=$(grep -c '"category":"[a-z-]*","frontend":{"kernels":\[' "$tmp/f-both/results.jsonl")
[ "$status" -eq 1 ] && [ "$n" -ge 3 ] && [ "$n" -eq "$(grep -c '"label"' "$tmp/f-both/results.jsonl")" ] && pass ||
    fail "fuzz --against --frontend: exit $status, $n lines with both: $(head -c 400 "$tmp/f-both/results.jsonl")"
grep -q "front end '$tool drop {}' on the same cases, kernels: agree [0-9]*, false alarm 0, missed race [1-9]" \
    "$tmp/f-both.out" && grep -Eq '^  agree +[1-9]' "$tmp/f-both.out" && pass ||
    fail "fuzz --against --frontend: the summary: $(cat "$tmp/f-both.out")"

"$mapkit" fuzz --check --count 1 --frontend "$tool honest {}" 2> /dev/null > /dev/null
[ $? -eq 2 ] && pass || fail "fuzz --check --frontend: exit 2"

count_sanitizer_failures "$tmp"
echo "fixpoint-frontend: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
