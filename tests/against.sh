#!/usr/bin/env bash
# `mapkit fuzz --against` (docs/fuzz.md, "Against another tool";
# docs/stress-testing.md):
#   - fuzz/external.c's runner: exit, crash, hang, no start, bounded output,
#     no zombies, no descriptor leaks (tests/test_external.c);
#
#   tests/against.sh [BUILD_DIR]
#
# Ends with "against: N passed, M failed".
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }

# ---- the runner (a C test; its counts join ours) ----
out=$("$build/bin/test_external" 2>&1)
printf '%s\n' "$out" | grep '^FAIL' || true
line=$(printf '%s\n' "$out" | tail -n 1)
if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
    passed=$((passed + BASH_REMATCH[1])); failed=$((failed + BASH_REMATCH[2]))
else
    fail "test_external crashed or printed no counts: $line"
fi

echo "against: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
