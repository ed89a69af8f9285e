#!/usr/bin/env bash
# Aiming `mapkit fuzz` (docs/fuzz.md, "Aiming the fuzzer"): each switch a
# tool builder aims with shows its feature in a generated corpus when on,
# and never when off; the shares of racy and divergent cases are met; the
# code follows --style, --templates and --helpers.  (The --no-* switches
# are tests/fuzz.sh's.)  Usage: tests/fuzz_aim.sh BUILD_DIR.  The last line
# is "N passed, M failed".
set -u
shopt -s nullglob
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mapkit="$root/$build/bin/mapkit"
passed=0
failed=0
check() { # check DESCRIPTION COMMAND...: passes when COMMAND succeeds
    local what=$1
    shift
    if "$@" > /dev/null 2>&1; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $what"; fi
}
check_not() {
    local what=$1
    shift
    if "$@" > /dev/null 2>&1; then failed=$((failed + 1)); echo "FAIL $what"; else passed=$((passed + 1)); fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
mapkit=$(sanitizer_guard "$mapkit" "$tmp")
fuzz() { "$mapkit" fuzz -q "$@" > "$tmp/last.out" 2> "$tmp/last.err"; }
protos() { sed -s 1,3d "$1"/*.proto; } # the protocols of a corpus, without their headers

# cases of a verdict in a corpus's manifest
count_verdict() { grep -c "\"verdict\":\"$2\"" "$1/manifest.jsonl"; }
count_cases() { wc -l < "$1/manifest.jsonl"; }

echo "-- switches: on shows the feature, off never"
fuzz --seed 21 --count 16 --twins 0 --out "$tmp/base"
fuzz --seed 21 --count 16 --twins 0 --tiles --out "$tmp/tiles"
# warp-level barriers
check "--tiles: some sync warp or sync tile(N)" grep -Eq '^ *sync (warp|tile\()' <(protos "$tmp/tiles")
check "--tiles: \"tile-sync\" in the manifest" grep -q '"tile-sync"' "$tmp/tiles/manifest.jsonl"
check_not "default: no sync warp or tile" grep -Eq '^ *sync (warp|tile\()' <(protos "$tmp/base")
check_not "default: no \"tile-sync\" in the manifest" grep -q '"tile-sync"' "$tmp/base/manifest.jsonl"
# unknowns a group shares
fuzz --seed 21 --count 16 --twins 0 --no-shared --out "$tmp/noshared"
check "default: some unknown a block shares" grep -q '"shared-unknown"' "$tmp/base/manifest.jsonl"
check_not "--no-shared: no unknown a group shares" grep -q '"shared-unknown"' "$tmp/noshared/manifest.jsonl"
# nesting depth (the default has nesting; --depth 1 has none: tests/fuzz.sh)
check "default: some if or loop nested in another" grep -q '"nested"' "$tmp/base/manifest.jsonl"
fuzz --seed 21 --count 16 --twins 0 --depth 1 --out "$tmp/flat"
check_not "--depth 1: no \"nested\" in the manifest" grep -q '"nested"' "$tmp/flat/manifest.jsonl"
# atomics and grid-level races (global arrays raced on across blocks)
check "default: some atomic" grep -q '"atomic"' "$tmp/base/manifest.jsonl"
check "default: some global array" grep -q '"global"' "$tmp/base/manifest.jsonl"
check "default: some launch of two blocks" grep -q '"gridDim":\[2,' "$tmp/base/manifest.jsonl"
# pairwise preconditions
fuzz --seed 21 --count 16 --twins 0 --extended --out "$tmp/ext"
check "--extended: some pairwise precondition" grep -q '"pairwise"' "$tmp/ext/manifest.jsonl"
check_not "default: no pairwise precondition" grep -q '"pairwise"' "$tmp/base/manifest.jsonl"

echo "-- shares of racy and divergent cases"
fuzz --seed 21 --count 40 --twins 0 --out "$tmp/natural"
fuzz --seed 21 --count 40 --twins 0 --racy-share 0.8 --out "$tmp/racy"
n=$(count_cases "$tmp/racy") r=$(count_verdict "$tmp/racy" racy)
check "--racy-share 0.8: $r of $n cases racy" [ $((r * 10)) -ge $((n * 8 - 10)) -a $((r * 10)) -le $((n * 8 + 10)) ]
check "--racy-share 0.8: more racy than without ($(count_verdict "$tmp/natural" racy) of $(count_cases "$tmp/natural"))" \
    [ $((r * $(count_cases "$tmp/natural"))) -gt $(($(count_verdict "$tmp/natural" racy) * n)) ]
check "--racy-share: the summary counts the cases left out" grep -q 'left out: [1-9]' "$tmp/last.out"
fuzz --seed 21 --count 40 --twins 1 --racy-share 0 --out "$tmp/noracy"
check "--racy-share 0: cases written" [ "$(count_cases "$tmp/noracy")" -ge 5 ]
check_not "--racy-share 0: no racy case, twins included" grep -q '"verdict":"racy"' "$tmp/noracy/manifest.jsonl"
fuzz --seed 21 --count 40 --twins 0 --divergent-share 0.3 --out "$tmp/div"
n=$(count_cases "$tmp/div") d=$(count_verdict "$tmp/div" divergent)
check "--divergent-share 0.3: $d of $n cases divergent" [ $((d * 10)) -ge $((n * 3 - 10)) -a $((d * 10)) -le $((n * 3 + 10)) ]
check "--divergent-share 0.3: more divergent than without ($(count_verdict "$tmp/natural" divergent))" \
    [ "$d" -gt "$(count_verdict "$tmp/natural" divergent)" ]
fuzz --seed 21 --count 40 --twins 0 --divergent-share 0 --out "$tmp/nodiv"
check_not "--divergent-share 0: no divergent case" grep -q '"verdict":"divergent"' "$tmp/nodiv/manifest.jsonl"
check_not "shares adding up to more than 1 are refused" "$mapkit" fuzz --racy-share 0.7 --divergent-share 0.5 --out "$tmp/x"
check_not "a share above 1 is refused" "$mapkit" fuzz --racy-share 1.5 --out "$tmp/x"

echo "-- the code: --style, --templates, --helpers"
check "default: mapkit's extern functions" grep -q 'extern __device__' <(cat "$tmp"/base/*.cu)
fuzz --seed 21 --count 16 --twins 0 --style=plain --out "$tmp/plain"
check "--style=plain: cases written" [ "$(count_cases "$tmp/plain")" -ge 8 ]
check_not "--style=plain: no extern function" grep -q 'extern __device__' <(cat "$tmp"/plain/*.cu)
check_not "--style=plain: no const local or block-shared unknown generated" \
    grep -Eq 'const local|uniform (block|grid)|= sync;' <(protos "$tmp/plain")
fuzz --seed 21 --count 16 --twins 0 --style=gpuverify --out "$tmp/gv"
check "--style=gpuverify: GPUVerify's header and __requires" grep -q '__requires(' <(cat "$tmp"/gv/*.cu)
fuzz --seed 21 --count 16 --twins 0 --templates --helpers --out "$tmp/shaped"
check "--templates: kernel templates" grep -q '^template __global__ void' <(cat "$tmp"/shaped/*.cu)
check "--helpers: accesses through helpers" grep -q '__mapkit_store(' <(cat "$tmp"/shaped/*.cu)
check_not "default: no template, no helper" grep -Eq '^template|__mapkit_store\(' <(cat "$tmp"/base/*.cu)
check "--templates --helpers: the same protocols as without" \
    diff <(protos "$tmp/base") <(protos "$tmp/shaped")
# the differential loop checks the front end on the styled code
fuzz --check --seed 3 --count 40 --style=plain --templates --helpers --out "$tmp/check"
check "fuzz --check --style=plain --templates --helpers: the front end agrees ($(tail -n 2 "$tmp/last.out" | head -n 1))" \
    grep -q 'disagreements 0' "$tmp/last.out"

count_sanitizer_failures "$tmp"
echo "fuzz_aim: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
