# Shared by the test scripts (sourced, not run): how a test tells a
# sanitizer's report from a verdict.
#
# ASan and UBSan exit with 1 by default, and 1 is also mapkit's "race
# found": under `make check SANITIZE=1` a memory error in a case expected
# to be racy would pass.  So every script that sources this file runs its
# binaries with sanitizer exit codes of their own, and reads those codes as
# a failure whatever the case expected:
#
#   86  AddressSanitizer, and LeakSanitizer (it reports through ASan)
#   87  UndefinedBehaviorSanitizer
#
# Options the caller already set (ASAN_OPTIONS, UBSAN_OPTIONS) are kept;
# ours come last, so they win.  The variables are harmless for a build
# without sanitizers, which never reads them.
#
#   sanitizer_exit STATUS       true when STATUS is a sanitizer's exit code
#   sanitizer_report FILE...    true when a sanitizer's report is in FILEs
#   crashed STATUS              a sanitizer's code, or killed by a signal
#                               (>= 128; 124 is timeout(1)'s, not a crash)
#   verdict_of STATUS           mapkit check's exit code as a word
#   sanitizer_guard BIN DIR     prints a path to run instead of BIN: it runs
#                               BIN and logs each sanitizer exit, and each
#                               crash on a signal (SIGILL, SIGABRT, SIGBUS,
#                               SIGFPE, SIGSEGV), to DIR/sanitizer.log, so
#                               call sites that ignore the exit status (JSON
#                               piped into sed, ...) cannot hide one
#   count_sanitizer_failures DIR   a FAIL line per logged exit, each added
#                               to the caller's $failed

SANITIZER_EXIT_ASAN=86
SANITIZER_EXIT_UBSAN=87
# (once: scripts that source this file run others that source it too)
sanitizer_ours_asan="detect_leaks=1:halt_on_error=1:exitcode=$SANITIZER_EXIT_ASAN"
sanitizer_ours_ubsan="print_stacktrace=1:halt_on_error=1:exitcode=$SANITIZER_EXIT_UBSAN"
case ${ASAN_OPTIONS:-} in
*"$sanitizer_ours_asan") ;;
*) export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}$sanitizer_ours_asan" ;;
esac
case ${UBSAN_OPTIONS:-} in
*"$sanitizer_ours_ubsan") ;;
*) export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}$sanitizer_ours_ubsan" ;;
esac

sanitizer_exit() {
    [ "$1" -eq "$SANITIZER_EXIT_ASAN" ] || [ "$1" -eq "$SANITIZER_EXIT_UBSAN" ]
}

sanitizer_report() {
    grep -Eqs 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error: ' "$@"
}

crashed() {
    sanitizer_exit "$1" || { [ "$1" -ge 128 ] && [ "$1" -ne 124 ]; }
}

verdict_of() {
    if sanitizer_exit "$1"; then
        echo "sanitizer($1)"
        return
    fi
    case $1 in
    0) echo drf ;; 1) echo racy ;; 2) echo error ;; 3) echo divergent ;; 4) echo unknown ;;
    124) echo timeout ;; *) echo "crash($1)" ;;
    esac
}

sanitizer_guard() {
    local real=$1 dir=$2 wrap
    mkdir -p "$dir/sanitizer-guard" || return 1
    wrap=$dir/sanitizer-guard/$(basename "$real")
    {
        echo '#!/bin/sh'
        printf '%q "$@"\n' "$real"
        echo 's=$?'
        echo "case \$s in $SANITIZER_EXIT_ASAN|$SANITIZER_EXIT_UBSAN|132|134|135|136|139)"
        printf '    echo "exit $s: %s $*" >> %q ;;\n' "$(basename "$real")" "$dir/sanitizer.log"
        echo 'esac'
        echo 'exit $s'
    } > "$wrap" && chmod +x "$wrap" && printf '%s\n' "$wrap"
}

count_sanitizer_failures() {
    local log=$1/sanitizer.log line
    [ -s "$log" ] || return 0
    while IFS= read -r line; do
        failed=$((failed + 1))
        printf 'FAIL sanitizer report or crash (%s)\n' "$line"
    done < "$log"
    : > "$log"
}

# expect_holds WHAT CONDITION: the caller's pass when CONDITION (a shell
# expression, eval'd) holds, else its fail with WHAT.
expect_holds() {
    if eval "$2"; then pass; else fail "$1"; fi
}
