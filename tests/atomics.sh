#!/usr/bin/env bash
# Atomics (docs/language.md): the protocol forms `local t = ticket(c, k);` and
# `atomic block A[i];` (docs/language.md 3.4), their errors, the report of
# a scoped race, both engines and `mapkit run` on tickets whose counter is
# not moved one way only, and gen's CUDA for them.  The corpora carry the
# rest: corpus/proto/atom_*.proto (check, run, round trips, gen + nvcc),
# corpus/cuda/atom_*.cu and tests/infer/atom_*.cu (the front end).
#
#   tests/atomics.sh [BUILD_DIR]
#
# Prints a FAIL line per failure and ends with "atomics: N passed, M failed".
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
mapkit=$(sanitizer_guard "$root/$build/bin/mapkit" "$tmp")
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL atomics %s\n' "$*"; }

# expect_error NAME TEXT PROTO: exit 2 and TEXT in the diagnostics
expect_error() {
    printf '%s\n' "$3" > "$tmp/$1.proto"
    "$mapkit" check "$tmp/$1.proto" > "$tmp/out" 2>&1
    local status=$?
    if [ "$status" -eq 2 ] && grep -qF "$2" "$tmp/out"; then pass; else
        fail "$1: want exit 2 and '$2', got $status: $(head -c 300 "$tmp/out")"; fi
}

echo "-- syntax"
expect_error bad_word "expected 'ticket' or an expression" 'global int c; local t = tiket(c, 1);'
expect_error scoped_read "only an atomic has a scope" 'global int c; rd block c;'
expect_error bad_scope "expected a scope ('block', 'device' or 'system') or a memory order ('relaxed', 'consume', 'acquire', 'release', 'acq_rel' or 'seq_cst'), at most one of each, not 'warp'" 'global int c; atomic warp c;'
expect_error two_orders "at most one of each, not 'acquire'" 'global int c; atomic relaxed acquire c;'
expect_error two_scopes "at most one of each, not 'system'" 'global int c; local t = ticket block system(c, 1);'
expect_error ordered_read "only an atomic has a scope or a memory order" 'global int c; rd relaxed c;'
expect_error bool_amount "a ticket's amount must be an integer" 'global int c; local t = ticket(c, 1 < 2);'
expect_error ticket_twice "" 'global int c; local t = ticket(c, 1); local t = ticket(c, 1);'
expect_error ticket_dims "" 'global int c[]; local t = ticket(c, 1);'
printf 'kernel k {\n    global int c[];\n    uniform k;\n\n    local t = ticket block(c[blockIdx.x], -k);\n    atomic system c[t];\n    atomic device c[0];\n}\n' > "$tmp/fmt.proto"
"$mapkit" fmt "$tmp/fmt.proto" > "$tmp/fmt.out" 2>&1
grep -qF 'local t = ticket block(c[blockIdx.x], -k);' "$tmp/fmt.out" && grep -qF 'atomic system c[t];' "$tmp/fmt.out" &&
    grep -qF '    atomic c[0];' "$tmp/fmt.out" && pass || fail "fmt: $(cat "$tmp/fmt.out")"

echo "-- tickets whose counter is not moved one way only"
cat > "$tmp/mixed.proto" << 'PROTO'
kernel mixed_directions {
    global int wl[];
    global unsigned int n;
    if (threadIdx.x % 2 == 0) {
        local t = ticket(n, 1);
        wr wl[t];
    } else {
        local u = ticket(n, -1);
        wr wl[u];
    }
}
kernel other_atomic {
    global int wl[];
    global unsigned int n;
    local t = ticket(n, 1);
    wr wl[t];
    atomic n;
}
kernel unknown_sign {
    global int wl[];
    global unsigned int n;
    uniform a, b;
    local t = ticket(n, a - b);
    wr wl[t];
}
kernel one_way {
    global int wl[];
    global unsigned int n;
    uniform a;
    local t = ticket(n, a * 2 + 1);
    local u = ticket(n, 3);
    wr wl[t];
    wr wl[u + 2];
}
PROTO
for engine in interval align; do
    out=$("$mapkit" check --engine=$engine --format=json "$tmp/mixed.proto" 2> /dev/null)
    for k in mixed_directions other_atomic unknown_sign; do
        grep -q "\"kernel\":\"$k\".*\"status\":\"racy\"" <<< "$out" && pass || fail "$engine: $k is racy"
    done
    grep -q '"kernel":"one_way".*"status":"drf"' <<< "$out" && pass || fail "$engine: one_way is drf"
