#!/usr/bin/env python3
"""The emulation oracle (docs/emulate.md, docs/emulate-opencl.md): every
CUDA or OpenCL kernel given whose launch its file states runs on the CPU
(`mapkit emulate`) on three inputs (buffers zero; seed 1; seed 1 with
signed values of both signs), one build for all, and what the executions
show is held against `check` and the labels:

  - a race or divergence shown by execution is never called data-race
    free by `check` (its verdict from the corpus snapshot, tests/snapshot/,
    or --snapshot DIR): a "soundness" failure;
  - a file labelled drf shows none: a "label" failure (of the label, the
    emulator, or the kernel);
  - in corpus/cuda/sound, whose kernels are built to show their bug, a
    racy or divergent kernel shows it: else an "unseen" failure.  Elsewhere
    an unseen racy label is a note: one input proves nothing absent.

A file may state the inputs it accepts (`// oracle-inputs: zero`, with
the reason on the line): only those run.

tests/emulate_known.txt lists today's failures, one a line (PATH KIND:
why); a listed file that now passes fails too, so the list only shrinks.
Kernels that do not compile for the CPU, or hit a limit, are counted and
listed, never failed.  Prints PASS/FAIL lines (tests/lib.sh's format).

With ORACLE_TIMES=FILE in the environment, each file's seconds and outcome
are written there, slowest first (for tuning the limit and the split).

usage: emulate_oracle.py MAPKIT [-j N] [--snapshot DIR] FILES..."""

import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

KNOWN = 'tests/emulate_known.txt'
# signed:1 is seed 1's input with the signs of signed values drawn (signed
# scalars negative): what it shows and seed 1 does not, a negative value shows
SEEDS = os.environ.get('ORACLE_SEEDS', 'zero,1,signed:1').split(',')
SHOWN = ('racy', 'divergent')
# each run's limit: a kernel beyond it is counted as not emulated
TIMEOUT_MS = int(os.environ.get('ORACLE_TIMEOUT_MS', '1000'))
SOUND_CORPUS = 'corpus/cuda/sound/'


def label_of(text):
    m = re.search(r'^// expect: (\w+)', text, re.M)
    return m.group(1) if m else None


def launch_known(path, text):
    """Does the file state its launch: GPUVerify's header on line 2 (CUDA's
    --blockDim, OpenCL's --local_size), or OpenCL's reqd_work_group_size?"""
    lines = text.split('\n')
    second = lines[1] if len(lines) > 1 else ''
    if path.endswith('.cl'):
        return '--local_size' in second or 'reqd_work_group_size' in text
    return '--blockDim' in second


def drf_kernels(snapshot, path):
    """The kernels `check` calls data-race free, from path's snapshot record."""
    rec = os.path.join(snapshot, path.lstrip('/') + '.txt')
    drf, section = set(), None
    if not os.path.exists(rec):
        return drf
    for line in open(rec, encoding='utf-8', errors='replace'):
        if line.startswith('$ mapkit '):
            section = line.split()[2]
            continue
        m = re.match(re.escape(path) + r': kernel (\S+): data-race free', line)
        if section == 'check' and m:
            drf.add(m.group(1))
    return drf


def inputs_of(path):
    """The inputs a file accepts: `// oracle-inputs: zero` states the
    kernel's precondition that no random input meets (a CSR's increasing
    row offsets), with its reason; else all of SEEDS."""
    try:
        m = re.search(r'^// oracle-inputs: ([\w:,]+)', open(path, encoding='utf-8', errors='replace').read(), re.M)
    except OSError:
        m = None
    return m.group(1).split(',') if m else SEEDS


