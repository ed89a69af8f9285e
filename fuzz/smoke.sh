#!/usr/bin/env bash
# `make fuzz-smoke` (docs/fuzz.md): replays every kept crasher of
# fuzz/regress/TARGET/, then runs each libFuzzer target FUZZ_SECONDS
# seconds (default 60) from its seeds in corpus/.
#
#   fuzz/smoke.sh BUILD_DIR BIN...
#
# New inputs go to BUILD_DIR/corpus/TARGET (corpus/ is only read), crash
# artifacts to BUILD_DIR/crashes/.  Move a crasher into fuzz/regress/TARGET/
# once it is fixed.  Ends with "fuzz-smoke: N passed, M failed".
set -u
build=$1
shift
seconds=${FUZZ_SECONDS:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
passed=0
failed=0

seeds_of() {
    case $1 in
    fuzz_parse) echo corpus/proto tests/errors ;;
    fuzz_infer) echo corpus/cuda ;;
    esac
}

# libclang catches its own crashes with signal handlers that hide ours.
export LIBCLANG_DISABLE_CRASH_RECOVERY=1

for bin in "$@"; do
    name=$(basename "$bin")
    target=${name#fuzz_}
    work="$build/corpus/$name"
    crashes="$build/crashes"
    mkdir -p "$work" "$crashes"
    regress=(fuzz/regress/"$target"/*)
    if [ -e "${regress[0]}" ]; then
        if "$bin" "${regress[@]}" > "$build/$name.regress.log" 2>&1; then
            echo "$name: ${#regress[@]} kept crashers replayed"
            passed=$((passed + 1))
        else
            echo "FAIL $name: a kept crasher fails again (see $build/$name.regress.log)"
            failed=$((failed + 1))
        fi
    fi
    seeds=()
    for d in $(seeds_of "$name"); do
        [ -d "$d" ] && seeds+=("$d")
    done
    log="$build/$name.log"
    if "$bin" -max_total_time="$seconds" -timeout=20 -print_final_stats=1 \
        -artifact_prefix="$crashes/$name-" "$work" "${seeds[@]}" > "$log" 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
        echo "$name: ${seconds}s, ${runs:-?} inputs, ${cov:-cov: ?}, no crash"
        passed=$((passed + 1))
    else
        echo "FAIL $name: crashed (see $log and $crashes/)"
        grep -m 3 -E 'ERROR|SUMMARY|fuzz_' "$log" | sed 's/^/    /'
        failed=$((failed + 1))
    fi
done
echo "fuzz-smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
