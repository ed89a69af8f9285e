#!/usr/bin/env bash
# The host-side corpus (corpus/host/, docs/inference.md): whole .cu programs, host
# code included, checked with no options at all.
#   labels     each program's `// expect:` line: KERNEL=STATUS per verdict, in
#              the order `mapkit check` reports them (one per kernel and
#              distinct launch site)
#   assumes    the text report states the `// assumes:` fact
#   no-host    `--no-host` gives the `// no-host:` line (what the launch adds)
#   precedence the command line and a GPUVerify header override the host
#   compdb     the project folder's compile_commands.json is found, and
#              --compdb DIR names it; without it the kernel's TILE is missing
#   compile    every program compiles with nvcc -arch=sm_75 -rdc=true -c
#              (SKIP without nvcc)
#
#   tests/host_corpus.sh [BUILD_DIR]
#
# Prints a FAIL line per failure and ends with "host-corpus: N passed, M failed".
set -u
shopt -s nullglob
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL host %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$root/$build/bin/mapkit" "$tmp/mapkit" || exit 2
. tests/lib.sh
mapkit=$(sanitizer_guard "$tmp/mapkit" "$tmp")
dir=corpus/host
project=$dir/host_compdb_project
programs=("$dir"/*.cu "$project"/src/*.cu)

# KERNEL=STATUS of each JSON object, in order, on one line.
statuses() {
    sed -n 's/^{"kernel":"\([A-Za-z_0-9]*\)".*"status":"\([a-z]*\)".*/\1=\2/p' | tr '\n' ' ' | sed 's/ $//'
}
header() { # header FILE WORD: the rest of the line `// WORD: ...`
    sed -n "s|^// $2: *||p" "$1" | head -n 1
}

echo "-- labels, assumptions, --no-host"
[ "${#programs[@]}" -ge 15 ] && pass || fail "only ${#programs[@]} programs (want at least 15)"
for f in "${programs[@]}"; do
    name=$(basename "$f")
    want=$(header "$f" expect)
    assumes=$(header "$f" assumes)
    nohost=$(header "$f" no-host)
    if [ -z "$want" ] || [ -z "$(header "$f" why)" ] || [ -z "$assumes" ] || [ -z "$nohost" ]; then
        fail "$name: the header needs // expect:, // why:, // assumes: and // no-host: lines"
        continue
    fi
    got=$("$mapkit" check --format=json "$f" 2> "$tmp/err" | statuses)
    [ "$got" = "$want" ] && pass || fail "$name: mapkit says '$got', the label says '$want'"
    "$mapkit" check "$f" > "$tmp/out" 2>&1
    grep -qF -- "$assumes" "$tmp/out" && pass || fail "$name: the report does not state '$assumes'"
    got=$("$mapkit" check --no-host --format=json "$f" 2> /dev/null | statuses)
    [ "$got" = "$nohost" ] && pass || fail "$name --no-host: mapkit says '$got', want '$nohost'"
    grep -qF -- "$assumes" <("$mapkit" check --no-host "$f" 2>&1) &&
        fail "$name --no-host: still states '$assumes'" || pass
done

echo "-- reports: per site, JSON and SARIF"
f=$dir/host_stencil_two_sites.cu
"$mapkit" check "$f" > "$tmp/out" 2>&1
[ "$(grep -c 'kernel stencil_1d: .* (launch at .*host_stencil_two_sites.cu:' "$tmp/out")" = 2 ] && pass ||
    fail "two launch sites: want a verdict line naming each site"
"$mapkit" check --format=json "$dir/host_vector_add_argv.cu" > "$tmp/out" 2> /dev/null
grep -q '"assumptions":\[{"fact":"blockDim = (256,1,1)","source":"host","loc":"[^"]*host_vector_add_argv.cu:[0-9]*:[0-9]*"}' "$tmp/out" &&
    pass || fail "JSON: no assumptions entry for the block size"
grep -q '{"fact":"gridDim.x \* 256 >= n","source":"host"' "$tmp/out" && pass || fail "JSON: no relation fact"
"$mapkit" check --format=sarif "$dir/host_launch_bounds.cu" > "$tmp/out" 2> /dev/null
grep -q '"ruleId": "assumptions", "level": "note", "message": {"text": "kernel fill_ids assumes: blockDim.y = 1, blockDim.z = 1, gridDim.y = 1, gridDim.z = 1 from the launch at [^;]*; blockDim.x \* blockDim.y \* blockDim.z <= 256 from __launch_bounds__' "$tmp/out" &&
    pass || fail "SARIF: no assumptions note"

