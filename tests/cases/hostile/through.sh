#!/usr/bin/env bash
# tests/cases/hostile/through.sh KIND CMD FILE: FILE through one subcommand
# that reads it (check, infer, gen or fixpoint), as the hostile cases run
# it: no crash, no hang, short stderr, and, by KIND,
#   any      an exit code of the subcommand's contract
#   refused  an input error: exit 2 (fixpoint: 1, its error class)
# Whenever check, infer or gen exits 2, or fixpoint reports an error, the
# located diagnostic "FILE: error" or "FILE:LINE:COL: error" is there.
# Exits 1 with the reason on a failure.  $MAPKIT is the driver.
set -u
kind=$1 cmd=$2 file=$3
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
# A regex matching PATH literally.
literal() { printf '%s' "$1" | sed 's/[][\.*^$()+?{}|/]/\\&/g'; }
diag="^$(literal "$file")(:[0-9]+:[0-9]+)?: error"
case $cmd in
check) "$MAPKIT" check --timeout=5000 "$file" > "$out" 2> "$err" ;;
infer) "$MAPKIT" infer "$file" > "$out" 2> "$err" ;;
gen) "$MAPKIT" gen "$file" > "$out" 2> "$err" ;;
fixpoint) "$MAPKIT" fixpoint --no-nvcc --timeout=5000 "$file" > "$out" 2> "$err" ;;
esac
status=$?
size=$(wc -c < "$err")
case $cmd:$kind in
check:any) allowed=" 0 1 2 3 4 " ;;
infer:any | gen:any) allowed=" 0 2 " ;;
fixpoint:any) allowed=" 0 1 2 " ;; # 1: an error or a disagreement
fixpoint:refused) allowed=" 1 2 " ;;
*:refused) allowed=" 2 " ;;
esac
why=
if [ "$status" -ge 128 ] || [ "$status" -eq 86 ] || [ "$status" -eq 87 ] ||
    grep -Eqs 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error: ' "$err"; then
    why="crashed (exit $status)"
elif [[ $allowed != *" $status "* ]]; then
    why="exit $status, want one of{$allowed}"
elif [ "$size" -ge 100000 ]; then
    why="$size bytes of stderr"
elif [ "$cmd" != fixpoint ] && [ "$status" -eq 2 ] && ! grep -Eq "$diag" "$err"; then
    why="exit 2 without '$file: error' or '$file:LINE:COL: error'"
elif [ "$cmd" = fixpoint ] && grep -q '^  error  *[1-9]' "$out" && ! grep -Eq "$diag" "$out" "$err"; then
    why="an error without '$file: error...'"
fi
[ -z "$why" ] && exit 0
printf 'hostile %s %s: %s; stderr: %s\n' "$cmd" "$(basename "$file")" "$why" "$(head -c 200 "$err")"
exit 1
