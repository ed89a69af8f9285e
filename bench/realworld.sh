#!/bin/sh
# bench/realworld.sh [-j N] [-t SECONDS] [-m MAPKIT] DIR: `mapkit check` on
# every kernel of every .cu/.cuh file under DIR, summed up in one table.
#
# It is how we measure the front end on real projects (docs/inference.md): the code
# lives outside the repository (DEVELOPERS.md says where), so this script is
# a measuring tool, not a test.  It prints
#   - kernels, and how many came back DRF, racy, divergent, unknown, error;
#     "verdict" counts the three verdicts, "complete" those whose protocol
#     has no 'opaque' (a racy or divergent verdict otherwise is potential);
#   - the reasons for unknowns and errors, grouped (mapkit's own words, with
#     quoted names and numbers folded so that one cause is one row);
#   - for racy and divergent kernels, whether the alarm is potential only
#     because the protocol is incomplete ('opaque'), and why it is.
# A kernel found through several files (a header included twice) counts
# once, with the verdict of a file that includes it where there is one.
# A file whose check crashes, times out or loads nothing although it
# declares a __global__ (outside a // comment) counts as one error row for
# the file.
#
# -j N        files checked at once (default 2)
# -t SECONDS  time limit per file (default 60); mapkit's own --timeout is
#             the per-kernel limit (default 20 s)
# -m MAPKIT   the binary (default build/bin/mapkit)
# -I DIR      an include directory of the project, as its build gives it
#             (repeatable; passed to mapkit)
# -D NAME[=V] a macro the project's build defines (repeatable; passed to mapkit)
# -v          also list every kernel with its verdict and reason
set -eu

# One file (run by xargs below): its stdout, stderr and exit status, under a
# name of its own in $work.
if [ "${1:-}" = --one ]; then
    f=$2
    id=$(printf '%s' "$f" | cksum | cut -d' ' -f1)
    rc=0
    # shellcheck disable=SC2086 # $includes is a list of -I options
    timeout -k 5 "$limit" "$mapkit" check $includes "$f" > "$work/$id.out" 2> "$work/$id.err" || rc=$?
    printf '%s\n' "$f" > "$work/$id.path"
    printf '%s\n' "$rc" > "$work/$id.rc"
    exit 0
fi

jobs=2
limit=60
mapkit=build/bin/mapkit
verbose=0
includes=
while getopts j:t:m:I:D:v opt; do
    case $opt in
    j) jobs=$OPTARG ;;
    t) limit=$OPTARG ;;
    m) mapkit=$OPTARG ;;
    I) includes="$includes -I$OPTARG" ;;
    D) includes="$includes -D$OPTARG" ;;
    v) verbose=1 ;;
    *) echo "usage: bench/realworld.sh [-j N] [-t SECONDS] [-m MAPKIT] [-I DIR]... [-D NAME[=V]]... [-v] DIR" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
