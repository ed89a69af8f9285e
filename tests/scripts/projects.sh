#!/usr/bin/env bash
# Projects (docs/projects.md): each folder of corpus/projects/ is a small
# project whose kernels and launches sit in different files.  Checked as a
# project (`mapkit check DIR`, or `--compdb DIR` where it has a
# compile_commands.json), every kernel gets the verdict its expect.txt
# gives; checked alone with the launch given by hand (the line's options,
# --no-host), it gets the same verdict.  A project verdict that differs
# from the hand-given one is a launch linked wrongly, or not at all.
#
#   expect.txt:  KERNEL STATUS FILE [OPTIONS...]   (# comments)
#   STATUS:      drf | racy | divergent | unknown
# TIMEOUT: 600
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
MAPKIT=${MAPKIT:-build/bin/mapkit}
TMP=${TEST_TMP:-$(mktemp -d)}

# "FILE KERNEL STATUS" per kernel of a text report: the worst of its lines
# (a kernel checked under several launches, a kernel template each unit
# instantiates, has one per launch, and one that sums them up)
verdicts() {
    sed -n -E 's/^([^ ]+): kernel ([A-Za-z_][A-Za-z0-9_]*): (data-race free|racy|divergent|unknown|ill-formed)( at [0-9]+ of [0-9]+ launch sites)?.*$/\1 \2 \3\4/p' |
        sed -E 's/ data-race free( at|$)/ drf\1/' |
        awk 'BEGIN { rank["racy"] = 4; rank["divergent"] = 3; rank["ill-formed"] = 3; rank["unknown"] = 2; rank["drf"] = 1 }
             { key = $1 " " $2; if (!(key in worst)) order[n++] = key }
             !(key in worst) || rank[$3] > rank[worst[key]] { worst[key] = $3 }
             END { for (i = 0; i < n; i++) print order[i], worst[order[i]] }'
}

for dir in corpus/projects/*/; do
    dir=${dir%/}
    name=${dir#corpus/projects/}
    [ -f "$dir/expect.txt" ] || { fail "$name: no expect.txt"; continue; }
    if [ -f "$dir/compile_commands.json" ]; then
        "$MAPKIT" check --compdb "$dir" > "$TMP/$name.out" 2> "$TMP/$name.err"
    else
        "$MAPKIT" check "$dir" > "$TMP/$name.out" 2> "$TMP/$name.err"
    fi
    verdicts < "$TMP/$name.out" > "$TMP/$name.got"
    expected=0
    while read -r kernel status file opts; do
        case $kernel in '#'* | '') continue ;; esac
        expected=$((expected + 1))
        got=$(awk -v f="$dir/$file" -v k="$kernel" '$1 == f && $2 == k { print $3 }' "$TMP/$name.got" | sort -u | tr '\n' ' ')
        expect_holds "$name: $kernel in $file is $status as a project (got: ${got:-nothing})" "[ '$got' = '$status ' ]"
        # shellcheck disable=SC2086
        hand=$("$MAPKIT" check --no-host --kernel "$kernel" $opts "$dir/$file" 2> /dev/null | verdicts | awk '{ print $3 }' | sort -u | tr '\n' ' ')
        expect_holds "$name: $kernel with the launch by hand ($opts) is $status too (got: ${hand:-nothing})" "[ '$hand' = '$status ' ]"
    done < "$dir/expect.txt"
    reported=$(wc -l < "$TMP/$name.got")
    expect_holds "$name: one verdict per kernel ($reported reported, $expected expected)" "[ $reported -eq $expected ]"
done

# A folder of independent programs (corpus/host: each file a whole program)
# checked as one project gets each program's verdicts file by file: linking
# adds no launch to a kernel whose own file launches it, and loses none.
# Left out: the programs that launch a CUfunction, which may be any kernel
# of the folder's (docs/projects.md), so that every kernel there would be
# checked for every launch too.
verdict_lines() { grep -E '^[^ ]+: kernel [^ ]+: ' | grep -v ' launch sites' | sort; }
mkdir -p "$TMP/host/corpus"
cp -r corpus/host "$TMP/host/corpus/"
rm "$TMP/host/corpus/host/host_calls_cu_launch.cu" "$TMP/host/corpus/host/host_calls_cu_launch_unseen.cu"
(cd "$TMP/host" && "$MAPKIT" check -j 2 corpus/host 2> /dev/null) | sed "s|$TMP/host/|<root>/|g" |
    verdict_lines > "$TMP/host-project"
# the files' own verdicts: their snapshot records' (tests/snapshot, the
# checkout written <root>), which the corpus cases hold to what this build
# prints
for f in "$TMP"/host/corpus/host/*.cu "$TMP"/host/corpus/host/host_compdb_project/src/*.cu; do
    awk '/^\$ mapkit check / { out = 1; next } /^--- stderr/ { out = 0 } out' "tests/snapshot/${f#"$TMP"/host/}.txt"
done | verdict_lines > "$TMP/host-files"
n=$(wc -l < "$TMP/host-files")
expect_holds "corpus/host as a project: the $n verdicts of its files checked one by one" \
    "[ $n -gt 40 ] && cmp -s '$TMP/host-project' '$TMP/host-files'"
# with it, a kernel launched by its own file is also checked for any launch
"$MAPKIT" check corpus/host > "$TMP/host-all.out" 2> /dev/null
expect_holds "corpus/host with its CUfunction launch: label_points is also checked for every launch" \
    "grep -q 'kernel label_points: racy at 1 of 2 launch sites (1 data-race free)' '$TMP/host-all.out'"
