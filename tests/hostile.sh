#!/usr/bin/env bash
# Hostile inputs, generated here rather than committed: huge lines, deep
# nesting, binary garbage, NUL bytes, missing files and directories.  None
# may crash or hang; each gives its clear error (exit 2) or parses (exit 0).
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

echo "$passed $failed" > "$dir/hostile-counts"
echo "hostile: $passed passed, $failed failed"