echo "-- sizes known on some axes: an integer or dim3(x) block fixes y and z"
"$mapkit" check --format=json "$dir/host_block_from_device.cu" > "$tmp/out" 2> /dev/null
grep -q '{"fact":"blockDim.y = 1, blockDim.z = 1","source":"host","loc":"[^"]*host_block_from_device.cu:35:5"},{"fact":"gridDim.z = 1","source":"host"' "$tmp/out" &&
    pass || fail "JSON: the block's known axes are not one host fact"
"$mapkit" check -b 64,2 "$dir/host_block_from_device.cu" > "$tmp/out" 2>&1
[ $? = 1 ] && grep -q 'blockDim = (64,2,1) from the command line' "$tmp/out" && ! grep -q 'blockDim.y = 1' "$tmp/out" &&
    pass || fail "-b 64,2 overrides the launch's blockDim.y = 1"
printf '__global__ void rows(int *a)\n{\n    __requires(blockDim.y == 2);\n    a[threadIdx.x] = 0;\n}\nint main(int c, char **v)\n{\n    int *a;\n    rows<<<4, c>>>(a);\n    return 0;\n}\n' > "$tmp/two_rows.cu"
"$mapkit" check "$tmp/two_rows.cu" > "$tmp/out" 2>&1
[ $? = 2 ] && grep -q 'note: from the launch at .*two_rows.cu:9:5: blockDim.y = 1, blockDim.z = 1' "$tmp/out" &&
    pass || fail "a precondition blockDim.y == 2 against a 1-D launch: want the contradiction, naming the launch's axes"

echo "-- precedence: command line > GPUVerify header > host"
f=$dir/host_stencil_halo.cu
"$mapkit" check -b 256 "$f" > "$tmp/out" 2>&1
status=$?
[ "$status" = 1 ] && grep -q 'blockDim = (256,1,1) from the command line' "$tmp/out" && pass ||
    fail "-b 256 overrides the launch's 128 (exit $status)"
{ printf '//xfail:NOT_ALL_VERIFIED\n//--blockDim=256 --gridDim=4\n'; cat "$f"; } > "$tmp/with_header.cu"
"$mapkit" check "$tmp/with_header.cu" > "$tmp/out" 2>&1
status=$?
[ "$status" = 1 ] && grep -q 'blockDim = (256,1,1) from the GPUVerify header' "$tmp/out" && pass ||
    fail "the GPUVerify header overrides the launch (exit $status)"
"$mapkit" check -b 128 "$tmp/with_header.cu" > "$tmp/out" 2>&1
[ $? = 0 ] && pass || fail "-b 128 overrides the GPUVerify header"
"$mapkit" check -p n=100 --format=json "$dir/host_vector_add_argv.cu" > "$tmp/out" 2> /dev/null
grep -q '"fact":"n = 100","source":"command-line"' "$tmp/out" && ! grep -q 'gridDim.x \* 256 >= n' "$tmp/out" &&
    pass || fail "-p n=100 replaces the launch's relation on n"

echo "-- in-bounds accesses: the launch bound they imply is an assumption; witnesses stay in bounds"
"$mapkit" check --no-host "$dir/host_launch_kernel_api.cu" > "$tmp/out" 2>&1
[ $? = 0 ] && grep -q 'assumes: blockDim.x <= 128 from in-bounds accesses at .*host_launch_kernel_api.cu:13:5' "$tmp/out" &&
    pass || fail "--no-host: the in-bounds bound blockDim.x <= 128 is not stated"
printf 'shared int tile[16];\nglobal int out[];\nwr tile[threadIdx.x];\nsync;\nwr out[blockIdx.x * 16 + threadIdx.x];\n' > "$tmp/tile.proto"
"$mapkit" check --format=json "$tmp/tile.proto" > "$tmp/out" 2>&1
grep -q '"status":"drf".*{"fact":"blockDim.x <= 16","source":"array-bounds","loc":"[^"]*tile.proto:3:1"}' "$tmp/out" &&
    pass || fail "tile[16] indexed by threadIdx.x: want DRF assuming blockDim.x <= 16"
