#!/usr/bin/env bash
# `mapkit fuzz`'s manifest against its files (docs/fuzz.md), line by line:
#   - every manifest line matches its files (verdict comment, GPUVerify header);
#   - labels re-verified by `mapkit run` and both engines of `mapkit check`;
#   - every racy twin is racy, and differs from its DRF parent by one sync;
#   - the shrinker reduces a planted disagreement to a few statements.
#   tests/scripts/fuzz-manifest.sh BUILD_DIR       (run by tests/runner.py)
set -u
shopt -s nullglob
cd "$ROOT" || exit 2
. tests/lib.sh
tmp=$TEST_TMP
# (a wall-clock limit far above the solver's budgets: they decide, not the load)
fuzz() { "$MAPKIT" fuzz --timeout=120000 -q "$@" > /dev/null 2> "$tmp/stderr"; }

fuzz --seed 11 --count 14 --out "$tmp/a"
check "fuzz exits 0 without disagreements (got $?)" [ $? -eq 0 ]

# ---- manifest against files ----
dir="$tmp/a"
re_name='"name":"([^"]*)"'
re_verdict='"verdict":"([a-z]*)"'
re_kernels='"kernels":\{([^}]*)\}'
re_block='"blockDim":\[([0-9]+),([0-9]+),([0-9]+)\]'
re_grid='"gridDim":\[([0-9]+),([0-9]+),([0-9]+)\]'
re_twin='"twin_of":"([^"]*)".*"sync_line":([0-9]+)'
listed=0
twins=()
while IFS= read -r line; do
    listed=$((listed + 1))
    [[ $line =~ $re_name ]] || { fail "manifest line without a name: $line"; continue; }
    name=${BASH_REMATCH[1]}
    [[ $line =~ $re_verdict ]] && verdict=${BASH_REMATCH[1]}
    [[ $line =~ $re_kernels ]] && kernels=${BASH_REMATCH[1]}
    check "$name.proto exists" [ -f "$dir/$name.proto" ]
    check "$name.cu exists" [ -f "$dir/$name.cu" ]
    # the verdict comment: one word, or k0=.. k1=.. when kernels differ
    want=$(printf '%s' "$kernels" | sed 's/"//g; s/:/=/g; s/,/ /g')
    words=$(printf '%s\n' "$want" | tr ' ' '\n' | sed 's/.*=//' | sort -u)
    [ "$(printf '%s\n' "$words" | wc -l)" -eq 1 ] && want=$words
    check "$name: verdict comment '$want'" grep -qx "// verdict: $want" "$dir/$name.proto"
    [ "$verdict" = drf ] && gv="//pass" || gv="//xfail:NOT_ALL_VERIFIED"
    case $kernels in *racy* | *divergent*) gv="//xfail:NOT_ALL_VERIFIED" ;; esac
    check "$name.cu line 1 is $gv" [ "$(sed -n 1p "$dir/$name.cu")" = "$gv" ]
    [[ $line =~ $re_block ]] && bx=${BASH_REMATCH[1]} by=${BASH_REMATCH[2]}
    [[ $line =~ $re_grid ]] && gx=${BASH_REMATCH[1]}
    [ "$by" -gt 1 ] && bdim="[$bx,$by]" || bdim="[$bx]"
    check "$name.cu line 2 gives the launch" grep -qxF -- "//--blockDim=$bdim --gridDim=[$gx]" <(sed -n 2p "$dir/$name.cu")
    [[ $line =~ $re_twin ]] && twins+=("$name ${BASH_REMATCH[1]} ${BASH_REMATCH[2]}")
done < "$dir/manifest.jsonl"
files=("$dir"/*.proto)
check "manifest lists every case (${#files[@]} files, $listed lines)" [ "${#files[@]}" -eq "$listed" ]
check "there are racy twins (${#twins[@]})" [ "${#twins[@]}" -ge 1 ]

# ---- labels re-verified by the command-line tools ----
statuses() { # "k0=drf k1=racy" from --format=json
    local line out="" re='^\{"kernel":"([^"]*)".*,"status":"([a-z]*)"'
    while IFS= read -r line; do
        [[ $line =~ $re ]] && out="$out${out:+ }${BASH_REMATCH[1]}=${BASH_REMATCH[2]}"
    done
    printf '%s' "$out"
}
verify() { # verify FILE.proto: run, interval and align give the manifest's verdicts
    local f=$1 name want args cargs got e
    name=$(basename "$f" .proto)
    want=$(grep "\"name\":\"$name\"" "$dir/manifest.jsonl" | grep -o '"kernels":{[^}]*}' |
        sed 's/"kernels":{//; s/}//; s/"//g; s/:/=/g; s/,/ /g')
    read -r -a args <<< "$(sed -n 's|^// args: ||p' "$f")"
    read -r -a cargs <<< "$(sed -n 's|^// args: ||p' "$f" | sed 's/--values [0-9]*//')"
    got=$("$MAPKIT" run "${args[@]}" --format=json "$f" 2> /dev/null | statuses)
    check "$name: mapkit run says '$want' (got '$got')" [ "$got" = "$want" ]
    for e in interval align; do
        got=$("$MAPKIT" check "${cargs[@]}" --engine=$e --format=json "$f" 2> /dev/null | statuses)
        check "$name: mapkit check --engine=$e says '$want' (got '$got')" [ "$got" = "$want" ]
    done
}
n=0
for f in "$dir"/s11-0000[0-5].proto; do
    verify "$f"
    n=$((n + 1))
done
check "labels re-verified on $n cases" [ "$n" -ge 4 ]

# ---- every twin is racy and is its parent minus one sync ----
for t in "${twins[@]}"; do
    read -r name parent line <<< "$t"
    verify "$dir/$name.proto"
    check "$name: parent $parent is drf" grep -qx "// verdict: drf" "$dir/$parent.proto"
    check "$name: line $line of $parent.proto is a sync" grep -qx ' *sync;' <(sed -n "${line}p" "$dir/$parent.proto")
    check "$name: $parent.proto without line $line" \
        diff <(sed "${line}d" "$dir/$parent.proto" | sed 1,3d) <(sed 1,3d "$dir/$name.proto")
done

# ---- the shrinker reduces a planted disagreement ----
# --plant-bug=A makes the interval engine answer wrongly on every kernel that
# writes A: the oracles disagree, and the smallest reproducer is one write.
fuzz --check --seed 5 --count 4 --twins 0 --plant-bug=A --out "$tmp/plant"
check "a planted bug makes --check exit 1" [ $? -eq 1 ]
re_stmts='"stmts":\[([0-9]+),([0-9]+)\]'
re_min='"shrunk":\{"file":"([^"]*)"'
shrunk=0
while IFS= read -r line; do
    [[ $line =~ $re_stmts ]] || { fail "disagreement without shrink sizes: $line"; continue; }
    before=${BASH_REMATCH[1]} after=${BASH_REMATCH[2]}
    [[ $line =~ $re_min ]] && min="$tmp/plant/${BASH_REMATCH[1]}"
    check "planted bug shrunk from $before to at most 2 statements (got $after)" [ "$after" -le 2 ]
    check "planted bug: the reproducer had more to lose ($before statements)" [ "$before" -ge $((after + 3)) ]
    check "planted bug: the reproducer still writes A" grep -q 'wr A\[' "$min"
    check "planted bug: the reproducer loads" quiet "$MAPKIT" fmt "$min"
    shrunk=$((shrunk + 1))
done < "$tmp/plant/disagreements.jsonl"
check "planted bug found and shrunk ($shrunk times)" [ "$shrunk" -ge 1 ]
