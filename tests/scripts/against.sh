#!/usr/bin/env bash
# `mapkit fuzz --against` (docs/fuzz.md, "Against another tool";
# docs/stress-testing.md):
#   - a planted-bug checker (tests/planted-checker.sh: mapkit check, verdict
#     swapped when a loop lies inside an if) is caught, and each of its
#     disagreements shrunk to at most 5 statements, with a full reproducer;
#   - a tool that crashes, one that hangs and one whose output no rule maps
#     are reported as such and never stop the run;
#   - regex verdict maps, --resume, -j 2, bad options.
# (fuzz/external.c's runner has its unit tests: tests/test_external.c.)
# The tools and the solver get limits far above what they take on a
# loaded machine, but where a run must hang.
#   tests/scripts/against.sh BUILD_DIR       (run by tests/runner.py)
# TIMEOUT: 600
set -u
cd "$ROOT" || exit 2
. tests/lib.sh
tmp=$TEST_TMP
against() { # against OUT TOOL [OPTIONS...]: fuzz --against, its exit status in $status
    local out=$1 tool=$2
    shift 2
    "$MAPKIT" fuzz -q --timeout=120000 --out "$out" --against "$tool" "$@" > "$out.stdout" 2> "$out.stderr"
    status=$?
}
count() { # count FILE CATEGORY: lines of that category
    grep -c "\"category\":\"$2\"" "$1"
}
planted="tests/planted-checker.sh $MAPKIT_BIN {}"

# ---- a planted bug is found and shrunk ----
for seed in 1 2; do
    out=$tmp/planted$seed
    against "$out" "$planted" --seed "$seed" --count 4 --twins 0 --against-on=proto --against-timeout 120000
    check "planted, seed $seed: exit 1 (disagreements), got $status" [ "$status" -eq 1 ]
    wrong=$(($(count "$out/results.jsonl" false-alarm) + $(count "$out/results.jsonl" missed-race)))
    check "planted, seed $seed: a false alarm or missed race" [ "$wrong" -ge 1 ]
    check "planted, seed $seed: no tool error" [ "$(count "$out/results.jsonl" tool-error)" -eq 0 ]
    for dir in "$out"/disagreements/*/; do
        for f in found.proto min.proto case.proto tool-output.txt label.txt; do
            check "planted: $dir$f written" [ -s "$dir$f" ]
        done
        name=$(basename "$dir")
        line=$(grep "\"name\":\"$name\"" "$out/results.jsonl")
        [[ $line =~ \"stmts\":\[([0-9]+),([0-9]+)\] ]] || { fail "planted: $name has no shrunk sizes"; continue; }
        check "planted: $name shrunk from ${BASH_REMATCH[1]} to ${BASH_REMATCH[2]} statements (want <= 5)" \
            [ "${BASH_REMATCH[2]}" -le 5 -a "${BASH_REMATCH[2]}" -lt "${BASH_REMATCH[1]}" ]
        # the reproducer still shows the bug: a loop inside an if, and the
        # tool's answer on it differs from the label
        check "planted: $name's reproducer has a loop inside an if" \
            grep -Eq '^        (for|foreach) ' "$dir/min.proto"
        label=$(sed -n '1s|^// verdict: ||p' "$dir/min.proto")
        tests/planted-checker.sh "$MAPKIT" "$dir/case.proto"
        said=$?
        want=$([ "$label" = drf ] && echo 0 || echo 1)
        check "planted: $name: the tool still disagrees on case.proto (label $label, exit $said)" [ "$said" -ne "$want" ]
        check "planted: $name: label.txt holds the interpreter's run" grep -q '^\$ mapkit run ' "$dir/label.txt"
        check "planted: $name: the label in the reproducer is not what the tool's file says" \
            grep -q 'label is withheld' "$dir/case.proto"
    done
    check "planted, seed $seed: summary table" grep -q '^  false alarm ' "$out.stdout"
    check "planted, seed $seed: an SVG chart" grep -q '<svg' "$out/planted-checker.sh.svg"
done
# the correct checker (plain mapkit check at the launch of the // args: line)
# agrees on every case
out=$tmp/honest
against "$out" "sh -c 'a=\$(sed -n \"s|^// args: ||p\" \"\$1\" | sed \"s/--values [0-9]*//\"); exec $MAPKIT_BIN check \$a \"\$1\" > /dev/null 2>&1' sh {}" \
    --seed 1 --count 3 --twins 1 --against-on=proto --against-timeout 120000
check "honest checker: exit 0, got $status ($(head -c 300 "$out.stderr"))" [ "$status" -eq 0 ]
check "honest checker: cases were asked" [ "$(count "$out/results.jsonl" agree)" -ge 1 ]
check "honest checker: every case agrees" [ "$(grep -c . "$out/results.jsonl")" -eq "$(($(count "$out/results.jsonl" agree) + $(count "$out/results.jsonl" unlabelled)))" ]