dir=${1:?usage: bench/realworld.sh [-j N] [-t SECONDS] [-m MAPKIT] [-I DIR]... [-D NAME[=V]]... [-v] DIR}
[ -d "$dir" ] || { echo "realworld: $dir is not a directory" >&2; exit 2; }
[ -x "$mapkit" ] || { echo "realworld: $mapkit is not built" >&2; exit 2; }
case $mapkit in /*) ;; *) mapkit=$(pwd)/$mapkit ;; esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

export work limit mapkit includes
find "$dir" -type f \( -name '*.cu' -o -name '*.cuh' \) | sort > "$work/files"
nfiles=$(wc -l < "$work/files")
tr '\n' '\0' < "$work/files" | xargs -0 -r -n1 -P "$jobs" "$0" --one

# One record per kernel (or per failed file): key, verdict, reason.
for p in "$work"/*.path; do
    [ -e "$p" ] || continue
    base=${p%.path}
    f=$(cat "$p")
    rc=$(cat "$base.rc")
    awk -v file="$f" -v rc="$rc" -v limit="$limit" -v errfile="$base.err" '
    # Folds quoted names and numbers, so that one cause is one group.
    function fold(s) {
        named = ""
        if (match(s, /\047[^\047]*\047/)) named = substr(s, RSTART + 1, RLENGTH - 2)
        gsub(/\047[^\047]*\047/, "\047_\047", s)
        gsub(/[0-9]+/, "N", s)
        return s
    }
    # The warning mapkit gave at file:line:col, the reason an opaque is there.
    function warning_at(where,    line, msg, note) {
        msg = ""; note = ""
        while ((getline line < errfile) > 0) {
            if (index(line, where ": warning: ") == 1 && msg == "")
                msg = substr(line, length(where) + 12)
            # or the note there: "the function called here has an error (...)"
            if (index(line, where ": note: ") == 1 && note == "")
                note = substr(line, length(where) + 9)
        }
        close(errfile)
        if (msg == "") msg = note
        return msg == "" ? "(no warning at " where ")" : msg
    }
    function opaque_reason(block,    m, where) {
        if (match(block, /incomplete: \047opaque\047 at line [0-9]+/)) {
            m = substr(block, RSTART, RLENGTH)
            sub(/.* at line /, "", m)
            return "opaque: " fold(warning_by_line(m))
        }
        return ""
    }
    # The warning at line n, or else the note there (a callee with an error).
    function warning_by_line(n,    line, msg, note) {
        msg = ""; note = ""
        while ((getline line < errfile) > 0) {
            if (msg == "" && match(line, ":" n ":[0-9]+: warning: "))
                msg = substr(line, RSTART + RLENGTH)
            if (note == "" && match(line, ":" n ":[0-9]+: note: "))
                note = substr(line, RSTART + RLENGTH)
        }
        close(errfile)
        if (msg == "") msg = note
        return msg == "" ? "(no warning at line " n ")" : msg
    }
    BEGIN { block = ""; n = 0 }
    # one verdict per launch site: "...: kernel k: racy (launch at f.cu:88:5)"
    { sub(/ \(launch at [^)]*\)$/, "") }
    / kernel [^ ]+: (data-race free|racy|divergent|unknown|error)$/ && !/^ / {
        verdict = $NF
        if (verdict == "free") verdict = "drf"
        kpath = $0; sub(/: kernel [^ ]+: [a-z -]+$/, "", kpath)
        while (sub(/\/\.\//, "/", kpath)) ;   # dir/./k.cu, as `#include "./k.cu"` names it, is dir/k.cu
        kname = $0; sub(/.*: kernel /, "", kname); sub(/: [a-z -]+$/, "", kname)
        reason = ""
        if (verdict == "unknown") {
            if (match(block, /[^\n]*: warning: (kernel [^ ]+: )?unknown: [^\n]*/)) {
                u = substr(block, RSTART, RLENGTH)
                where = u; sub(/: warning: .*/, "", where)
                msg = u; sub(/.*unknown: /, "", msg)
                if (msg ~ /^the protocol is incomplete here/)
                    reason = "opaque: " fold(warning_at(where))
                else
                    reason = fold(msg)
            }
        } else if (verdict == "error") {
            if (match(block, /[^\n]*error: [^\n]*/)) {
                msg = substr(block, RSTART, RLENGTH); sub(/.*error: /, "", msg)
                reason = fold(msg)
            }
        } else if (verdict == "racy" || verdict == "divergent") {
            reason = opaque_reason(block)
        }
        printf "%s: %s\t%s\t%s\t%s\t%d\n", kpath, kname, verdict, reason, reason == "" ? "" : named,
               kpath == file
        n++
        block = ""
        next
    }
    { block = block $0 "\n" }
    END {
        if (n > 0 && (rc == 0 || rc == 1 || rc == 3 || rc == 4)) exit
        if (n > 0 && rc == 2) exit   # every kernel reported; the file said why
        # nothing to check: a header without kernels is not a failure
        g = 0
        while ((getline line < file) > 0) { sub(/\/\/.*/, "", line); if (line ~ /__global__/) g = 1 }
        close(file)
        if (n == 0 && !g) exit
        if (rc == 124 || rc == 137) reason = "file: timed out after " limit " s"
        else if (rc > 128) reason = "file: crashed (signal " rc - 128 ")"
        else {
            reason = ""
            while ((getline line < errfile) > 0)
                if (reason == "" && line ~ /error: /) { reason = line; sub(/.*error: /, "", reason) }
            close(errfile)
            if (reason == "")
                reason = "kernels declared, none checked"
            reason = "file: " fold(reason)
        }
        printf "%s: (file)\t%s\t%s\t%s\t1\n", file, "error", reason, named
    }' "$base.out"
