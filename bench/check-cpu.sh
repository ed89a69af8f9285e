#!/usr/bin/env bash
# CPU time of one `mapkit check FILE.cu` process per corpus/cuda file (user
# + system of the child, from its rusage: microseconds, not the 10 ms of
# GNU time), start-up, libclang's parse, inference and solving included:
# the median against its target (a typical check under 40 ms of CPU), the
# quartiles and the slowest.  It reports; it never fails the bench.
#
#   bench/check-cpu.sh [BUILD_DIR]
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 0
mapkit=$root/$build/bin/mapkit
[ -x "$mapkit" ] || { echo "bench/check-cpu.sh: $mapkit not built"; exit 0; }
exec python3 - "$mapkit" corpus/cuda/*.cu <<'PY'
import os, subprocess, sys
mapkit, files = sys.argv[1], sys.argv[2:]
cpu = []
for f in files:
    p = subprocess.Popen([mapkit, 'check', f], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, ru = os.wait4(p.pid, 0)
    cpu.append(((ru.ru_utime + ru.ru_stime) * 1000.0, os.path.basename(f)))
cpu.sort()
n = len(cpu)
at = lambda q: cpu[min(n - 1, int(q * n))][0]
median = cpu[(n - 1) // 2][0]
print('== CPU of one `mapkit check FILE.cu` process over corpus/cuda (%d files)' % n)
print('  median %6.1f ms   target < 40 ms: %s' % (median, 'MET' if median < 40 else 'NOT MET'))
print('  p25 %.1f ms, p75 %.1f ms, p95 %.1f ms' % (at(0.25), at(0.75), at(0.95)))
print('  slowest: ' + ', '.join('%s %.0f ms' % (name, ms) for ms, name in cpu[-3:][::-1]))
PY
