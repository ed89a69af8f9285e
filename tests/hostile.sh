#!/usr/bin/env bash
# Hostile inputs, generated here rather than committed: huge lines, deep
# nesting, binary garbage, NUL bytes, missing files and directories.  None
# may crash or hang.
#   fmt: each gives its clear error (exit 2) or parses (exit 0);
#   nothing to check, inputs of every kind, launch sizes over CUDA's limits
#   and contradicting assumptions: input errors (exit 2), with their message;
#   check, infer, gen, fixpoint: each input, in its .proto and .cu forms,
#   through every subcommand that reads it: no crash (no signal, no
#   sanitizer exit code), an exit code of the subcommand's contract, and a
#   located diagnostic "FILE:LINE:COL: error:" or "FILE: error" when the
#   input is refused.
# Usage: tests/hostile.sh MAPKIT TMPDIR; writes "PASSED FAILED" to
# TMPDIR/hostile-counts.
set -u
mapkit=$1
dir=$2
passed=0
failed=0
. "$(dirname "$0")/lib.sh"

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

# ---- the same kind of inputs through check, infer, gen and fixpoint ----

# A regex matching PATH literally.
literal() { printf '%s' "$1" | sed 's/[][\.*^$()+?{}|/]/\\&/g'; }

# through_all KIND FILE: FILE through each subcommand that reads it (infer
# only takes CUDA: it runs on .cu files and on paths without a .proto).
# KIND says what may come out, besides "no crash, no hang, short stderr":
#   any      an exit code of the subcommand's contract
#   refused  an input error: exit 2 (fixpoint: 1, its error class), with
#            "FILE: error" or "FILE:LINE:COL: error"
# Whenever check, infer or gen exits 2, or fixpoint reports an error, the
# located diagnostic must be there.
through_all() {
    local kind=$1 file=$2 cmd allowed status out err size name diag
    name=$(basename "$file")
    diag="^$(literal "$file")(:[0-9]+:[0-9]+)?: error"
    for cmd in check infer gen fixpoint; do
        [ "$cmd" = infer ] && [[ $file == *.proto ]] && continue
        out="$dir/hostile-$cmd.out"
        err="$dir/hostile-$cmd.err"
        case $cmd in
        check) timeout 60 "$mapkit" check --timeout=5000 "$file" > "$out" 2> "$err" ;;
        infer) timeout 60 "$mapkit" infer "$file" > "$out" 2> "$err" ;;
        gen) timeout 60 "$mapkit" gen "$file" > "$out" 2> "$err" ;;
        fixpoint) timeout 60 "$mapkit" fixpoint --no-nvcc --timeout=5000 "$file" > "$out" 2> "$err" ;;
        esac
        status=$?
        [ -n "${HOSTILE_LOG:-}" ] && echo "$cmd $name $status" >> "$HOSTILE_LOG"
        size=$(wc -c < "$err")
        case $cmd:$kind in
        check:any) allowed=" 0 1 2 3 4 " ;;
        infer:any | gen:any) allowed=" 0 2 " ;;
        fixpoint:any) allowed=" 0 1 2 " ;; # 1: an error or a disagreement
        fixpoint:refused) allowed=" 1 2 " ;;
        *:refused) allowed=" 2 " ;;
        esac
        local why=""
        if crashed "$status" || sanitizer_report "$err"; then
            why="crashed ($(verdict_of "$status"))"
        elif [ "$status" -eq 124 ]; then
            why="no answer within 60 s"
        elif [[ $allowed != *" $status "* ]]; then
            why="exit $status, want one of{$allowed}"
        elif [ "$size" -ge 100000 ]; then
            why="$size bytes of stderr"
        elif [ "$cmd" != fixpoint ] && [ "$status" -eq 2 ] && ! grep -Eq "$diag" "$err"; then
            why="exit 2 without '$file: error' or '$file:LINE:COL: error'"
        elif [ "$cmd" = fixpoint ] && grep -q '^  error  *[1-9]' "$out" && ! grep -Eq "$diag" "$out" "$err"; then
            why="an error without '$file: error...'"
        fi
        if [ -z "$why" ]; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            printf 'FAIL hostile %s %s: %s; stderr: %s\n' "$cmd" "$name" "$why" "$(head -c 200 "$err")"
        fi
    done
}

a=$dir/hostile-inputs
mkdir -p "$a"

# random bytes
for ext in cu proto; do
    awk 'BEGIN { for (i = 0; i < 20000; i++) printf "%c", (i * 131 + 7) % 256 }' > "$a/random.$ext"
    through_all any "$a/random.$ext"
