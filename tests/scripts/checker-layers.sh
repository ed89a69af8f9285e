#!/usr/bin/env bash
# Who calls whom among the checker's files (docs/architecture-checker.md),
# read from the object files: for each checker/*.o, the functions of other
# checker files it references (nm: undefined against defined symbols).
#
#   tests/scripts/checker-layers.sh [BUILD_DIR] [-v]
#
# Checks, each one test:
#   - no cycle among the checker's files;
#   - smt.c, the thin layer over Z3, references no other checker file;
#   - the encoders (encode*.c, tiles.c, race_query.c) build terms and never
#     ask the solver: no symbol of solve.c or solve_race.c, no smt_attempt,
#     and no call up into a stage (which could ask it);
#   - only solve.c makes solver calls (smt_attempt).
# -v prints the graph, per file: the files it calls and how many of their
# functions.  Each check prints a line PASS or FAIL (tests/lib.sh), which the
# runner counts; the status is 1 when one failed.
set -u
build=build
verbose=0
for a in "$@"; do
    case $a in
    -v) verbose=1 ;;
    *) build=$a ;;
    esac
done
root=$(cd "$(dirname "$0")/../.." && pwd)
objdir=$root/$build/obj/checker
if ! ls "$objdir"/*.o > /dev/null 2>&1; then
    echo "FAIL checker-layers: no objects in $objdir (build first)"
    exit 1
fi
# Objects of files that no longer exist (a file renamed since the last
# build) would add edges of their own.
objs=()
for o in "$objdir"/*.o; do
    [ -f "$root/checker/$(basename "$o" .o).c" ] && objs+=("$o")
done
{
    for o in "${objs[@]}"; do
        f=$(basename "$o" .o)
        nm "$o" | awk -v f="$f" 'NF == 3 && $2 ~ /^[TDBR]$/ { print "def", f, $3 } NF == 2 && $1 == "U" { print "use", f, $2 }'
    done
} | python3 -c '
import sys, collections
verbose = sys.argv[1] == "1"
owner, uses = {}, collections.defaultdict(set)
files = set()
for line in sys.stdin:
    kind, f, sym = line.split()
    files.add(f)
    if kind == "def":
        owner[sym] = f
    else:
        uses[f].add(sym)
edges = collections.defaultdict(lambda: collections.defaultdict(set))
for f in files:
    for sym in uses[f]:
        g = owner.get(sym)
        if g and g != f:
            edges[f][g].add(sym)
if verbose:
    for f in sorted(files):
        print(f + " -> " + ", ".join("%s(%d)" % (g, len(s)) for g, s in sorted(edges[f].items())))
failed = False
def check(ok, what):
    global failed
    print(("PASS " if ok else "FAIL ") + "checker-layers: " + what)
    failed = failed or not ok
# cycles: Tarjan over the files
index, low, stack, on, sccs = {}, {}, [], set(), []
def visit(v):
    index[v] = low[v] = len(index)
    stack.append(v); on.add(v)
    for w in edges[v]:
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v:
                break
        sccs.append(comp)
sys.setrecursionlimit(10000)
for v in sorted(files):
    if v not in index:
        visit(v)
cycles = [sorted(c) for c in sccs if len(c) > 1]
check(not cycles, "files that call each other in a cycle: %s" % cycles)
check(not edges["smt"], "smt.c calls other checker files: %s" % sorted(edges["smt"]))
encoders = sorted(f for f in files if f.startswith("encode") or f in ("tiles", "race_query"))
# what the encoders may call: one another, the tables, the notes for the lemmas, the race report
below = set(encoders) | {"facts", "ticket", "groups", "lemmas", "smt", "witness", "result"}
for f in encoders:
    asks = sorted(edges[f].get("solve", set()) | edges[f].get("solve_race", set()) |
                  (edges[f].get("smt", set()) & {"smt_attempt"}))
    check(not asks, "the encoder %s.c asks the solver: %s" % (f, " ".join(asks)))
    above = sorted(g for g in edges[f] if g not in below)
    check(not above, "the encoder %s.c calls the stages %s" % (f, above))
callers = sorted(f for f in files if "smt_attempt" in edges[f].get("smt", set()))
check(callers == ["solve"], "solver calls (smt_attempt) outside solve.c: %s" % callers)
sys.exit(1 if failed else 0)
' "$verbose"
