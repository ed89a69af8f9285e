#!/usr/bin/env python3
"""The test suite's one runner (tests/README.md).

    tests/runner.py [--build DIR] [--sanitize] [--mode check|quick|long]
                    [-j N] [-T PATTERN] [--update-snapshot] [-v] [PATH...]

It finds the cases (one case per file: the corpus, the case files of
tests/cases, the C test binaries, ...; harness/suites.py says which folder
holds which kind), runs them N at a time (default: the number of cores),
slowest first by the times of the last run, and ends with the line
"N passed, M failed" (cases), after the number of assertions, the skipped
cases and the 10 slowest.  -T keeps the cases whose name (the file's path
from the root) matches PATTERN (a regular expression); PATH arguments keep
those under the paths.  Python 3's standard library only.

The modes: `check` is `make check`; `quick` (`make check-quick`) is the
edit loop's subset; `long` (`make fuzz-long`) runs the randomised suites
with many more protocols.  --sanitize is the build of `make check
SANITIZE=1`: no corpus snapshot (its records' limits are not for the
sanitizers' slowness), fewer random protocols.
"""

import argparse
import concurrent.futures
import stat
import os
import sys
import tempfile
import shutil
import threading
import time
import traceback

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness.core import CURRENT, Context, Log  # noqa: E402
from harness import suites  # noqa: E402


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--build', default='build')
    p.add_argument('--sanitize', action='store_true')
    p.add_argument('--mode', choices=('check', 'quick', 'long'), default='check')
    p.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 2)
    p.add_argument('-T', '--filter', default=os.environ.get('T', ''))
    p.add_argument('--update-snapshot', action='store_true',
                   help='rewrite the records of tests/snapshot (implies --snapshot-only)')
    p.add_argument('--snapshot-only', action='store_true',
                   help='the corpus cases run their snapshot and nothing else')
    p.add_argument('-v', '--verbose', action='store_true')
    p.add_argument('--times', help='the timing log (default BUILD/test-times.tsv; -quick, -long)')
    p.add_argument('--list', action='store_true', help='list the cases, run nothing')
    p.add_argument('--save-costs', action='store_true',
                   help='rewrite %s from the last full run of make check, run nothing' % COSTS)
    p.add_argument('paths', nargs='*')
    return p.parse_args(argv)


# The seconds the slow cases took in a full run of make check, committed so
# that a clean checkout (no times of its own yet: CI) also starts them
# first; without it a long case scheduled last ends the run alone.
COSTS = 'tests/case-costs.tsv'
COSTS_FLOOR_S = 4.0


def read_times(path):
    times = {}
    try:
        with open(path) as f:
            for line in f:
                parts = line.rstrip('\n').split('\t')
                if len(parts) >= 2 and parts[0] != '#':
                    try:
                        times[parts[0]] = float(parts[1])
                    except ValueError:
                        pass
    except OSError:
        pass
    return times


def write_times(path, results, wall, cpu):
    lines = ['#\tseconds\tresult\tassertions passed\tfailed\tcpu seconds']
    for name, (log, seconds) in sorted(results.items()):
        lines.append('%s\t%.2f\t%s\t%d\t%d\t%.2f' % (
            name, seconds, status_word(log), log.passed, log.failed, log.cpu))
    lines.append('#total\twall %.1f\tuser %.1f\tsystem %.1f' % (wall, cpu[0], cpu[1]))
    try:
        with open(path, 'w') as f:
            f.write('\n'.join(lines) + '\n')
    except OSError:
        pass


def save_costs(build_abs, root):
    times = read_times(os.path.join(build_abs, 'test-times.tsv'))
    if not times:
        print('no full run of make check recorded in %s/test-times.tsv' % build_abs)
        return 2
    slow = sorted(((s, n) for n, s in times.items() if s >= COSTS_FLOOR_S), reverse=True)
    with open(os.path.join(root, COSTS), 'w') as f:
        f.write('# case\tseconds: written by tests/runner.py --save-costs from a full run of make check\n')
        for seconds, name in slow:
            f.write('%s\t%.1f\n' % (name, seconds))
    print('%s: %d cases of %.0f s or more' % (COSTS, len(slow), COSTS_FLOOR_S))
    return 0


def status_word(log):
    if log.skipped is not None:
        return 'skipped'
    return 'failed' if log.failed else 'passed'


def select(cases, args, root):
    chosen = []
    prefixes = [os.path.relpath(os.path.abspath(p), root) for p in args.paths]
    pattern = args.filter
    import re
    rx = re.compile(pattern) if pattern else None
    for case in cases:
        if prefixes and not any(case.name == p or case.name.startswith(p.rstrip('/') + '/') for p in prefixes):
            continue
        if rx and not rx.search(case.name):
            continue
        chosen.append(case)
    return chosen


def run_case(ctx, case):
    log = Log()
    CURRENT.log = log
    start = time.monotonic()
    missing = [w for w in getattr(case, 'requires', []) if not feature_met(w, ctx.features)]
    if missing:
        log.skip('REQUIRES: ' + ' '.join(missing))
    else:
        try:
            case.execute(ctx, log)
        except Exception:
            log.check(False, 'the runner failed on this case:\n' + traceback.format_exc())
        log.check('null-device' not in ctx.features or null_device_intact(),
                  '/dev/null is no longer a device after this case: a command it ran (or one running '
                  'beside it) replaced it, and every later "> /dev/null" fills a file')
    return log, time.monotonic() - start


