#!/usr/bin/env bash
# Hostile inputs, generated here rather than committed: huge lines, deep
# nesting, binary garbage, NUL bytes, missing files and directories.  None
# may crash or hang; each gives its clear error (exit 2) or parses (exit 0).
# The first part runs fmt; the second the other subcommands on inputs with
# nothing to check, of every kind, and with contradicting assumptions.
# Usage: tests/hostile.sh MAPKIT TMPDIR; writes "PASSED FAILED" to
# TMPDIR/hostile-counts.
set -u
mapkit=$1
dir=$2
passed=0
failed=0

# expect NAME EXIT REGEX FILE: fmt FILE exits EXIT, its stderr's first line
# matches REGEX, stderr stays short, and it finishes within 20 s.
expect() {
    local name=$1 want_status=$2 regex=$3 file=$4
    local err="$dir/$name.err"
    timeout 20 "$mapkit" fmt "$file" > /dev/null 2> "$err"
    local status=$?
    local first
    first=$(head -n 1 "$err")
    local size
    size=$(wc -c < "$err")
    if [ "$status" -eq "$want_status" ] && [[ $first =~ $regex ]] && [ "$size" -lt 20000 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL hostile %s: exit %s (want %s), %s bytes of stderr, first line: %s\n' \
            "$name" "$status" "$want_status" "$size" "$first"
    fi
}

repeat() { # repeat N STRING
    awk -v n="$1" -v s="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'
}

f="$dir/empty.proto"; : > "$f"
expect empty 2 '^.*empty\.proto:1:1: error: empty protocol' "$f"

f="$dir/comments-only.proto"; printf '// nothing\n/* here */\n' > "$f"
expect comments-only 2 'error: empty protocol' "$f"

f="$dir/missing.proto"
expect missing 2 'missing\.proto: error: No such file or directory' "$f"

mkdir -p "$dir/adir.proto"
expect directory 2 'adir\.proto: error: is a directory' "$dir/adir.proto"

f="$dir/long-line-ok.proto"; { printf 'shared A; '; repeat 110000 'rw A[threadIdx.x + 1]; sync; '; printf '\n'; } > "$f"
expect long-line-ok 0 '^$' "$f"

f="$dir/long-line-bad.proto"; { printf 'shared A; '; repeat 110000 'rw A[threadIdx.x]; sync; '; printf 'rw A[);\n'; } > "$f"
expect long-line-bad 2 'long-line-bad\.proto:1:[0-9]+: error: syntax error' "$f"

f="$dir/nested-blocks.proto"; { printf 'shared A;\n'; repeat 100000 'if (true) {'; printf 'rw A[0];'; repeat 100000 '}'; } > "$f"
expect nested-blocks 2 'error: nesting too deep' "$f"

f="$dir/nested-braceless.proto"; { printf 'shared A;\n'; repeat 100000 'if (true) '; printf 'rw A[0];\n'; } > "$f"
expect nested-braceless 2 'error: nesting too deep' "$f"

f="$dir/nested-parens.proto"; { printf 'shared A;\nrw A['; repeat 100000 '('; printf '1'; repeat 100000 ')'; printf '];\n'; } > "$f"
expect nested-parens 2 'error: nesting too deep' "$f"

f="$dir/long-chain.proto"; { printf 'shared A;\nrw A[1'; repeat 200000 ' + 1'; printf '];\n'; } > "$f"
expect long-chain 2 'error: expression nested too deeply' "$f"

f="$dir/unary-chain.proto"; { printf 'shared A;\nrw A['; repeat 100000 '~'; printf '1];\n'; } > "$f"
expect unary-chain 2 'error: nesting too deep' "$f"

f="$dir/garbage.bin"; awk 'BEGIN { for (i = 0; i < 20000; i++) printf "%c", (i * 131 + 7) % 256 }' > "$f"
expect garbage 2 'garbage\.bin:[0-9]+:[0-9]+: error: ' "$f"

f="$dir/highbytes.proto"; awk 'BEGIN { for (i = 0; i < 5000; i++) printf "%c", 128 + (i * 37) % 128 }' > "$f"
expect highbytes 2 'highbytes\.proto:1:1: error: invalid byte 0x' "$f"

f="$dir/nul.proto"; printf 'shared A;\nrw A[0];\0rw A[1];\n' > "$f"
expect nul 2 'nul\.proto:2:9: error: NUL byte' "$f"

f="$dir/unterminated.proto"; { printf 'shared A;\n/* '; repeat 50000 'x '; } > "$f"
expect unterminated 2 'unterminated\.proto:2:1: error: unterminated comment' "$f"

f="$dir/many-errors.proto"; { printf 'shared A;\n'; repeat 5000 'rw A[+];\n'; } > "$f"
expect many-errors 2 'many-errors\.proto:2:6: error: syntax error' "$f"

# ---- the other subcommands (issue 13, items 4 and 5): nothing to check,
# inputs of every kind, launch sizes over CUDA's limits and contradicting
# assumptions are input errors (exit 2) with a clear message.

# expect_cmd NAME EXIT REGEX CMD...: CMD exits EXIT, its stderr and stdout
# together match REGEX (grep -E), and it finishes within 60 s.
expect_cmd() {
    local name=$1 want_status=$2 regex=$3
    shift 3
    timeout 60 "$@" > "$dir/$name.out" 2> "$dir/$name.err"
    local status=$?
    if [ "$status" -eq "$want_status" ] && cat "$dir/$name.err" "$dir/$name.out" | grep -Eq -- "$regex"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL hostile %s: exit %s (want %s), output: %s\n' "$name" "$status" "$want_status" \
            "$(head -c 400 "$dir/$name.err")"
    fi
}
# count_of NAME REGEX: how many lines of NAME's stderr and stdout match
count_of() { cat "$dir/$1.err" "$dir/$1.out" | grep -Ec -- "$2"; }
check_count() { # check_count WHAT GOT WANT
    if [ "$2" -eq "$3" ]; then passed=$((passed + 1)); else
        failed=$((failed + 1)); printf 'FAIL hostile %s: %s, want %s\n' "$1" "$2" "$3"; fi
}

k=$dir/in
mkdir -p "$k/inc/lib"
: > "$k/empty.cu"
printf '\n  \n' > "$k/blank.cu"
{ printf '\177ELF'; awk 'BEGIN { for (i = 0; i < 3000; i++) printf "%c", (i * 131 + 7) % 256 }'; } > "$k/garbage.cu"
printf '__device__ int twice(int x) { return 2 * x; }\n' > "$k/nokernel.cu"
racy='__global__ void k(int *A) { A[0] = threadIdx.x; }\n'
for ext in cuh h hpp cuh.inc cl; do printf "$racy" > "$k/k.$ext"; done
printf "$racy" > "$k/kernels.cuh"
printf '#include "kernels.cuh"\n' > "$k/main.cu"
printf '#include "kernels.cuh"\n__global__ void other(int *B) { B[threadIdx.x] = 0; }\n' > "$k/second.cu"
printf "$racy" > "$k/inc/lib/lib.cuh"
printf '#include <lib/lib.cuh>\n#include <stdio.h>\n' > "$k/angle.cu"
mkdir -p "$k/nest"
printf '#include <cuda_runtime.h>\n#include <vector>\n#include "util.cuh"\n%b' "$racy" > "$k/nest/kernels.cuh"
printf '#include "kernels.cuh"\n' > "$k/nest/main.cu"

for cmd in check infer gen; do
    expect_cmd "$cmd-empty" 2 'empty\.cu: error: the file is empty: nothing to check' "$mapkit" $cmd "$k/empty.cu"
    expect_cmd "$cmd-nokernel" 2 'nokernel\.cu:1:1: error: no __global__ function is defined' "$mapkit" $cmd "$k/nokernel.cu"
done
# fixpoint records the file's error as its first stage's, then exits 2
expect_cmd fixpoint-empty 2 'empty\.cu: error at infer K0: error: the file is empty' "$mapkit" fixpoint "$k/empty.cu"
expect_cmd fixpoint-nokernel 2 'nokernel\.cu: error at infer K0: .*no __global__ function' "$mapkit" fixpoint "$k/nokernel.cu"
expect_cmd run-empty 2 'empty\.cu: error: the file is empty' "$mapkit" run -b 2 "$k/empty.cu"
expect_cmd check-blank 2 'blank\.cu: error: the file is empty' "$mapkit" check "$k/blank.cu"
expect_cmd check-binary 2 'garbage\.cu:[0-9]+:[0-9]+: error: this is not a text file \(a NUL byte\): nothing to check' \
    "$mapkit" check "$k/garbage.cu"
expect_cmd infer-binary 2 'garbage\.cu:[0-9]+:[0-9]+: error: this is not a text file' "$mapkit" infer "$k/garbage.cu"
expect_cmd fixpoint-binary 2 'not a text file' "$mapkit" fixpoint "$k/garbage.cu"
for cmd in check infer gen; do
    expect_cmd "$cmd-no-such-kernel" 2 "main\.cu: error: no kernel named 'nosuch'" \
        "$mapkit" $cmd --kernel nosuch "$k/main.cu"
done

# kernels in the project's headers are checked, and reported in the header
expect_cmd header-kernel 1 'kernels\.cuh:1:29: error: write-write race on A\[0\]' "$mapkit" check "$k/main.cu"
expect_cmd header-kernel-infer 0 '^kernel k \{' "$mapkit" infer "$k/main.cu"
expect_cmd header-kernel-I 1 'lib\.cuh:1:29: error: write-write race' "$mapkit" check -I "$k/inc" "$k/angle.cu"
# a project header's own includes are served like the file's: CUDA's and the
# C++ library's empty, a missing one of the user's with a warning there
expect_cmd header-nested 1 "kernels\.cuh:3:10: warning: header 'util\.cuh' not found" "$mapkit" check "$k/nest/main.cu"
check_count "no clang errors from real system headers" "$(count_of header-nested 'in an included header|errors outside')" 0
expect_cmd header-kernel-twice 1 'second\.cu: kernel other: racy' "$mapkit" check "$k/main.cu" "$k/second.cu"
check_count "the header's kernel, included by two files, is checked for each" \
    "$(count_of header-kernel-twice 'kernels\.cuh: kernel k: racy')" 2
# headers given as inputs are CUDA; --lang overrides the extension
for ext in cuh h hpp cuh.inc; do
    expect_cmd "input-$ext" 1 "k\.$ext: kernel k: racy" "$mapkit" check "$k/k.$ext"
done
expect_cmd input-cl 2 'k\.cl: error: OpenCL input is not supported yet' "$mapkit" check "$k/k.cl"
expect_cmd input-cl-infer 2 'k\.cl: error: OpenCL input is not supported yet' "$mapkit" infer "$k/k.cl"
expect_cmd lang-opencl 2 'k\.cuh: error: OpenCL input is not supported yet' "$mapkit" check --lang=opencl "$k/k.cuh"
expect_cmd lang-cuda 1 'k\.cl: kernel k: racy' "$mapkit" check --lang=cuda "$k/k.cl"
expect_cmd lang-proto 2 'k\.cuh:1:1: error: syntax error' "$mapkit" check --lang=proto "$k/k.cuh"
expect_cmd lang-bogus 2 "unknown language \(cuda, opencl or proto\): 'fortran'" "$mapkit" check --lang=fortran "$k/k.cuh"

# launch sizes over CUDA's limits, from any source, one message
printf '//pass\n//--blockDim=[64,64] --gridDim=1\n__global__ void k(int *A) { A[threadIdx.x] = 0; }\n' > "$k/gv-block.cu"
printf '//pass\n//--blockDim=64 --gridDim=[1,70000]\n__global__ void k(int *A) { A[threadIdx.x] = 0; }\n' > "$k/gv-grid.cu"
limits="is beyond CUDA's limits \(blockDim x, y <= 1024, z <= 64, x\*y\*z <= 1024; gridDim x <= 2147483647, y, z <= 65535\)"
expect_cmd header-blockdim 2 "gv-block\.cu:2:3: error: --blockDim=\[64,64\] $limits" "$mapkit" check "$k/gv-block.cu"
expect_cmd header-griddim 2 "gv-grid\.cu:2:17: error: --gridDim=\[1,70000\] $limits" "$mapkit" check "$k/gv-grid.cu"
expect_cmd header-blockdim-infer 2 "gv-block\.cu:2:3: error: --blockDim" "$mapkit" infer "$k/gv-block.cu"
expect_cmd header-blockdim-gen 2 "gv-block\.cu:2:3: error: --blockDim" "$mapkit" gen "$k/gv-block.cu"
expect_cmd header-blockdim-fixpoint 2 "beyond CUDA's limits" "$mapkit" fixpoint "$k/gv-block.cu"
expect_cmd header-overridden 0 'kernel k: data-race free' "$mapkit" check -b 64 "$k/gv-block.cu"
expect_cmd cli-blockdim 2 "--blockDim=\[1,1,65\] $limits" "$mapkit" check -b '[1,1,65]' "$k/k.cuh"
expect_cmd cli-griddim 2 "--gridDim=\[1,70000\] $limits" "$mapkit" check -g '[1,70000]' "$k/k.cuh"

# assumptions that contradict each other: nothing was checked
vac='error: kernel k: these assumptions contradict each other; nothing was checked'
printf '__global__ void k(int *A, int n)\n{\n    __requires(n > 4);\n    __requires(n < 2);\n    A[threadIdx.x] = n;\n}\n' > "$k/requires.cu"
for engine in interval align; do
    expect_cmd "vacuous-requires-$engine" 2 "requires\.cu:1:1: $vac" "$mapkit" check --engine=$engine "$k/requires.cu"
done
check_count "a note at each contradicting __requires" "$(count_of vacuous-requires-interval 'requires\.cu:[34]:5: note: assumed here$')" 2
printf 'kernel k {\n    global int A[];\n    uniform n;\n    assume n > 4;\n    wr A[n];\n    assume n < 2;\n}\n' > "$k/assume.proto"
expect_cmd vacuous-assume 2 "assume\.proto:1:8: $vac" "$mapkit" check "$k/assume.proto"
check_count "a note at each contradicting assume" "$(count_of vacuous-assume 'assume\.proto:[46]:5: note: assumed here$')" 2
expect_cmd vacuous-run 2 "assume\.proto:1:8: $vac" "$mapkit" run -b 2 "$k/assume.proto"
expect_cmd vacuous-gen-label 2 "assume\.proto:1:8: $vac" "$mapkit" gen --gv-header -b 2 "$k/assume.proto"
printf 'kernel k {\n    global int A[];\n    uniform n;\n    assume n > 4;\n    wr A[n];\n}\n' > "$k/param.proto"
expect_cmd vacuous-param 2 'param\.proto: note: from the command line: -p n=3' "$mapkit" check -p n=3 "$k/param.proto"
expect_cmd param-fine 1 'param\.proto: kernel k: racy' "$mapkit" check -p n=5 "$k/param.proto"
printf '//pass\n//--blockDim=64 --gridDim=1\n__global__ void k(int *A)\n{\n    __requires(blockDim.x == 32);\n    A[threadIdx.x] = 0;\n}\n' > "$k/gv-requires.cu"
expect_cmd vacuous-header 2 'gv-requires\.cu:2:3: note: the block size given here: --blockDim=64' "$mapkit" check "$k/gv-requires.cu"
expect_cmd vacuous-cli-size 2 'gv-requires\.cu: note: from the command line: --blockDim=\[64,2\]' "$mapkit" check -b '[64,2]' -g 1 "$k/gv-requires.cu"
expect_cmd vacuous-json 2 '"status":"error".*"message":"these assumptions contradict each other; nothing was checked"' \
    "$mapkit" check --format=json "$k/requires.cu"
# an assume under a branch binds only the threads that reach it: not vacuous
printf 'kernel k {\n    shared int A[];\n    uniform n;\n    assume n > 4;\n    if (threadIdx.x == 0) {\n        assume n < 2;\n    }\n    wr A[threadIdx.x];\n}\n' > "$k/branch.proto"
expect_cmd assume-in-branch 0 'branch\.proto: kernel k: data-race free' "$mapkit" check "$k/branch.proto"

echo "$passed $failed" > "$dir/hostile-counts"
echo "hostile: $passed passed, $failed failed"