done
# deep nesting
{ printf 'shared A;\n'; repeat 20000 'if (threadIdx.x > 0) {'; printf 'rw A[0];'; repeat 20000 '}'; } > "$a/deep.proto"
through_all refused "$a/deep.proto"
{ printf 'shared A;\nrw A['; repeat 20000 '('; printf 'threadIdx.x'; repeat 20000 ')'; printf '];\n'; } > "$a/deep-parens.proto"
through_all refused "$a/deep-parens.proto"
{
    printf '__global__ void k(int *A)\n{\n'
    repeat 2000 'if (threadIdx.x > 1) {'
    printf 'A[threadIdx.x] = (((((((((((((((((((((((1)))))))))))))))))))))));'
    repeat 2000 '}'
    printf '\n}\n'
} > "$a/deep.cu"
through_all any "$a/deep.cu"
# huge numbers
printf 'shared A;\nrw A[99999999999999999999999999999999];\n' > "$a/huge-literal.proto"
through_all refused "$a/huge-literal.proto"
printf 'kernel k {\n    global int A[];\n    uniform n;\n    assume n == 9223372036854775807;\n    wr A[n + n + threadIdx.x * n];\n    rd A[-n - n - 1];\n}\n' > "$a/huge-arith.proto"
through_all any "$a/huge-arith.proto"
printf '__global__ void k(long *A, long n)\n{\n    A[threadIdx.x * 9223372036854775807L + 99999999999999999999999999999999] = n * 4611686018427387904L;\n}\n' > "$a/huge.cu"
through_all any "$a/huge.cu"
# NUL bytes
printf 'shared A;\nrw A[0];\0rw A[1];\n' > "$a/nul.proto"
through_all refused "$a/nul.proto"
printf '__global__ void k(int *A)\n{\n    A[threadIdx.x] = 0;\0\0\n    A[0] = 1;\n}\n' > "$a/nul.cu"
through_all any "$a/nul.cu"
# unterminated comments
{ printf 'shared A;\nrw A[0];\n/* '; repeat 5000 'x '; } > "$a/unterminated.proto"
through_all refused "$a/unterminated.proto"
{ printf '__global__ void k(int *A)\n{\n    A[threadIdx.x] = 0;\n/* '; repeat 5000 'x '; } > "$a/unterminated.cu"
through_all any "$a/unterminated.cu"
# very long identifiers
long=$(repeat 100000 'x')
printf 'kernel k {\n    shared int %s[64];\n    wr %s[threadIdx.x];\n}\n' "$long" "$long" > "$a/long-name.proto"
through_all any "$a/long-name.proto"
printf '__global__ void k(int *%s)\n{\n    %s[threadIdx.x] = 0;\n}\n' "$long" "$long" > "$a/long-name.cu"
through_all any "$a/long-name.cu"
# a 10,000-line file: 100 kernels of 100 lines
awk 'BEGIN { for (k = 0; k < 100; k++) {
    printf "kernel k%d {\n    shared int A[];\n    let x0 = 0;\n", k
    for (i = 1; i <= 96; i++) printf "    let x%d = x%d + 1;\n", i, i - 1
    printf "    wr A[threadIdx.x + x96];\n}\n" } }' > "$a/big.proto"
through_all any "$a/big.proto"
awk 'BEGIN { for (k = 0; k < 100; k++) {
    printf "__global__ void k%d(int *A)\n{\n    int x = 0;\n", k
    for (i = 1; i <= 95; i++) printf "    x += %d;\n", i % 3
    printf "    A[threadIdx.x + x] = 0;\n}\n" } }' > "$a/big.cu"
through_all any "$a/big.cu"
[ "$(cat "$a/big.proto" | wc -l)" -ge 10000 ] && [ "$(cat "$a/big.cu" | wc -l)" -ge 10000 ] &&
    passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL hostile: the big files are under 10,000 lines"; }
# a directory given as a file, a missing file, /dev/null
mkdir -p "$a/adir.cu" "$a/adir.proto"
for f in "$a/adir.cu" "$a/adir.proto" "$a/missing.cu" "$a/missing.proto"; do
    through_all refused "$f"
done
through_all refused /dev/null
# non-UTF-8
printf 'shared A;\nrw A[\xff\xfe];\n' > "$a/latin1.proto"
through_all refused "$a/latin1.proto"
printf '__global__ void k(int *A)\n{\n    // caf\xe9\n    A[threadIdx.x] = \xe9;\n}\n' > "$a/latin1.cu"
through_all any "$a/latin1.cu"
# a .cu with garbage: around a kernel, and inside one
{ awk 'BEGIN { for (i = 0; i < 3000; i++) printf "%c", 1 + (i * 61) % 255 }'
  printf '\n__global__ void k(int *A) { A[threadIdx.x] = 0; }\n'
  awk 'BEGIN { for (i = 0; i < 3000; i++) printf "%c", 1 + (i * 97) % 255 }'; } > "$a/garbage-around.cu"
through_all any "$a/garbage-around.cu"
{ printf '__global__ void k(int *A)\n{\n    A[threadIdx.x] = 0;\n'
  awk 'BEGIN { for (i = 0; i < 2000; i++) printf "%c", 32 + (i * 61) % 95 }'
  printf '\n    __syncthreads();\n    A[threadIdx.x + 1] = 1;\n}\n'; } > "$a/garbage-inside.cu"
through_all any "$a/garbage-inside.cu"
# nothing to check: an empty file, a .cu without a kernel
: > "$a/empty.cu"
through_all refused "$a/empty.cu"
printf 'int add(int a, int b) { return a + b; }\n' > "$a/no-kernel.cu"
through_all refused "$a/no-kernel.cu"

# ---- the other subcommands (docs/checker.md): nothing to check,
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
printf '#include "kernels.cuh"\n__global__ void other(int *B) { B[threadIdx.x] = blockIdx.x; }\n' > "$k/second.cu"
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
# a .cl file is OpenCL: CUDA in it has no __kernel function (an input error)
expect_cmd input-cl 2 'k\.cl:1:1: error: no __kernel function is defined in this file' "$mapkit" check "$k/k.cl"
expect_cmd input-cl-infer 2 'k\.cl:1:1: error: no __kernel function is defined in this file' "$mapkit" infer "$k/k.cl"
expect_cmd lang-opencl 2 'k\.cuh:1:1: error: no __kernel function is defined' "$mapkit" check --lang=opencl "$k/k.cuh"
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