def null_device_intact():
    # A command run as root that removes or renames over /dev/null leaves a
    # plain file there, which every later "> /dev/null" fills: the cases
    # that read /dev/null as an empty input then read whatever was written.
    # (Some machines start that way: harness/core.py's feature null-device.)
    try:
        return stat.S_ISCHR(os.stat('/dev/null').st_mode)
    except OSError:
        return False


def feature_met(word, features):
    if word.startswith('!'):
        return word[1:] not in features
    return word in features


def report(case_name, log, seconds, verbose, out_lock):
    with out_lock:
        if log.skipped is not None:
            if verbose:
                print('SKIP: %s (%s)' % (case_name, log.skipped))
        elif log.failed:
            print('FAIL: %s (%.1f s, %d of %d assertions failed)' % (
                case_name, seconds, log.failed, log.failed + log.passed))
            for message in log.messages:
                print('  ' + message.replace('\n', '\n  '))
        elif verbose:
            print('PASS: %s (%.1f s)' % (case_name, seconds))
        sys.stdout.flush()


def main(argv):
    args = parse_args(argv)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    sanitize = args.sanitize or os.path.basename(args.build.rstrip('/')).endswith('-san')
    tmp = tempfile.mkdtemp(prefix='suite.')
    try:
        ctx = Context(root, args.build, sanitize, args.mode, args.update_snapshot, tmp)
        ctx.snapshot_only = args.snapshot_only or args.update_snapshot
        ctx.env['PYTHON'] = sys.executable
        ctx.prepare()
        if 'null-device' not in ctx.features:
            print('-- note: /dev/null is a plain file on this machine, not the null device: the cases '
                  'that read it as an empty input are skipped (REQUIRES: null-device); as root, '
                  '"rm /dev/null; mknod -m 666 /dev/null c 1 3" restores it')
        if args.save_costs:
            return save_costs(ctx.build_abs, root)
        cases = select(suites.discover(ctx), args, root)
        if args.list:
            for case in cases:
                print(case.name)
            return 0
        return run_all(ctx, cases, args)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run_all(ctx, cases, args):
    # one log per mode: bench/suite.sh reads make check's
    suffix = '' if ctx.mode == 'check' else '-' + ctx.mode
    times_path = args.times or os.path.join(ctx.build_abs, 'test-times%s.tsv' % suffix)
    last = read_times(os.path.join(ctx.root, COSTS))
    last.update(read_times(os.path.join(ctx.build_abs, 'test-times.tsv')))
    last.update(read_times(times_path))
    # slowest first, so that the long cases do not end the run alone (LPT)
    cases.sort(key=lambda c: -last.get(c.name, getattr(c, 'cost', 1.0)))
    print('-- %d cases, %d at a time (%s build, %s)' % (
        len(cases), args.jobs, 'sanitizer' if ctx.sanitize else 'normal', ctx.mode))
    sys.stdout.flush()
    results = {}
    start = time.monotonic()
    before = os.times()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(run_case, ctx, case): case for case in cases}
        try:
            collect(args, futures, results, start)
        except KeyboardInterrupt:
            # the cases' commands run in process groups of their own: end them
            ctx.kill_all()
            print('\ninterrupted')
            shutil.rmtree(ctx.tmp, ignore_errors=True)
            os._exit(130)
    wall = time.monotonic() - start
    after = os.times()
    cpu = (after.children_user - before.children_user, after.children_system - before.children_system)
    if not args.paths and not args.filter:
        write_times(times_path, results, wall, cpu)
    return summarize(results, wall, cpu)


def collect(args, futures, results, start):
    """Reports each case as it ends, and the progress every tenth."""
    out_lock = threading.Lock()
    step = max(1, len(futures) // 10)
    for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
        case = futures[future]
        log, seconds = future.result()
        results[case.name] = (log, seconds)
        report(case.name, log, seconds, args.verbose, out_lock)
        if done % step == 0 and not args.verbose and len(futures) > 20:
            failed = sum(1 for log, _ in results.values() if log.failed)
            print('-- %d of %d cases done, %d failed (%.0f s)' % (done, len(futures), failed, time.monotonic() - start))
            sys.stdout.flush()


def summarize(results, wall, cpu):
    skipped = sorted((n, log.skipped) for n, (log, _) in results.items() if log.skipped is not None)
    ran = {n: r for n, r in results.items() if r[0].skipped is None}
    passed = sum(1 for log, _ in ran.values() if not log.failed)
    failed = len(ran) - passed
    print()
    if skipped:
        print('skipped: %d cases' % len(skipped))
        for name, why in skipped:
            print('  %s (%s)' % (name, why))
    print('slowest (wall, and the CPU time of the commands each ran):')
    for name, (log, seconds) in sorted(ran.items(), key=lambda r: -r[1][1])[:10]:
        print('  %7.1f s  %7.1f s cpu  %s' % (seconds, log.cpu, name))
    print('time: %.0f s wall, %.0f s user, %.0f s system' % (wall, cpu[0], cpu[1]))
    assertions_passed = sum(log.passed for log, _ in ran.values())
    assertions_failed = sum(log.failed for log, _ in ran.values())
    print('assertions: %d passed, %d failed' % (assertions_passed, assertions_failed))
    if failed:
        print('failed: ' + ' '.join(sorted(n for n, (log, _) in ran.items() if log.failed)))
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