done
"$mapkit" check --kernel other_atomic "$tmp/mixed.proto" > /dev/null 2> "$tmp/err"
grep -qF "warning: the slots drawn from 'n' are not taken as distinct" "$tmp/err" &&
    grep -qF "note: 'n' is also updated by an atomic that is no ticket here" "$tmp/err" && pass ||
    fail "warning for other_atomic: $(cat "$tmp/err")"
"$mapkit" check --kernel unknown_sign "$tmp/mixed.proto" > /dev/null 2> "$tmp/err"
grep -qF "note: this ticket's amount has no known sign" "$tmp/err" && pass || fail "warning for unknown_sign: $(cat "$tmp/err")"
"$mapkit" check --kernel one_way "$tmp/mixed.proto" > /dev/null 2> "$tmp/err"
[ ! -s "$tmp/err" ] && pass || fail "one_way warns: $(cat "$tmp/err")"
out=$("$mapkit" run -b 4 -g 2 -p a=1 -p b=0 --format=json "$tmp/mixed.proto" 2> /dev/null)
grep -q '"kernel":"one_way".*"status":"drf"' <<< "$out" && pass || fail "run: one_way is drf: $out"
grep -q '"kernel":"mixed_directions".*"status":"racy"' <<< "$out" && pass || fail "run: mixed_directions is racy"

echo "-- scoped races in the report"
printf 'global unsigned int n;\nif (blockIdx.x == 0) { atomic block n; } else { atomic n; }\n' > "$tmp/scope.proto"
"$mapkit" check "$tmp/scope.proto" > "$tmp/out" 2>&1
[ $? -eq 1 ] && grep -qF "this atomic is block-scoped" "$tmp/out" && pass || fail "text: $(cat "$tmp/out")"
out=$("$mapkit" check --format=json "$tmp/scope.proto" 2> /dev/null)
grep -qF '"scope":"block"' <<< "$out" && grep -qF '"scope":"device"' <<< "$out" && pass || fail "json: $out"

echo "-- gen"
"$mapkit" gen -o "$tmp/t.cu" corpus/proto/atom_tickets.proto 2> "$tmp/err" && pass || fail "gen: $(cat "$tmp/err")"
grep -q 'int t __attribute__((unused)) = atomicAdd(n, 1);' "$tmp/t.cu" && grep -q 'int t __attribute__((unused)) = atomicSub(top, 1);' "$tmp/t.cu" && pass ||
    fail "gen: tickets as atomicAdd / atomicSub"
"$mapkit" gen -o "$tmp/s.cu" corpus/proto/atom_scopes.proto 2> "$tmp/err"
grep -q 'atomicAdd_block(' "$tmp/s.cu" && grep -q 'atomicAdd_system(' "$tmp/s.cu" && pass || fail "gen: scoped atomics"
out=$("$mapkit" fixpoint --no-nvcc corpus/proto/atom_tickets.proto corpus/proto/atom_scopes.proto \
      corpus/proto/atom_block_queue.proto 2>&1)
[ "$(grep -c ': fixed$' <<< "$out")" -eq 20 ] && pass || fail "fixpoint: $(grep -v ': fixed$' <<< "$out" | head -5)"

echo "-- libcu++ is known where its header is included"
body='__global__ void k(cuda::atomic<int> *a, int *w) { w[a->fetch_add(1)] = 0; }'
printf '#include <cuda/atomic>\n%s\n' "$body" > "$tmp/inc.cu"
"$mapkit" infer "$tmp/inc.cu" > "$tmp/out" 2>&1 && grep -q 'local slot = ticket system seq_cst(a\[0\], 1);' "$tmp/out" && pass ||
    fail "with <cuda/atomic>: $(cat "$tmp/out")"
