#!/bin/sh
# bench/run.sh BUILD_DIR: the parse benchmark behind `make bench`.
#
# It prints numbers and a verdict per target; a missed target is reported,
# not fatal (timings depend on the machine).  It fails only when the
# benchmark file does not load or does not survive print + re-parse.
# shellcheck disable=SC2016 # the single-quoted $ are awk's
set -eu

build=${1:?usage: bench/run.sh BUILD_DIR}
dir=$build/bench
big=$dir/big10.proto
mkdir -p "$dir"

# The input is generated once; it only depends on gen_big_proto's size and
# seed, so delete it after changing the generator.
if [ ! -f "$big" ]; then
    echo "generating $big (10 MB, seed 2024)"
    "$build/bin/gen_big_proto" 10 2024 > "$big.tmp"
    mv "$big.tmp" "$big"
fi

echo "== bench_parse (best of 5 runs per phase)"
if ! "$build/bin/bench_parse" "$big" > "$dir/bench_parse.out"; then
    cat "$dir/bench_parse.out"
    echo "bench: FAILED: $big does not parse, resolve or round-trip" >&2
    exit 1
fi
cat "$dir/bench_parse.out"

# field LINE-PREFIX AWK-EXPR: a number from bench_parse's output.
field() {
    awk -v p="$1" "index(\$0, p) == 1 { $2; exit }" "$dir/bench_parse.out"
}
parse_mbs=$(field "parse: " 'print $(NF-1)')
load_mbs=$(field "parse+resolve: " 'print $(NF-1)')
rss_x=$(field "peak RSS: " 'sub(/^\(/, "", $5); print $5')

# The whole `mapkit fmt` (load, parse, resolve, print, write), as a user
# runs it; GNU time's -v gives its peak RSS.
fmt_line="mapkit fmt: skipped (no GNU /usr/bin/time)"
if [ -x /usr/bin/time ] && /usr/bin/time -v true > /dev/null 2>&1; then
    if ! /usr/bin/time -v "$build/bin/mapkit" fmt "$big" > /dev/null 2> "$dir/fmt.time"; then
        cat "$dir/fmt.time" >&2
        echo "bench: FAILED: mapkit fmt $big" >&2
        exit 1
    fi
    size=$(wc -c < "$big")
    fmt_line=$(awk -v size="$size" -F': ' '
        /User time \(seconds\)/ { cpu += $2 }
        /System time \(seconds\)/ { cpu += $2 }
        /Maximum resident set size/ { rss = $2 * 1024 }
        END { printf "mapkit fmt: %.2f s CPU, peak RSS %.1f MB (%.2f x input)",
              cpu, rss / 1048576, rss / size }' "$dir/fmt.time")
fi

verdict() { # verdict VALUE OP LIMIT
    awk -v v="$1" -v l="$3" -v op="$2" \
        'BEGIN { ok = op == ">=" ? v >= l : v <= l; print ok ? "MET" : "NOT MET" }'
}
echo "== summary ($big)"
echo "parse throughput >= 50 MB/s: $parse_mbs MB/s  $(verdict "$parse_mbs" ">=" 50)" \
     "  (parse+resolve: $load_mbs MB/s)"
echo "peak memory <= 10x input:    ${rss_x}x  $(verdict "$rss_x" "<=" 10)" \
     "  (bench_parse after parse+resolve+print)"
echo "$fmt_line"