done > "$work/all"
# A kernel met through several files is taken as the file that includes it
# sees it (its macros and types in scope, as the project compiles it): the
# record with last field 0 first.
tab=$(printf '\t')
sort -t "$tab" -k1,1 -k5,5n "$work/all" | awk -F '\t' '$1 != last { print; last = $1 }' > "$work/records"

awk -F '\t' -v dir="$dir" -v nfiles="$nfiles" -v verbose="$verbose" '
{
    n++; count[$2]++
    if ($2 == "unknown" || $2 == "error") { why[$2 "\t" $3]++ }
    else if ($3 != "") { alarm[$2 "\t" $3]++; npotential++ }
    if ($4 != "") names[$2 "\t" $3, $4]++
    if (verbose) rows = rows sprintf("  %-9s %s%s\n", $2, $1, $3 == "" ? "" : "  [" $3 "]")
}
# The three names the group meets most, with their counts: what to fix first.
function examples(group,    k, parts, best, bn, i, j, out, taken) {
    out = ""
    for (i = 1; i <= 3; i++) {
        best = ""; bn = 0
        for (k in names) {
            split(k, parts, SUBSEP)
            if (parts[1] == group && !((k) in taken) && names[k] > bn) { best = k; bn = names[k] }
        }
        if (best == "") break
        taken[best] = 1
        split(best, parts, SUBSEP)
        out = out (i == 1 ? " [" : ", ") parts[2] " " bn
    }
    return out == "" ? "" : out "]"
}
function pct(k) { return n ? sprintf("%5.1f%%", 100 * count[k] / n) : "   -  " }
END {
    printf "== %s: %d files, %d kernels\n", dir, nfiles, n
    printf "  %-10s %6s %7s\n", "verdict", "kernels", "share"
    split("drf racy divergent unknown error", order, " ")
    for (i = 1; i <= 5; i++)
        printf "  %-10s %6d %7s\n", order[i], count[order[i]], pct(order[i])
    v = count["drf"] + count["racy"] + count["divergent"]
    printf "  %-10s %6d %7s\n", "verdict", v, n ? sprintf("%5.1f%%", 100 * v / n) : "   -  "
    # a racy/divergent verdict on an incomplete protocol is only potential
    complete = v - npotential
    printf "  %-10s %6d %7s  (verdicts on a complete protocol)\n", "complete", complete,
           n ? sprintf("%5.1f%%", 100 * complete / n) : "   -  "
    if (length(why)) {
        print "  reasons for unknown and error:"
        for (k in why) { split(k, p, "\t"); printf "    %4d  %-7s %s%s\n", why[k], p[1], p[2], examples(k) | "sort -k1,1nr -k2" }
        close("sort -k1,1nr -k2")
    }
    if (length(alarm)) {
        print "  racy/divergent only potentially, the protocol being incomplete:"
        for (k in alarm) { split(k, p, "\t"); printf "    %4d  %-9s %s%s\n", alarm[k], p[1], p[2], examples(k) | "sort -k1,1nr -k2" }
        close("sort -k1,1nr -k2")
    }
    if (verbose) { print "  kernels:"; printf "%s", rows }
}' "$work/records"
