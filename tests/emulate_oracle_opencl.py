#!/usr/bin/env python3
"""The emulation oracle over the OpenCL corpus (docs/emulate-opencl.md): every
corpus/opencl kernel whose launch is known (GPUVerify's `--local_size` on
line 2, or reqd_work_group_size) runs on the CPU (`mapkit emulate`) on two
inputs (buffers zero, and seed 1), and what the executions show is held
against `check` and the labels:

  - a race or divergence shown by execution is never called data-race free
    by `check` (its verdict from the corpus snapshot, tests/snapshot/): a
    "soundness" failure;
  - a file labelled drf (line 3, `// expect: drf`) shows none: a "label"
    failure (of the label, the emulator, or the kernel).

A racy label that no execution shows is counted ("unseen"), not failed:
one input and one schedule family prove nothing absent.
tests/emulate_opencl_known.txt lists today's failures (PATH KIND: why); a
listed file that passes fails too, so the list only shrinks.  Kernels the
emulator does not run (images, a limit) are counted and listed.  Prints
PASS/FAIL lines (tests/lib.sh's format).

usage: emulate_oracle_opencl.py MAPKIT [-j N] [FILES...]"""

import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys

KNOWN = 'tests/emulate_opencl_known.txt'
SEEDS = [None, 1]
SHOWN = ('racy', 'divergent')


def label_of(text):
    m = re.search(r'^// expect: (\w+)', text, re.M)
    return m.group(1) if m else None


def launch_known(text):
    lines = text.split('\n')
    return (len(lines) > 1 and '--local_size' in lines[1]) or 'reqd_work_group_size' in text


def drf_kernels(path):
    """The kernels `check` calls data-race free, from the snapshot record."""
    rec = os.path.join('tests/snapshot', path + '.txt')
    drf, section = set(), None
    if not os.path.exists(rec):
        return drf
    for line in open(rec, encoding='utf-8', errors='replace'):
        if line.startswith('$ mapkit '):
            section = line.split()[2]
        m = re.match(re.escape(path) + r': kernel (\S+): data-race free', line)
        if section == 'check' and m:
            drf.add(m.group(1))
    return drf


def emulate(mapkit, path, seed):
    """(exit status, {kernel: status}, stderr) of one emulation."""
    cmd = [mapkit, 'emulate', '--format=json', '--timeout=20000', path]
    if seed is not None:
        cmd[2:2] = ['--seed', str(seed)]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    kernels = {}
    for line in p.stdout.splitlines():
        if line.startswith('{'):
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            status = obj.get('status')
            if status == 'divergent' and obj.get('out_of_bounds'):
                # a thread ended out of bounds leaves its barriers: the
                # divergence is the input's, not the kernel's
                status = 'unknown'
            kernels[obj.get('kernel')] = status
    return p.returncode, kernels, p.stderr


def judge(path, label, shown, unknown):
    """(outcome, detail) of a file from what its executions showed."""
    if label == 'drf' and shown:
        return 'label', 'labelled drf, execution showed ' + ', '.join(
            '%s %s' % (k, s) for k, s in sorted(shown.items()))
    wrong = sorted(k for k in shown if k in drf_kernels(path))
    if wrong:
        return 'soundness', 'execution shows %s, check says data-race free' % ', '.join(
            '%s %s' % (k, shown[k]) for k in wrong)
    if unknown and not shown:
        return 'skip', 'not emulated to the end: ' + '; '.join(unknown)
    if label in SHOWN and not shown:
        return 'unseen', 'labelled %s, no execution showed it' % label
    return 'ok', ''


def run_file(mapkit, path):
    """(path, outcome, detail): outcome ok, skip, unseen, or a failure kind."""
    text = open(path, encoding='utf-8', errors='replace').read()
    shown, unknown = {}, []
    for seed in SEEDS:
        rc, kernels, err = emulate(mapkit, path, seed)
        if rc == 2 or not kernels:
            first = next((l for l in err.splitlines() if 'error' in l), err.strip()[:200])
            return path, 'skip', 'not emulated (exit %d): %s' % (rc, first)
        for k, status in kernels.items():
            if status in SHOWN:
                shown.setdefault(k, status)
            elif status == 'unknown':
                unknown.append('%s (seed %s)' % (k, seed))
    return (path,) + judge(path, label_of(text), shown, unknown)


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
    for path, outcome, detail in results:
        counts[outcome] = counts.get(outcome, 0) + 1
        listed = known.get(path)
        if outcome in ('skip', 'unseen'):
            print('NOTE %s: %s' % (path, detail))
            print('PASS %s' % path)
        elif outcome == 'ok' and listed:
            print('FAIL %s is listed in %s as %s but passes now: remove it' % (path, KNOWN, listed))
        elif outcome == 'ok':
            print('PASS %s' % path)
        elif listed == outcome:
            print('PASS %s (known %s: %s)' % (path, outcome, detail))
        else:
            print('FAIL %s: %s failure: %s' % (path, outcome, detail))
    print('emulate oracle (OpenCL): %d files; %s' % (len(results), ', '.join(
        '%d %s' % (n, k) for k, n in sorted(counts.items()))))


def main(argv):
    mapkit = argv[1]
    jobs, files, i = 2, [], 2
    while i < len(argv):
        if argv[i] == '-j':
            jobs = int(argv[i + 1])
            i += 2
        else:
            files.append(argv[i])
            i += 1
    if not files:
        files = sorted(glob.glob('corpus/opencl/*.cl'))
    files = [f for f in files if launch_known(open(f, encoding='utf-8', errors='replace').read())]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda f: run_file(mapkit, f), files))
    report(results, read_known())


if __name__ == '__main__':
    main(sys.argv)
