#!/usr/bin/env bash
# A deliberately broken checker for tests/scripts/against.sh and
# docs/stress-testing.md: it runs `mapkit check` on a `.proto` written by
# `mapkit fuzz --against-on=proto` (with the launch of its `// args:` line)
# and answers with check's exit status (0 drf, 1 racy, 3 divergent), except
# that it swaps drf and racy when a loop lies inside an `if`: the planted
# bug `fuzz --against` is to find and shrink.
#
#   tests/planted-checker.sh MAPKIT FILE.proto
set -u
mapkit=$1
file=$2
args=$(sed -n 's|^// args: ||p' "$file" | head -n 1 | sed 's/--values [0-9]*//')
# shellcheck disable=SC2086 # ARGS are words
"$mapkit" check $args "$file" > /dev/null 2>&1
status=$?
# a loop header (foreach, for) while an `if` block is open
loop_in_if=$(awk '
    { line = $0; sub(/^[ \t]+/, "", line) }
    line ~ /^}/ { top--; if (top < 0) top = 0 }
    line ~ /^(foreach|for) ?\(/ { for (i = 1; i <= top; i++) if (kind[i] == "if") found = 1 }
    line ~ /\{$/ { top++; kind[top] = (line ~ /^(} else )?if ?\(/ || line ~ /^} else \{$/) ? "if" : "other" }
    END { print found ? 1 : 0 }' "$file")
if [ "$loop_in_if" = 1 ]; then
    case $status in
    0) exit 1 ;;
    1) exit 0 ;;
    esac
fi
exit "$status"