# mapkit check on the CUDA, front end included, reads the launch from the
# header (its line 1 is //pass for every case): every case agrees
out=$tmp/selfcu
against "$out" "$MAPKIT_BIN check {}" --seed 3 --count 3 --twins 1 --against-timeout 120000
check "mapkit check on .cu: exit 0, got $status" [ "$status" -eq 0 ]
check "mapkit check on .cu: cases were asked" [ "$(count "$out/results.jsonl" agree)" -ge 2 ]
# the same on the case's OpenCL (gen --lang=opencl, GPUVerify's OpenCL header)
out=$tmp/selfcl
against "$out" "$MAPKIT_BIN check {}" --seed 3 --count 3 --twins 1 --against-on=cl --against-timeout 120000
check "mapkit check on .cl: exit 0, got $status ($(head -c 300 "$out.stderr"))" [ "$status" -eq 0 ]
check "mapkit check on .cl: cases were asked" [ "$(count "$out/results.jsonl" agree)" -ge 2 ]
check "mapkit check on .cl: the summary names .cl files" grep -q 'on \.cl files' "$out.stdout"

# ---- crashes, hangs, unmapped output ----
out=$tmp/crash
against "$out" "sh -c 'kill -SEGV \$\$' sh {}" --seed 1 --count 3 --twins 0 --shrink-tries 20
check "crashing tool: exit 1, got $status" [ "$status" -eq 1 ]
check "crashing tool: every case a tool error" [ "$(count "$out/results.jsonl" tool-error)" -ge 2 ]
check "crashing tool: the signal is recorded" grep -q '"status":"crashed","signal":11' "$out/results.jsonl"
check "crashing tool: the run went on to the last protocol" grep -q '"index":2' "$out/results.jsonl"
# each run cut at its limit: a run not cut would sleep 30 s, and the three
# of them 90 s; the 300 ms limits leave the three far below that
out=$tmp/hang
start=$SECONDS
against "$out" "sh -c 'sleep 30; : mapkit-against-hang' sh {}" --seed 1 --count 3 --twins 0 --no-shrink --against-timeout 300
check "hanging tool: exit 1, got $status" [ "$status" -eq 1 ]
check "hanging tool: timeouts" [ "$(count "$out/results.jsonl" timeout)" -ge 2 ]
check "hanging tool: each run cut at its limit ($((SECONDS - start)) s)" [ $((SECONDS - start)) -lt 60 ]
check "hanging tool: no sleep left behind" [ -z "$(pgrep -f 'mapkit-against-hang' 2> /dev/null)" ]
out=$tmp/unmapped
against "$out" "sh -c 'echo hello' sh {}" --seed 1 --count 2 --twins 0 --no-shrink --verdict-map 're:race=racy;safe=drf'
check "unmapped output: a tool error" [ "$(count "$out/results.jsonl" tool-error)" -ge 1 ]
out=$tmp/missing
against "$out" '/nonexistent/checker {}' --seed 1 --count 2 --twins 0 --no-shrink
check "missing tool: could not start" grep -q '"status":"could not start"' "$out/results.jsonl"

# ---- regex maps ----
out=$tmp/regex
against "$out" "sh -c 'echo \"no races here\"' sh {}" --seed 1 --count 4 --twins 0 --no-shrink \
    --verdict-map 're:race detected=racy;no races=drf'
check "regex map: an answer of drf" grep -q '"answer":"drf"' "$out/results.jsonl"
check "regex map: drf cases agree" [ "$(count "$out/results.jsonl" agree)" -ge 1 ]

# ---- --resume and -j 2 ----
out=$tmp/resume
against "$out" "$planted" --seed 2 --count 2 --twins 0 --against-on=proto --no-shrink --against-timeout 120000
first=$(cat "$out/results.jsonl")
against "$out" "$planted" --seed 2 --count 4 --twins 0 --against-on=proto --no-shrink --resume --against-timeout 120000
check "resume: the first protocols are kept as they were" [ "$(head -n "$(printf '%s\n' "$first" | wc -l)" "$out/results.jsonl")" = "$first" ]
check "resume: the others are added" grep -q '"index":3' "$out/results.jsonl"
against "$tmp/par" "$planted" --seed 2 --count 4 --twins 0 --against-on=proto --no-shrink -j 2 --against-timeout 120000
strip() { sed 's/"seconds":[0-9.]*//' "$1"; }
check "-j 2: the same results as one process and a resumed run" diff <(strip "$out/results.jsonl") <(strip "$tmp/par/results.jsonl")

# ---- bad options ----
check "a bad verdict map exits 2" quiet_status 2 "$MAPKIT" fuzz --against 'true {}' --verdict-map 'exit:0=fine' --out "$tmp/bad"
check "--against-on=cu,cl exits 2 (one kind of file)" \
    quiet_status 2 "$MAPKIT" fuzz --against 'true {}' --against-on=cu,cl --out "$tmp/bad"
check "--against with --check exits 2" quiet_status 2 "$MAPKIT" fuzz --against 'true {}' --check --out "$tmp/bad"