def emulate(mapkit, path, benign=False):
    """One build, a run per input: (exit status, kernel -> statuses seen, stderr)."""
    cmd = [mapkit, 'emulate', '--format=json', '--timeout=%d' % TIMEOUT_MS]
    if benign:
        cmd.append('--benign-writes')
    for seed in inputs_of(path):
        cmd += ['--seed', seed]
    p = subprocess.run(cmd + [path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    kernels = {}
    for line in p.stdout.splitlines():
        if not line.startswith('{'):
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        status = obj.get('status')
        if status == 'divergent' and obj.get('out_of_bounds'):
            # a thread ended out of bounds leaves its barriers: the
            # divergence is the input's, not the kernel's
            status = 'unknown'
        kernels.setdefault(obj.get('kernel'), []).append(status)
    return p.returncode, kernels, p.stderr


def judge(path, label, shown, snapshot):
    """(outcome, detail) of a file from what its executions showed."""
    if label == 'drf' and shown:
        return 'label', 'labelled drf, execution showed ' + ', '.join(
            '%s %s' % (k, s) for k, s in sorted(shown.items()))
    wrong = sorted(k for k in shown if k in drf_kernels(snapshot, path))
    if wrong:
        return 'soundness', 'execution shows %s, check says data-race free' % ', '.join(
            '%s %s' % (k, shown[k]) for k in wrong)
    if label in SHOWN and not shown:
        kind = 'unseen' if path.startswith(SOUND_CORPUS) else 'note'
        return kind, 'labelled %s, execution showed nothing' % label
    return 'ok', ''


def run_file(mapkit, path, snapshot):
    """(path, outcome, detail, seconds): outcome ok, skip, note, or a failure kind."""
    start = time.time()
    text = open(path, encoding='utf-8', errors='replace').read()
    rc, kernels, err = emulate(mapkit, path)
    if rc == 2 or (rc == 4 and not kernels):
        first = next((l for l in err.splitlines() if 'error' in l), err.strip()[:200])
        return path, 'skip', 'not emulated (exit %d): %s' % (rc, first), time.time() - start, 0
    shown = {}
    for k, statuses in kernels.items():
        for status in statuses:
            if status in SHOWN:
                shown.setdefault(k, status)
    outcome, detail = judge(path, label_of(text), shown, snapshot)
    if outcome == 'label':
        # check calls two writes of a value equal in every execution benign:
        # when every race shown is such a pair in each of the three inputs
        # (--benign-writes), the label stands, said as a note
        _, again, _ = emulate(mapkit, path, benign=True)
        if not any(s in SHOWN for statuses in again.values() for s in statuses):
            outcome, detail = 'note', 'labelled drf: only writes of equal values race (check\'s benign writes)'
    unknown = sum(1 for statuses in kernels.values() for s in statuses if s == 'unknown')
    return path, outcome, detail, time.time() - start, unknown


def read_known():
    known = {}
    if os.path.exists(KNOWN):
        for line in open(KNOWN, encoding='utf-8'):
            line = line.strip()
            if line and not line.startswith('#'):
                path, kind = line.split()[:2]
                known[path] = kind.rstrip(':')
    return known


def report(results, known):
    counts = {}
    for path, outcome, detail, _, unknown in results:
        counts[outcome] = counts.get(outcome, 0) + 1
        listed = known.get(path)
        if unknown:
            print('NOTE %s: %d run%s unknown (a limit reached, or a crash)' % (path, unknown, 's' if unknown > 1 else ''))
        if outcome in ('ok', 'note') and listed:
            print('FAIL %s is listed in %s as %s but passes now: remove it' % (path, KNOWN, listed))
        elif outcome in ('skip', 'note'):
            print('NOTE %s: %s' % (path, detail))
        elif outcome == 'ok':
            print('PASS %s' % path)
        elif listed == outcome:
            print('PASS %s (known %s: %s)' % (path, outcome, detail))
        else:
            print('FAIL %s: %s failure: %s' % (path, outcome, detail))
    slowest = sorted(results, key=lambda r: -r[3])[:5]
    print('slowest: ' + ', '.join('%s %.1f s' % (r[0], r[3]) for r in slowest))
    if os.environ.get('ORACLE_TIMES'):
        with open(os.environ['ORACLE_TIMES'], 'w') as f:
            for r in sorted(results, key=lambda r: -r[3]):
                f.write('%.2f\t%s\t%s\n' % (r[3], r[0], r[1]))
    limited = [r for r in results if r[4]]
    print('emulate oracle: %d files; %s; %d runs in %d files unknown (a limit reached, a crash)' % (
        len(results), ', '.join('%d %s' % (n, k) for k, n in sorted(counts.items())),
        sum(r[4] for r in limited), len(limited)))


def main(argv):
    mapkit = argv[1]
    jobs, snapshot, files, i = 2, 'tests/snapshot', [], 2
    while i < len(argv):
        if argv[i] in ('-j', '--snapshot'):
            if argv[i] == '-j':
                jobs = int(argv[i + 1])
            else:
                snapshot = argv[i + 1]
            i += 2
        else:
            files.append(argv[i])
            i += 1
    files = [f for f in files if launch_known(f, open(f, encoding='utf-8', errors='replace').read())]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda f: run_file(mapkit, f, snapshot), files))
    report(results, read_known())


if __name__ == '__main__':
    main(sys.argv)