printf '%s\n' "$body" > "$tmp/noinc.cu"
"$mapkit" infer "$tmp/noinc.cu" > "$tmp/out" 2>&1
[ $? -eq 2 ] && pass || fail "without <cuda/atomic> the kernel does not parse: $(head -c 300 "$tmp/out")"

echo "-- memory orders (docs/language.md 3.7): recorded, printed, generated, read back"
printf 'global int A[];\natomic acq_rel block A[0];\nlocal t = ticket relaxed system(A[1], 2);\n' > "$tmp/ord.proto"
"$mapkit" fmt "$tmp/ord.proto" > "$tmp/out" 2>&1 && grep -qF 'atomic block acq_rel A[0];' "$tmp/out" &&
    grep -qF 'local t = ticket system relaxed(A[1], 2);' "$tmp/out" && pass || fail "fmt: $(cat "$tmp/out")"
"$mapkit" gen -o "$tmp/ord.cu" corpus/proto/loop_atomic_orders.proto 2> "$tmp/err" &&
    grep -qF '#include <cuda/atomic>' "$tmp/ord.cu" &&
    grep -qF '(*&hist[threadIdx.x % 4]).fetch_add(__dummyhist_w(), cuda::memory_order_relaxed);' "$tmp/ord.cu" &&
    grep -qF 'cuda::atomic_ref<int, cuda::thread_scope_system>(*flag).fetch_add(__dummyflag_w(), cuda::memory_order_release);' "$tmp/ord.cu" &&
    pass || fail "gen: ordered atomics as cuda::atomic_ref: $(cat "$tmp/err") $(grep -n atomic_ref "$tmp/ord.cu")"
"$mapkit" infer "$tmp/ord.cu" > "$tmp/ord2.proto" 2> "$tmp/err"
"$mapkit" fmt corpus/proto/loop_atomic_orders.proto 2> /dev/null | grep -v '^//' | sed '/./,$!d' > "$tmp/ord1.proto"
cmp -s "$tmp/ord1.proto" "$tmp/ord2.proto" && pass || fail "gen -> infer: $(diff "$tmp/ord1.proto" "$tmp/ord2.proto" | head -5)"
body='__global__ void k(cuda::atomic<int, cuda::thread_scope_device> *f, int *w) { int v = f->load(cuda::memory_order_acquire); f->store(v + 1, cuda::std::memory_order_release); f->fetch_or(1); w[f->exchange(0, cuda::memory_order_acq_rel)] = 1; }'
printf '#include <cuda/atomic>\n%s\n' "$body" > "$tmp/ordinf.cu"
"$mapkit" infer "$tmp/ordinf.cu" > "$tmp/out" 2>&1
for want in 'atomic acquire f[0];' 'atomic release f[0];' 'atomic seq_cst f[0];' 'atomic acq_rel f[0];'; do
    grep -qF "$want" "$tmp/out" && pass || fail "infer: '$want' in $(cat "$tmp/out")"
done
# an order changes no verdict: the file's labels, with and without the orders
"$mapkit" check corpus/proto/loop_atomic_orders.proto > "$tmp/v1" 2>&1
sed -E 's/ (relaxed|acquire|release|acq_rel|seq_cst)( |\()/\2/' corpus/proto/loop_atomic_orders.proto > "$tmp/noorder.proto"
"$mapkit" check "$tmp/noorder.proto" > "$tmp/v2" 2>&1
[ "$(grep -c 'data-race free' "$tmp/v1")" -eq 3 ] && [ "$(grep -c ': racy' "$tmp/v1")" -eq 2 ] &&
    diff <(grep -o 'kernel [a-z_]*: [a-z -]*' "$tmp/v1") <(grep -o 'kernel [a-z_]*: [a-z -]*' "$tmp/v2") > /dev/null &&
    pass || fail "orders and verdicts: $(cat "$tmp/v1" "$tmp/v2" | grep kernel)"

count_sanitizer_failures "$tmp"
echo "atomics: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
