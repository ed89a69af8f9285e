#!/usr/bin/env bash
# The README stays true: every command it shows (a `$ ` line in a code
# block) runs, in a scratch copy of examples/ and corpus/ with bin/mapkit,
# and must exit as its trailing comment says (`# exit N`; 0 when it says
# nothing) and print every line shown under it (each as part of some line
# of its output, blanks at the ends ignored).
#   tests/readme.sh BUILD_DIR
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

work=$tmp/work
mkdir -p "$work/bin" "$tmp/cases"
cp -r examples corpus "$work/"
mkdir -p "$work/tests" && cp -r tests/conditions "$work/tests/" # the --conditions example
printf '#!/bin/sh\nexec "%s" "$@"\n' "$mapkit" > "$work/bin/mapkit"
chmod +x "$work/bin/mapkit"

# One case per command: cases/N.cmd, N.exit, N.want (the lines shown).
awk -v dir="$tmp/cases" '
    /^```/ { block = !block; cur = 0; next }
    !block { next }
    /^\$ / {
        n++
        line = substr($0, 3)
        code = 0
        if (match(line, /  +# /)) {
            comment = substr(line, RSTART)
            line = substr(line, 1, RSTART - 1)
            if (match(comment, /exit [0-9]+/))
                code = substr(comment, RSTART + 5, RLENGTH - 5)
        }
        print line > (dir "/" n ".cmd")
        print code > (dir "/" n ".exit")
        printf "" > (dir "/" n ".want")
        cur = n
        next
    }
    cur { print > (dir "/" cur ".want") }
' README.md

trim() { sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//'; }
ncases=$(find "$tmp/cases" -name '*.cmd' | wc -l)
[ "$ncases" -ge 10 ] && pass || fail "README: only $ncases commands found (want at least 10)"
for i in $(seq 1 "$ncases"); do
    cmd=$(cat "$tmp/cases/$i.cmd")
    want_code=$(cat "$tmp/cases/$i.exit")
    (cd "$work" && timeout 300 bash -c "$cmd") > "$tmp/out" 2>&1
    code=$?
    if [ "$code" -eq "$want_code" ]; then
        pass
    else
        fail "README: '$cmd' exits $code, the README says $want_code: $(head -n 3 "$tmp/out")"
    fi
    trim < "$tmp/out" > "$tmp/out.trim"
    while IFS= read -r shown; do
        shown=$(printf '%s' "$shown" | trim)
        [ -z "$shown" ] && continue
        if grep -qF -- "$shown" "$tmp/out.trim"; then
            pass
        else
            fail "README: '$cmd' does not print: $shown"
        fi
    done < "$tmp/cases/$i.want"
done

count_sanitizer_failures "$tmp"
echo "readme: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
