#!/usr/bin/env bash
# Tests of `mapkit gen` ([VST Table 1]; docs/codegen.md; docs/codegen.md):
# generation over the corpus, determinism, golden files, GPUVerify headers,
# bad input, and nvcc over everything generated (batched: two nvcc calls in
# parallel, then two --main builds).  Usage: tests/codegen.sh BUILD_DIR.
# The last line is "N passed, M failed"; the exit status is nonzero on a
# failure.  NVCC=path overrides the compiler.
set -u
shopt -s nullglob
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mapkit="$root/$build/bin/mapkit"
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
# No warning is tolerated (-Werror), but those of a division by a literal
# zero (39, 179): hostile protocols write `x % 0`, and their CUDA keeps it.
nvcc_flags=(-arch=sm_75 -Werror all-warnings -diag-suppress 39,179)
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
mapkit=$(sanitizer_guard "$mapkit" "$tmp")

# The protocols generated: the corpus, our own cases, the hostile names,
# the proto-first round trips (tests/fixpoint.sh).
sources=(corpus/proto/*.proto tests/codegen/*.proto tests/codegen/hostile/*.proto tests/codegen/roundtrip/*.proto)

# gen_to NAME SOURCE [OPTIONS...]: generates $tmp/NAME.cu, true on exit 0.
gen_to() {
    local name=$1 src=$2
    shift 2
    "$mapkit" gen "$@" "$src" -o "$tmp/$name.cu" 2> "$tmp/$name.err"
}

echo "-- generation and determinism over ${#sources[@]} protocols"
generated=()
i=0
for src in "${sources[@]}"; do
    i=$((i + 1))
    if gen_to "k$i" "$src" && [ -s "$tmp/k$i.cu" ]; then
        pass
        generated+=("k$i:$src")
    else
        fail "gen $src: $(head -n 3 "$tmp/k$i.err")"
        continue
    fi
    "$mapkit" gen "$src" > "$tmp/again.cu" 2>/dev/null
    cmp -s "$tmp/k$i.cu" "$tmp/again.cu" && pass || fail "gen $src: two runs (-o and stdout) differ"
    # a second round through the canonical printer gives the same names:
    # nothing depends on spelling, order of formatting or a counter
    "$mapkit" fmt "$src" > "$tmp/round.proto" 2>/dev/null &&
        "$mapkit" gen "$tmp/round.proto" 2>/dev/null | sed 1d > "$tmp/round.cu"
    # Faial's file without kernel blocks is named after its file
    if grep -q '^ *kernel ' "$src"; then
        sed 1d "$tmp/k$i.cu" | cmp -s - "$tmp/round.cu" && pass ||
            fail "gen $src: gen(fmt(P)) differs from gen(P)"
    fi
done

echo "-- golden files (tests/codegen/golden)"
goldens=(tests/codegen/golden/*.cu)
[ "${#goldens[@]}" -ge 10 ] && pass || fail "only ${#goldens[@]} golden files (want 10)"
for want in "${goldens[@]}"; do
    name=$(basename "$want" .cu)
    # a golden file of a corpus protocol follows the corpus: a change there
    # must show here
    src=corpus/proto/$name.proto
    [ -f "$src" ] || src=tests/codegen/$name.proto
    [ -f "$src" ] || src=tests/codegen/hostile/$name.proto
    if "$mapkit" gen "$src" 2>&1 | diff -u "$want" - > "$tmp/golden.diff"; then
        pass
    else
        fail "golden $name"
        head -n 20 "$tmp/golden.diff"
    fi
done

echo "-- what the mapping must keep"
expect_in() { # expect_in NAME FIXED-STRING DESCRIPTION
    grep -qF -- "$2" "$tmp/$1.cu" && pass || fail "$3: no '$2' in $1"
}
gen_to arrays tests/codegen/arrays.proto
expect_in arrays '__shared__ float tile[32][33];' "shared array keeps type and sizes"
expect_in arrays 'tile[threadIdx.y][threadIdx.x] = __dummytile_w();' "index order is kept"
expect_in arrays 'float (*out)[__mapkit_dim(m)][4]' "global array keeps inner dimensions"
expect_in arrays 'extern __shared__ int scratch[][8];' "unknown first size of a shared array"
expect_in arrays 'struct cell {};' "user types are declared"
expect_in arrays 'atomicAdd(&bins[threadIdx.x % 256], __dummybins_w());' "atomics on the element's address"
expect_in arrays 'atomicAdd(total, __dummytotal_w());' "atomic on a global scalar"
gen_to pre tests/codegen/preconditions.proto
expect_in pre '__requires((tid != __other_int(tid) || row != __other_int(row)) && tid + 1 == __other_int(tid));' \
    "pairwise preconditions"
expect_in pre 'int y __attribute__((unused)) = __unknown_y();' "unknowns are named after the protocol"
expect_in pre 'A[-(-off)] = __dummyA_w();' "nested negation stays apart"
gen_to loops tests/codegen/loops.proto
for form in 'i++' 'i += 2' 'i *= 2' 'j--' 'j -= 3' 'j *= 3' 'j /= 2' 'j <<= 1' 's >>= 1' 'j != 64' 'j >= 1' 'j <= n'; do
    expect_in loops "$form" "loop form"
done

echo "-- --gv-header"
c=corpus/proto
gen_to gv_drf "$c/paper-first-iter-drf.proto" --gv-header
[ "$(head -n 2 "$tmp/gv_drf.cu")" = $'//pass\n//--blockDim=[32] --gridDim=[2]' ] && pass ||
    fail "gv-header of a DRF kernel: $(head -n 2 "$tmp/gv_drf.cu" | tr '\n' ' ')"
gen_to gv_racy "$c/own-kernels-mixed-verdicts.proto" --gv-header -b 32 -g '[4,2]'
[ "$(head -n 2 "$tmp/gv_racy.cu")" = $'//xfail:NOT_ALL_VERIFIED\n//--blockDim=[32] --gridDim=[4,2]' ] && pass ||
    fail "gv-header of racy kernels: $(head -n 2 "$tmp/gv_racy.cu" | tr '\n' ' ')"
gen_to gv_2d "$c/own-transpose-tile-drf.proto" --gv-header
sed -n 2p "$tmp/gv_2d.cu" | grep -qF -- '--blockDim=[32,32] --gridDim=[2,2]' && pass ||
    fail "gv-header defaults follow the axes used and the block the protocol assumes: $(sed -n 2p "$tmp/gv_2d.cu")"
# racy with 64 threads, vacuously DRF with a default of 32 that contradicts the assume
printf 'shared int A[64];\nassume blockDim.x == 64;\nwr A[threadIdx.x %% 32];\n' > "$tmp/pinned.proto"
gen_to gv_pinned "$tmp/pinned.proto" --gv-header
[ "$(head -n 2 "$tmp/gv_pinned.cu")" = $'//xfail:NOT_ALL_VERIFIED\n//--blockDim=[64] --gridDim=[2]' ] && pass ||
    fail "gv-header: an assumed block size is the default: $(head -n 2 "$tmp/gv_pinned.cu" | tr '\n' ' ')"
# finding the race of a bitonic sort without its barrier takes the solver seconds
"$mapkit" gen --gv-header --timeout=1 corpus/cuda/bitonic_sort_shared_missing_sync.cu -o "$tmp/unknown.cu" 2>/dev/null
code=$?
[ "$code" -eq 4 ] && [ ! -e "$tmp/unknown.cu" ] && pass ||
    fail "an unknown verdict: exit $code (want 4) and no file"

echo "-- bad input: exit 2, no output file"
printf 'shared A;\nrw A[;\n' > "$tmp/bad.proto"
expect_bad() { # expect_bad DESCRIPTION ARGS...
    local what=$1
    shift
    rm -f "$tmp/out.cu"
    "$mapkit" gen "$@" -o "$tmp/out.cu" > "$tmp/bad.out" 2> "$tmp/bad.err"
    local code=$?
    if [ "$code" -eq 2 ] && [ ! -e "$tmp/out.cu" ] && [ -z "$(ls "$tmp" | grep -F 'out.cu.gen-')" ]; then
        pass
    else
        fail "$what: exit $code, want 2 and no output file"
    fi
}
expect_bad "syntax error" "$tmp/bad.proto"
grep -qE 'bad\.proto:2:[0-9]+: error: ' "$tmp/bad.err" && pass || fail "errors are file:line:col: error:"
expect_bad "missing file" "$tmp/none.proto"
expect_bad "-p naming no uniform" -p nosuch=1 "$c/paper-first-iter-drf.proto"
expect_bad "--kernel naming no kernel" --kernel nosuch "$c/own-kernels-atomic.proto"
expect_bad "two input files" "$c/own-kernels-atomic.proto" "$c/paper-first-iter-drf.proto"
expect_bad "unknown option" --bogus "$c/own-kernels-atomic.proto"
for f in tests/codegen/bad/*.proto; do
    expect_bad "bad input $(basename "$f")" "$f"
done
"$mapkit" gen "$c/own-kernels-atomic.proto" -o "$tmp/no/such/dir/x.cu" 2>/dev/null
[ $? -eq 2 ] && pass || fail "an unwritable -o exits 2"
echo "old" > "$tmp/keep.cu"
"$mapkit" gen "$tmp/bad.proto" -o "$tmp/keep.cu" 2>/dev/null
[ "$(cat "$tmp/keep.cu")" = old ] && pass || fail "bad input must leave an existing -o file alone"

echo "-- command line"
"$mapkit" gen --help | grep -q 'usage: mapkit gen' && pass || fail "gen --help"
"$mapkit" gen 2>/dev/null; [ $? -eq 2 ] && pass || fail "gen without a file exits 2"
"$mapkit" --help 2>&1 | grep -q '  gen ' && pass || fail "mapkit --help lists gen"
"$mapkit" gen --kernel atomic_vs_read "$c/own-kernels-atomic.proto" > "$tmp/one.cu"
[ "$(grep -c '^__global__' "$tmp/one.cu")" -eq 1 ] && grep -q 'void atomic_vs_read' "$tmp/one.cu" && pass ||
    fail "--kernel generates only that kernel"
[ "$(grep -c "^__global__" "$tmp/gv_racy.cu")" -eq "$(grep -c "^kernel " "$c/own-kernels-mixed-verdicts.proto")" ] && pass || fail "one __global__ per kernel"

echo "-- nvcc"
if [ ! -x "$nvcc" ]; then
    echo "SKIP nvcc tests: no nvcc at $nvcc (set NVCC=...): generated CUDA was NOT compiled"
else
    # Two batches, each one translation unit: every generated file in a
    # namespace of its own (the first one also at file scope, for the
    # prelude its include guard keeps out of the others).  System headers
    # (cooperative groups, for `sync grid;`) come first, at file scope, so
    # that their #includes inside the namespaces are no-ops.
    write_batch() { # write_batch OUT ENTRY...
        local out=$1 first=1 entry
        shift
        for entry in "$@"; do
            grep -h '^#include <' "$tmp/${entry%%:*}.cu"
        done | sort -u > "$out"
        for entry in "$@"; do
            local name=${entry%%:*}
            if [ $first -eq 1 ]; then
                printf '#include "%s.cu"\n' "$name" >> "$out"
                first=0
            fi
            printf 'namespace ns_%s {\n#include "%s.cu"\n}\n' "$name" "$name" >> "$out"
        done
    }
    half=$(( (${#generated[@]} + 1) / 2 ))
    write_batch "$tmp/batch1.cu" "${generated[@]:0:$half}"
    write_batch "$tmp/batch2.cu" "${generated[@]:$half}"
    gen_to main_arrays tests/codegen/arrays.proto --main -b '[16,4]' -p n=4 -p m=8
    gen_to main_hostile tests/codegen/hostile/collisions.proto --main
    # every thread writes a value of its own, whatever the element type
    gen_to main_written tests/codegen/main_written.proto --main -b 4 -g 2
    [ "$(grep -c 'memcpy(&v, &id, ' "$tmp/main_written.cu")" -eq 6 ] && pass ||
        fail "--main: a write function does not return the thread's own value"
    # a kernel with `sync grid;` needs a cooperative launch
    gen_to main_grid corpus/proto/own-grid-sync-loop-drf.proto --main -b 4 -g 3 -p n=3
    grep -q 'cudaLaunchCooperativeKernel((void \*)' "$tmp/main_grid.cu" && pass ||
        fail "--main: a kernel with sync grid is not launched cooperatively"
    (cd "$tmp" && "$nvcc" "${nvcc_flags[@]}" -rdc=true -c batch1.cu -o batch1.o > batch1.log 2>&1; echo $? > batch1.rc) &
    (cd "$tmp" && "$nvcc" "${nvcc_flags[@]}" -rdc=true -c batch2.cu -o batch2.o > batch2.log 2>&1; echo $? > batch2.rc) &
    wait
    (cd "$tmp" && "$nvcc" "${nvcc_flags[@]}" main_arrays.cu -o main_arrays > main_arrays.log 2>&1; echo $? > main_arrays.rc) &
    (cd "$tmp" && "$nvcc" "${nvcc_flags[@]}" main_hostile.cu -o main_hostile > main_hostile.log 2>&1; echo $? > main_hostile.rc) &
    wait
    (cd "$tmp" && "$nvcc" "${nvcc_flags[@]}" main_grid.cu -o main_grid > main_grid.log 2>&1; echo $? > main_grid.rc) &
    (cd "$tmp" && "$nvcc" "${nvcc_flags[@]}" main_written.cu -o main_written > main_written.log 2>&1; echo $? > main_written.rc) &
    wait
    for b in batch1 batch2; do
        if [ "$(cat "$tmp/$b.rc")" -ne 0 ] || [ ! -s "$tmp/$b.o" ]; then
            fail "nvcc $b"
            grep -m 10 'error' "$tmp/$b.log"
        fi
    done
    # every generated file compiled unless its name is in an error line
    for entry in "${generated[@]}"; do
        name=${entry%%:*}
        b=batch1
        grep -q "ns_$name " "$tmp/batch2.cu" && b=batch2
        if [ "$(cat "$tmp/$b.rc")" -eq 0 ]; then
            pass
        elif grep -q "^$name\.cu(" "$tmp/$b.log"; then
            fail "nvcc: ${entry#*:} does not compile"
        fi
    done
    for m in main_arrays main_hostile main_grid main_written; do
        if [ "$(cat "$tmp/$m.rc")" -eq 0 ] && [ -x "$tmp/$m" ]; then
            pass
        else
            fail "--main: $m does not build into an executable"
            grep -m 10 'error' "$tmp/$m.log"
        fi
    done
fi

# clang 14 does not know CUDA 13, so it compiles the device side against
# tests/codegen/clang_cuda.h instead of CUDA's headers; -Wall, no warning
# tolerated (but a division by a literal zero, as for nvcc).
echo "-- clang"
if ! command -v clang > /dev/null; then
    echo "SKIP clang tests: no clang: generated CUDA was NOT compiled by clang"
else
    clang_batch=$tmp/clang_batch.cu
    : > "$clang_batch"
    for entry in "${generated[@]}"; do
        name=${entry%%:*}
        sed '/^#include </d' "$tmp/$name.cu" > "$tmp/clang_$name.cu"
        # the first at file scope too, for the prelude (as for nvcc)
        [ -s "$clang_batch" ] || printf '#include "clang_%s.cu"\n' "$name" >> "$clang_batch"
        printf 'namespace ns_%s {\n#include "clang_%s.cu"\n}\n' "$name" "$name" >> "$clang_batch"
    done
    if clang -x cuda -nocudainc -nocudalib --cuda-gpu-arch=sm_75 --cuda-device-only -fsyntax-only -Wall \
        -Werror -Wno-unknown-cuda-version -Wno-division-by-zero -include tests/codegen/clang_cuda.h \
        "$clang_batch" > "$tmp/clang.log" 2>&1; then
        pass
    else
        fail "clang: generated CUDA has errors or warnings"
        grep -m 10 -E 'error|warning' "$tmp/clang.log"
    fi
fi

count_sanitizer_failures "$tmp"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
