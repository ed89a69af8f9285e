#!/usr/bin/env python3
"""The emulation oracle (docs/emulate.md): every kernel of the CUDA corpus
whose launch is known runs on the CPU (`mapkit emulate`), on two inputs
(buffers zero, and seed 1), and what the executions show is held against
what mapkit says and what the corpus's labels say:

  - corpus/cuda/sound: a racy or divergent kernel shows its race or
    divergence, a `_drf` twin shows none ("unseen" / "label" failures);
  - every kernel with a known launch: a race or divergence shown by
    execution is never called DRF by `check` (its verdict from the
    corpus snapshot, tests/snapshot/: a "soundness" failure), and a file
    labelled drf shows none (a "label" failure).

tests/emulate_known.txt lists today's failures, one a line (PATH KIND:
why); a listed file that now passes fails too, so the list only shrinks.
Kernels that do not compile for the CPU, or hit a limit, are counted and
listed, never failed.  Prints PASS/FAIL lines (tests/lib.sh's format).

usage: emulate_oracle.py MAPKIT [-j N] [FILES...]"""

import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys
import time

KNOWN = 'tests/emulate_known.txt'
SEEDS = [None, 1]
# each run's limit: a kernel beyond it is counted as not emulated
TIMEOUT_MS = 5000


def label_of(text):
    m = re.search(r'^// expect: (\w+)', text, re.M)
    return m.group(1) if m else None


def launch_known(text):
    lines = text.split('\n')
    return len(lines) > 1 and '--blockDim' in lines[1]


def check_verdicts(path):
    """kernel -> verdict word of `check`, from the snapshot record."""
    rec = os.path.join('tests/snapshot', path + '.txt')
    out = {}
    if not os.path.exists(rec):
        return out
    section = None
    for line in open(rec, encoding='utf-8', errors='replace'):
        if line.startswith('$ mapkit '):
            section = line.split()[2]
            continue
        m = re.match(re.escape(path) + r': kernel (\S+): (\w[\w-]*)', line)
        if section == 'check' and m:
            out[m.group(1)] = m.group(2)
    return out


def emulate(mapkit, path):
    """One build, a run per input: (exit status, kernel -> statuses seen, stderr)."""
    cmd = [mapkit, 'emulate', '--format=json', '--timeout=%d' % TIMEOUT_MS]
    for seed in SEEDS:
        cmd += ['--seed', 'zero' if seed is None else str(seed)]
    p = subprocess.run(cmd + [path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    kernels = {}
    for line in p.stdout.splitlines():
        if line.startswith('{'):
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            kernels.setdefault(obj.get('kernel'), []).append(obj.get('status'))
    return p.returncode, kernels, p.stderr


def run_file(mapkit, path):
    start = time.time()
    path, outcome, detail = judge_file(mapkit, path)
    return path, outcome, detail, time.time() - start


def judge_file(mapkit, path):
    """(path, outcome, detail): outcome ok, skip, or a failure kind."""
    text = open(path, encoding='utf-8', errors='replace').read()
    label = label_of(text)
    seen = {}
    rc, kernels, err = emulate(mapkit, path)
    if rc == 2 or (rc == 4 and not kernels):
        first = next((l for l in err.splitlines() if 'error' in l), err.strip()[:200])
        return path, 'skip', 'not emulated (exit %d): %s' % (rc, first)
    for k, statuses in kernels.items():
        for status in statuses:
            if status in ('racy', 'divergent'):
                seen.setdefault(k, status)
    sound = path.startswith('corpus/cuda/sound/')
    if sound and label in ('racy', 'divergent') and not seen:
        return path, 'unseen', 'labelled %s, execution showed nothing' % label
    if label == 'drf' and seen:
        return path, 'label', 'labelled drf, execution showed %s' % ', '.join(
            '%s %s' % (k, s) for k, s in sorted(seen.items()))
    verdicts = check_verdicts(path)
    wrong = [k for k in seen if verdicts.get(k) == 'drf']
    if wrong:
        return path, 'soundness', 'execution shows %s, check says drf' % ', '.join(
            '%s %s' % (k, seen[k]) for k in sorted(wrong))
    return path, 'ok', ''


def read_known():
    known = {}
    if os.path.exists(KNOWN):
        for line in open(KNOWN, encoding='utf-8'):
            line = line.strip()
            if line and not line.startswith('#'):
                path, kind = line.split()[:2]
                known[path] = kind.rstrip(':')
    return known


def main(argv):
    mapkit = argv[1]
    jobs = 2
    files = []
    i = 2
    while i < len(argv):
        if argv[i] == '-j':
            jobs = int(argv[i + 1])
            i += 2
        else:
            files.append(argv[i])
            i += 1
    if not files:
        files = sorted(glob.glob('corpus/cuda/*.cu') + glob.glob('corpus/cuda/silent/*.cu') +
                       glob.glob('corpus/cuda/sound/*.cu'))
    files = [f for f in files if launch_known(open(f, encoding='utf-8', errors='replace').read())]
    known = read_known()
    counts = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda f: run_file(mapkit, f), files))
    for path, outcome, detail, _ in results:
        counts[outcome] = counts.get(outcome, 0) + 1
        listed = known.get(path)
        if outcome == 'skip':
            print('NOTE %s: %s' % (path, detail))
        elif outcome == 'ok' and listed:
            print('FAIL %s is listed in %s as %s but passes now: remove it' % (path, KNOWN, listed))
        elif outcome == 'ok':
            print('PASS %s' % path)
        elif listed == outcome:
            print('PASS %s (known %s: %s)' % (path, outcome, detail))
        else:
            print('FAIL %s: %s failure: %s' % (path, outcome, detail))
    slowest = sorted(results, key=lambda r: -r[3])[:5]
    print('slowest: ' + ', '.join('%s %.1f s' % (r[0], r[3]) for r in slowest))
    print('emulate oracle: %d files; %s' % (len(files), ', '.join(
        '%d %s' % (n, k) for k, n in sorted(counts.items()))))


if __name__ == '__main__':
    main(sys.argv)
