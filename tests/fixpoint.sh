#!/usr/bin/env bash
# tests/fixpoint.sh BUILD_DIR: the fixed-point harness (mapkit fixpoint,
# [VST]).  Unit tests of the comparison, then the command on a few
# kernels of corpus/cuda: classes, JSON lines, --keep, --results/--resume,
# --shard, the SVG, an input error, and nvcc on the generated code.
# Last line: "fixpoint: N passed, M failed".
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
mapkit="$root/$build/bin/mapkit"
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL fixpoint: %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
mapkit=$(sanitizer_guard "$mapkit" "$tmp")

out=$("$build/bin/test_fixpoint" 2>&1)
status=$?
sanitizer_exit "$status" && fail "test_fixpoint: a sanitizer's exit code ($status)"
printf '%s\n' "$out" | grep '^FAIL' || true
if [[ $(printf '%s\n' "$out" | tail -n 1) =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
    passed=$((passed + BASH_REMATCH[1])); failed=$((failed + BASH_REMATCH[2]))
else
    fail "test_fixpoint printed no counts"
fi

# Five kernels that round-trip exactly today; a change that breaks one of
# them is a regression of inference or generation.
set_a=(corpus/cuda/matmul_tiled.cu corpus/cuda/reduce_sequential.cu corpus/cuda/transpose_tiled.cu
       corpus/cuda/histogram_shared_atomic.cu corpus/cuda/stencil1d_halo.cu)
for f in "${set_a[@]}"; do [ -f "$f" ] || fail "missing corpus file $f"; done

"$mapkit" fixpoint --no-nvcc -j 2 --format=json --timeout=5000 --results "$tmp/r.jsonl" \
    --keep "$tmp/keep" --svg "$tmp/c.svg" "${set_a[@]}" > "$tmp/json" 2> "$tmp/err"
status=$?
[ "$status" -eq 0 ] && pass || fail "five round-tripping kernels: exit $status ($(head -c 300 "$tmp/err"))"
[ "$(wc -l < "$tmp/json")" -eq 5 ] && pass || fail "one JSON line per kernel: $(wc -l < "$tmp/json")"
[ "$(grep -c '"class":"fixed"' "$tmp/json")" -eq 5 ] && pass || fail "all five fixed"
[ "$(grep -c '"consistent":true' "$tmp/json")" -eq 5 ] && pass || fail "verdicts consistent"
grep -q '"verdicts":{"k0":"drf","p1":"drf","p2":"drf"}' "$tmp/json" && pass || fail "verdicts reported"

[ "$(sort "$tmp/json")" = "$(sort "$tmp/r.jsonl")" ] && pass || fail "--results holds the same lines"
for x in P1.proto K1.cu P2.proto K2.cu P3.proto; do
    [ -s "$tmp/keep/matmul_tiled.cu/$x" ] && pass || fail "--keep: no $x"
done
grep -q '^kernel matmulTiled' "$tmp/keep/matmul_tiled.cu/P1.proto" && pass || fail "--keep: P1 is the protocol"
grep -q '__global__' "$tmp/keep/matmul_tiled.cu/K1.cu" && pass || fail "--keep: K1 is CUDA"
grep -q '<svg' "$tmp/c.svg" && grep -q '>fixed<' "$tmp/c.svg" && pass || fail "--svg writes a chart"

# --resume: the first two files are done; the run adds the other three.
head -n 2 "$tmp/r.jsonl" > "$tmp/part.jsonl"
"$mapkit" fixpoint --no-nvcc --timeout=5000 --results "$tmp/part.jsonl" --resume "${set_a[@]}" > "$tmp/t" 2>&1
[ "$(wc -l < "$tmp/part.jsonl")" -eq 5 ] && pass || fail "--resume: $(wc -l < "$tmp/part.jsonl") lines, want 5"
[ "$(grep -c ': fixed$' "$tmp/t")" -eq 3 ] && pass || fail "--resume ran only the three missing files"

# --shard: the parts are disjoint and together cover every file.
for k in 1 2; do
    "$mapkit" fixpoint --no-nvcc --format=json --shard $k/2 "${set_a[@]}" 2> /dev/null |
        grep -o '"file":"[^"]*"' > "$tmp/shard$k"
done
[ "$(cat "$tmp/shard1" "$tmp/shard2" | sort -u | wc -l)" -eq 5 ] &&
    [ -z "$(comm -12 <(sort "$tmp/shard1") <(sort "$tmp/shard2"))" ] && pass || fail "--shard 1/2 + 2/2"

# Text output: one line per kernel and the summary table.
"$mapkit" fixpoint --no-nvcc corpus/cuda/matmul_tiled.cu > "$tmp/text" 2>&1
grep -q '^corpus/cuda/matmul_tiled.cu: matmulTiled: fixed$' "$tmp/text" && grep -q 'checker inconsistencies: 0' "$tmp/text" &&
    pass || fail "text output"

# A file that is not C++ at all is an error of stage "infer K0", not a
# crash, and, with nothing to check in it, an input error: exit 2 (docs/checker.md).
printf '__global__ void k( {{{ \n' > "$tmp/broken.cu"
"$mapkit" fixpoint --no-nvcc --format=json "$tmp/broken.cu" > "$tmp/b" 2> /dev/null
status=$?
[ "$status" -eq 2 ] && grep -q '"class":"error","stage":"infer K0".*"consistent":true' "$tmp/b" && pass ||
    fail "broken input: exit $status, $(head -c 200 "$tmp/b")"
"$mapkit" fixpoint 2> /dev/null; [ $? -eq 2 ] && pass || fail "no files: exit 2"
"$mapkit" fixpoint --resume corpus/cuda/matmul_tiled.cu 2> /dev/null; [ $? -eq 2 ] && pass || fail "--resume without --results: exit 2"
"$mapkit" fixpoint --shard 3/2 corpus/cuda/matmul_tiled.cu 2> /dev/null; [ $? -eq 2 ] && pass || fail "bad --shard: exit 2"

# nvcc compiles every generated file on the way (when the machine has it).
if [ -x /usr/local/cuda/bin/nvcc ] || command -v nvcc > /dev/null; then
    "$mapkit" fixpoint --steps 1 corpus/cuda/reduce_sequential.cu > "$tmp/n" 2>&1 && grep -q ': fixed$' "$tmp/n" &&
        pass || fail "with nvcc: $(head -c 300 "$tmp/n")"
else
    echo "SKIP fixpoint with nvcc: no nvcc here"
fi

# Proto-first round trips: infer(gen(P)) must give every kernel of
# tests/codegen/roundtrip/*.proto back exactly (reproducers of
# `mapkit fuzz --check` frontend disagreements; tests/codegen.sh compiles
# them with nvcc).
for f in tests/codegen/roundtrip/*.proto; do
    "$mapkit" fixpoint --no-nvcc --format=json --timeout=5000 "$f" > "$tmp/rt" 2> /dev/null
    n=$(grep -c '"kernel"' "$tmp/rt")
    if [ "$n" -gt 0 ] && [ "$(grep -c '"class":"fixed"' "$tmp/rt")" -eq "$n" ]; then
        pass
    else
        fail "proto-first round trip of $f: $(grep -v '"class":"fixed"' "$tmp/rt" | head -c 400)"
    fi
done

# The whole CUDA corpus at step 2 (docs/fuzz.md): no error, no checker
# inconsistency, and at least 95% of the kernels fixed.  The sanitizer
# build (FIXPOINT_CORPUS=0) keeps to the five files above: it is there for
# memory errors, and this part would add minutes.
if [ "${FIXPOINT_CORPUS:-1}" = 0 ]; then
    echo "fixpoint: corpus/cuda round trips skipped (FIXPOINT_CORPUS=0)"
    count_sanitizer_failures "$tmp"
    echo "fixpoint: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
fi
# the files, not the folder: fixpoint searches folders, and corpus/cuda/silent
# (tests/silent_corpus.sh) holds kernels of constructs the front end may not follow
"$mapkit" fixpoint --no-nvcc -j 2 --format=json --timeout=10000 corpus/cuda/*.cu > "$tmp/all" 2> /dev/null
total=$(grep -c '"kernel"' "$tmp/all")
fixed=$(grep -c '"class":"fixed"' "$tmp/all")
[ "$total" -ge 100 ] && pass || fail "corpus/cuda: $total kernels, want 100"
[ "$(grep -c '"class":"error"' "$tmp/all")" -eq 0 ] && pass ||
    fail "corpus/cuda: errors: $(grep '"class":"error"' "$tmp/all" | head -3)"
[ "$(grep -c '"consistent":false' "$tmp/all")" -eq 0 ] && pass ||
    fail "corpus/cuda: checker inconsistencies: $(grep '"consistent":false' "$tmp/all" | head -3)"
[ $((100 * fixed)) -ge $((95 * total)) ] && pass || fail "corpus/cuda: $fixed of $total fixed, want 95%"
echo "fixpoint: corpus/cuda: $fixed of $total kernels fixed"

count_sanitizer_failures "$tmp"
echo "fixpoint: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