"$mapkit" check -b 32 "$tmp/tile.proto" > "$tmp/out" 2>&1
[ $? = 1 ] && ! grep -q 'in-bounds' "$tmp/out" && pass || fail "-b 32: the given block replaces the in-bounds bound"
printf 'shared int A[4];\nwr A[threadIdx.x];\nwr A[threadIdx.x + 4];\n' > "$tmp/oob.proto"
"$mapkit" check -b 8 "$tmp/oob.proto" > "$tmp/out" 2>&1
[ $? = 0 ] && pass || fail "a race only out of bounds (A[4] of a 4-cell array) is no witness"
printf 'shared int A[8];\nwr A[threadIdx.x];\nwr A[threadIdx.x + 4];\n' > "$tmp/inb.proto"
"$mapkit" check -b 8 "$tmp/inb.proto" > "$tmp/out" 2>&1
[ $? = 1 ] && grep -q 'race on A\[[4-7]\]' "$tmp/out" && pass || fail "an in-bounds race is still found"

echo "-- gen: the host launch gives the default sizes"
"$mapkit" gen --gv-header "$dir/host_vector_add_argv.cu" > "$tmp/out" 2> "$tmp/err"
[ "$(sed -n 2p "$tmp/out")" = "//--blockDim=[256] --gridDim=[2]" ] && pass ||
    fail "gen: the launch's 256 threads are not the generated block size ($(sed -n 2p "$tmp/out"))"
"$mapkit" gen --no-host --gv-header "$dir/host_vector_add_argv.cu" > "$tmp/out" 2> "$tmp/err"
[ "$(sed -n 2p "$tmp/out")" = "//--blockDim=[32] --gridDim=[2]" ] && pass || fail "gen --no-host: want the default sizes"
"$mapkit" gen -b 64 --gv-header "$dir/host_vector_add_argv.cu" > "$tmp/out" 2> "$tmp/err"
[ "$(sed -n 2p "$tmp/out")" = "//--blockDim=[64] --gridDim=[2]" ] && pass || fail "gen -b 64: the command line wins"
"$mapkit" gen --gv-header "$dir/host_stencil_two_sites.cu" > "$tmp/out" 2> "$tmp/err"
[ "$(sed -n 2p "$tmp/out")" = "//--blockDim=[32] --gridDim=[2]" ] &&
    grep -q 'note: the host code launches stencil_1d twice with different sizes' "$tmp/err" && pass ||
    fail "gen: two different launch sites should give the defaults and a note"

echo "-- compile_commands.json"
main=$project/src/host_compdb_main.cu
(cd /tmp && "$mapkit" check "$root/$main" > "$tmp/out" 2>&1)
[ $? = 0 ] && pass || fail "compdb: found above the file from another directory"
"$mapkit" check --compdb "$project" "$main" > "$tmp/out" 2>&1
[ $? = 0 ] && pass || fail "--compdb DIR"
mkdir -p "$tmp/bare"
cp -r "$project/src" "$project/include" "$tmp/bare/"
"$mapkit" check "$tmp/bare/src/host_compdb_main.cu" > "$tmp/out" 2>&1
[ $? != 0 ] && pass || fail "compdb: without the database the kernel's TILE is unknown, yet the check passed"
printf '[{"directory": ".", "file": ' > "$tmp/bare/compile_commands.json"
"$mapkit" check "$tmp/bare/src/host_compdb_main.cu" > "$tmp/out" 2>&1
[ $? = 2 ] && grep -q 'not the JSON array' "$tmp/out" && pass || fail "compdb: a broken database is an input error"
"$mapkit" check --compdb "$tmp/none" "$main" > "$tmp/out" 2>&1
[ $? = 2 ] && pass || fail "--compdb names a folder without a database: exit 2"

echo "-- compile with nvcc"
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
command -v "$nvcc" > /dev/null || nvcc=$(command -v nvcc || true)
if [ -z "$nvcc" ]; then
    echo "SKIP nvcc not found: the programs were not compiled"
else
    for f in "$dir"/*.cu; do
        "$nvcc" -arch=sm_75 -rdc=true -c "$f" -o "$tmp/x.o" 2> "$tmp/nvcc.err" && pass ||
            { fail "$f does not compile"; head -n 5 "$tmp/nvcc.err"; }
    done
    flags=$(grep -o '"-[DI][^"]*"' "$project/compile_commands.json" | tr -d '"' | tr '\n' ' ')
    # shellcheck disable=SC2086 # the database's flags are words
    (cd "$project" && "$nvcc" -arch=sm_75 -rdc=true $flags -c src/host_compdb_main.cu -o "$tmp/x.o" 2> "$tmp/nvcc.err") &&
        pass || { fail "$main does not compile with its database's flags"; head -n 5 "$tmp/nvcc.err"; }
fi

count_sanitizer_failures "$tmp"
echo "host-corpus: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
