# Sourced by the orchestration scripts of tests/scripts/, which the runner
# (tests/runner.py, tests/README.md) runs as cases: each assertion prints
# one line, which the runner counts, so that no script keeps counters:
#
#   pass WHAT                  PASS WHAT
#   fail WHAT                  FAIL WHAT
#   check WHAT COMMAND...      PASS when COMMAND succeeds, else FAIL
#   check_not WHAT COMMAND...  PASS when COMMAND fails
#   expect_holds WHAT COND     PASS when the shell expression COND holds
#   quiet COMMAND...           COMMAND with its output dropped (for check)
#   quiet_status N COMMAND...  COMMAND, quiet, exits N
#   counts WHAT OUTPUT         a C test binary's FAIL lines, and its
#                              "N passed, M failed" line as COUNTS N M
#
# The runner sets, besides the build folder as $1: MAPKIT (the driver,
# through a guard that logs a sanitizer's exit or a crash, each a failure
# whatever the script reads of it), MAPKIT_BIN (the driver itself), ROOT,
# BUILD, BUILD_ABS, TEST_TMP (a fresh folder), NVCC (where there is one),
# SANITIZE (1 in the sanitizer build), and ASAN_OPTIONS and UBSAN_OPTIONS
# that give the sanitizers exit codes of their own (86 for ASan and
# LeakSanitizer, 87 for UBSan).

pass() { printf 'PASS %s\n' "${1:-}"; }
fail() { printf 'FAIL %s\n' "$*"; }
check() {
    local what=$1
    shift
    if "$@"; then pass "$what"; else fail "$what"; fi
}
check_not() {
    local what=$1
    shift
    if "$@"; then fail "$what"; else pass "$what"; fi
}
quiet() { "$@" > /dev/null 2>&1; }
quiet_status() {
    local want=$1
    shift
    "$@" > /dev/null 2>&1
    [ $? -eq "$want" ]
}
expect_holds() {
    if eval "$2"; then pass "$1"; else fail "$1"; fi
}
counts() {
    local what=$1 out=$2 line
    printf '%s\n' "$out" | grep '^FAIL' || true
    line=$(printf '%s\n' "$out" | tail -n 1)
    if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
        printf 'COUNTS %s %s %s\n' "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" "$what"
    else
        fail "$what crashed or printed no counts: $line"
    fi
}

# every_third K FILE...: the files at positions K, K + 3, K + 6, ... (a
# deterministic third of a corpus, for a suite that must stay within its time)
every_third() {
    local k=$1 i=0
    shift
    for f in "$@"; do
        [ $((i % 3)) = "$k" ] && echo "$f"
        i=$((i + 1))
    done
}
