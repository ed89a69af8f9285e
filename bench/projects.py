#!/usr/bin/env python3
"""Checks every project of a development corpus and tabulates the verdicts.

bench/projects.sh is the entry point; docs/bench.md says how to use it and
what each column means.  The corpus lives outside the repository (fetched
public projects are never committed): ROOT holds one folder per project.

A project is checked as the user would check it:
  - project mode, when `mapkit check --help` says it takes a folder: one
    `mapkit check --format=json DIR` per program of the project;
  - file mode otherwise (or with --files): one `mapkit check --format=json
    FILE` per .cu/.cuh file, each its own translation unit.
A project folder may hold a `.mapkit-programs` file, one entry a line:
  GLOB        a program: each folder or file the glob (relative to the
              project, `**` allowed) matches is checked on its own, as a
              suite of benchmarks builds each into its own executable;
  -I DIR      an include folder (relative to the project) its build gives;
  -D NAME[=V] a macro its build defines;
  # ...       a comment.
Without one, the whole project folder is one program and no flag is given.

Per project it prints the files, the kernels, the verdicts, the unknowns
and errors by reason, the share of kernels whose check used a launch read
from host code, and the CPU time of the mapkit processes.  `--alarms N`
then draws N alarms at random (seeded) across the corpus and prints each
for reading by hand.
"""

import argparse
import glob
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

CUDA_EXTS = ('.cu', '.cuh')
VERDICTS = ('drf', 'racy', 'divergent', 'unknown', 'error')
# the worst verdict of a kernel's launch sites wins (the exit-code order)
SEVERITY = {'racy': 5, 'divergent': 4, 'unknown': 3, 'error': 2, 'drf': 1}
SKIP_DIRS = {'build', '.git', 'CMakeFiles'}


# ---- the corpus: projects, their programs and flags ----

def read_programs_file(project):
    """The programs (absolute paths) and flags of one project."""
    path = os.path.join(project, '.mapkit-programs')
    programs, flags = [], []
    if not os.path.exists(path):
        return [project], flags
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            if line.startswith('-I'):
                flags.append('-I' + os.path.join(project, line[2:].strip()))
            elif line.startswith('-D'):
                flags.append('-D' + line[2:].strip())
            else:
                found = sorted(glob.glob(os.path.join(project, line), recursive=True))
                programs.extend(p.rstrip('/') for p in found if p.rstrip('/') not in programs)
    return programs or [project], flags


def cuda_files(top):
    """Every .cu/.cuh file under top (a folder or one file), sorted."""
    if os.path.isfile(top):
        return [top]
    found = []
    for d, subdirs, files in os.walk(top):
        subdirs[:] = sorted(s for s in subdirs if s not in SKIP_DIRS and not s.startswith('.'))
        found.extend(os.path.join(d, f) for f in sorted(files) if f.endswith(CUDA_EXTS))
    return found


def projects_under(root, only):
    names = sorted(n for n in os.listdir(root)
                   if not n.startswith('.') and os.path.isdir(os.path.join(root, n)))
    return [n for n in names if not only or n in only]


def project_mode_available(mapkit):
    """Whether `mapkit check` takes a folder: its usage line names DIR, or
    its help speaks of projects (`--compdb DIR` alone does not count)."""
    try:
        text = subprocess.run([mapkit, 'check', '--help'], capture_output=True,
                              text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    lines = text.splitlines()
    usage = lines[0] if lines else ''
    return bool(re.search(r'\bDIR\b', usage) or re.search(r'\bproject\b', text, re.I))


# ---- running mapkit ----

def run_one(mapkit, args, out_base, limit):
    """One mapkit process, its stdout and stderr in files (no pipe to fill),
    its CPU time from wait4, killed with its group past `limit` seconds."""
    start = time.monotonic()
    with open(out_base + '.json', 'w') as out, open(out_base + '.err', 'w') as err:
        proc = subprocess.Popen([mapkit] + args, stdout=out, stderr=err,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        timed_out = threading.Event()

        def kill():
            timed_out.set()
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        timer = threading.Timer(limit, kill)
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
    return {'rc': proc.returncode, 'cpu_s': usage.ru_utime + usage.ru_stime,
            'wall_s': time.monotonic() - start, 'timed_out': timed_out.is_set()}


def jobs_of_project(root, name, mode, mapkit_timeout_ms):
    """The mapkit runs one project needs: (input, arguments)."""
    project = os.path.join(root, name)
    programs, flags = read_programs_file(project)
    common = ['check', '--format=json', '--timeout=%d' % mapkit_timeout_ms] + flags
    if mode == 'project':
        return [(p, common + [p]) for p in programs]
    return [(f, common + [f]) for f in cuda_files(project)]


def run_corpus(opts, projects, mode):
    os.makedirs(opts.keep, exist_ok=True)
    work = []
    for name in projects:
        folder = os.path.join(opts.keep, name)
        os.makedirs(folder, exist_ok=True)
        for stale in glob.glob(os.path.join(folder, '[0-9]*.*')):
            os.remove(stale)   # an earlier run of this project, kept
        for i, (inp, args) in enumerate(jobs_of_project(opts.root, name, mode, opts.mapkit_timeout)):
            work.append((name, i, inp, args))
    done = [0]
    lock = threading.Lock()

    def one(item):
        name, i, inp, args = item
        base = os.path.join(opts.keep, name, '%04d' % i)
        meta = run_one(opts.mapkit, args, base, opts.limit)
        meta.update({'project': name, 'input': inp, 'mode': mode})
        with open(base + '.meta', 'w') as f:
            json.dump(meta, f)
        with lock:
            done[0] += 1
            if opts.progress:
                sys.stderr.write('\r[%d/%d] %s' % (done[0], len(work), name[:40].ljust(40)))
                sys.stderr.flush()
    with ThreadPoolExecutor(max_workers=opts.jobs) as pool:
        list(pool.map(one, work))
    if opts.progress:
        sys.stderr.write('\n')


# ---- reading the results back ----

def load_runs(keep, name):
    """Every run of one project: its meta, its JSON objects, its stderr."""
    folder = os.path.join(keep, name)
    runs = []
    for meta_path in sorted(glob.glob(os.path.join(folder, '*.meta'))):
        base = meta_path[:-5]
        with open(meta_path) as f:
            meta = json.load(f)
        objects = []
        with open(base + '.json', errors='replace') as f:
            for line in f:
                line = line.strip()
                if line.startswith('{'):
                    try:
                        objects.append(json.loads(line))
                    except ValueError:
                        pass  # a line cut short by a kill
        with open(base + '.err', errors='replace') as f:
            err = f.read()
        runs.append((meta, objects, err))
    return runs


def host_sites(obj):
    """The host launch sites a kernel's check used: the locations of its
    facts with source "host", and of any listed launch site."""
    sites = {a.get('loc') for a in obj.get('assumptions', []) if a.get('source') == 'host'}
    for key in ('launches', 'sites', 'launch_sites'):
        for s in obj.get(key, []) or []:
            loc = s.get('loc') if isinstance(s, dict) else s
            if loc:
                sites.add(loc)
    sites.discard(None)
    return sites


def fold(text):
    """One cause, one row: quoted names and numbers folded."""
    text = re.sub(r"'[^']*'", "'_'", text)
    return re.sub(r'\d+', 'N', text)


def warning_at(err, loc):
    """The warning (or else note) mapkit printed at a file:line(:col)."""
    if not loc:
        return None
    for kind in ('warning', 'note'):
        m = re.search('^' + re.escape(loc) + r'(?::\d+)?: ' + kind + r': (.*)$', err, re.M)
        if m:
            return m.group(1)
    return None


def reason_of(obj, err):
    """Why a kernel is unknown or an error, as a short class and a detail
    (mapkit's own words, folded)."""
    msg = obj.get('message') or obj.get('warning') or ''
    where = obj.get('where')
    low = msg.lower()
    if 'incomplete' in low or 'opaque' in low:
        line_loc = where.rsplit(':', 1)[0] if where else None
        why = warning_at(err, where) or warning_at(err, line_loc) or msg
        return 'opaque', fold(why)
    if 'timeout' in low or 'timed out' in low or 'time limit' in low:
        return 'timeout', fold(msg)
    if 'limit' in low or 'memory' in low or 'resource' in low or 'rlimit' in low:
        return 'resource limit', fold(msg)
    if 'syntax' in low or 'parse' in low or 'undeclared' in low or 'unknown type' in low:
        return 'parse error', fold(msg)
    if 'loop' in low:
        return 'loop not modelled', fold(msg)
    if not msg:
        return 'no reason given', ''
    return 'other', fold(msg)


def run_failure(meta, err):
    """Why a whole run gave no (or a partial) answer, or None."""
    if meta['timed_out']:
        return 'run timed out'
    rc = meta['rc']
    if rc < 0 or rc > 128:
        return 'crash (signal %d)' % (-rc if rc < 0 else rc - 128)
    if rc == 2:
        m = re.search(r'error: (.*)', err)
        return 'input error: ' + fold(m.group(1)) if m else 'input error'
    return None


def declares_kernel(path):
    """Whether a file declares a __global__ outside a // comment."""
    try:
        with open(path, errors='replace') as f:
            return any('__global__' in line.split('//')[0] for line in f)
    except OSError:
        return False


class Kernel:
    """One kernel of a project (file and name) and the record chosen for it."""

    def __init__(self, key):
        self.key = key
        self.obj = None
        self.err = ''
        self.input = ''
        self.rank = None
        self.status = None

    def offer(self, obj, meta, err, status):
        """Keeps the record that saw most: a host launch first, then the
        record of a file that includes the kernel (its macros and types in
        scope, as the project compiles it); a kernel's several launch sites
        in one run join with the worst verdict."""
        rank = (bool(host_sites(obj)), meta['input'] != os.path.normpath(obj.get('file') or '.'))
        if self.rank is not None and rank < self.rank:
            return
        if self.rank is not None and rank == self.rank and self.input == meta['input']:
            if SEVERITY[status] > SEVERITY[self.status]:
                self.obj, self.status = obj, status
            return
        if self.rank is not None and rank == self.rank:
            return
        self.obj, self.err, self.input, self.rank, self.status = obj, err, meta['input'], rank, status


def summarise(keep, name):
    """The table row of one project and its alarms."""
    runs = load_runs(keep, name)
    kernels = {}
    failures = []           # (input, reason) of runs that failed as a whole
    cpu = sum(m['cpu_s'] for m, _, _ in runs)
    mode = runs[0][0]['mode'] if runs else '-'
    for meta, objects, err in runs:
        named = [o for o in objects if o.get('kernel')]
        for o in named:
            status = o.get('status', 'error')
            if status not in SEVERITY:
                status = 'error'
            # dir/./k.cu, as `#include "./k.cu"` names it, is dir/k.cu
            key = (os.path.normpath(o.get('file') or '.'), o['kernel'])
            kernels.setdefault(key, Kernel(key)).offer(o, meta, err, status)
        failure = run_failure(meta, err)
        if failure and (not named or meta['timed_out']) and declares_kernel_run(meta):
            failures.append((meta['input'], failure))
    drop_covered_templates(kernels)
    return {'name': name, 'mode': mode, 'runs': len(runs), 'cpu_s': cpu,
            'kernels': kernels, 'failures': failures}


def words_of(path, cache={}):
    if path not in cache:
        try:
            with open(path, errors='replace') as f:
                cache[path] = set(re.findall(r'\w+', f.read()))
        except OSError:
            cache[path] = set()
    return cache[path]


def drop_covered_templates(kernels):
    """A kernel template checked on its own (no instantiation in that
    translation unit: every argument symbolic) and checked again as the
    instantiations another file launches (`sgemm2DBlocktiling_128_128_8_8_8`:
    a name the source never spells) is one kernel: the instantiations count,
    the generic record does not."""
    for path, name in list(kernels):
        if name in words_of(path):
            continue
        for cut in [m.start() for m in re.finditer('_', name)]:
            base = (path, name[:cut])
            if base in kernels and name[:cut] in words_of(path):
                del kernels[base]
                break


def declares_kernel_run(meta):
    inp = meta['input']
    if os.path.isdir(inp):
        return any(declares_kernel(f) for f in cuda_files(inp))
    return declares_kernel(inp)


def count_files(root, name):
    project = os.path.join(root, name)
    return len(cuda_files(project))


# ---- the tables ----

def pct(a, b):
    return '%5.1f%%' % (100.0 * a / b) if b else '    - '


def print_table(rows, root, verbose):
    print('== %s: %d projects' % (root, len(rows)))
    head = '%-16s %-7s %5s %7s %5s %5s %5s %5s %5s %8s %8s' % (
        'project', 'mode', 'files', 'kernels', 'drf', 'race', 'div', 'unkn', 'error', 'host', 'cpu_s')
    print(head)
    total = {'files': 0, 'kernels': 0, 'host': 0, 'cpu': 0.0}
    tv = {v: 0 for v in VERDICTS}
    for r in rows:
        counts = {v: 0 for v in VERDICTS}
        host = 0
        for k in r['kernels'].values():
            counts[k.status] += 1
            host += bool(host_sites(k.obj))
        counts['error'] += len(r['failures'])
        n = len(r['kernels']) + len(r['failures'])
        print('%-16s %-7s %5d %7d %5d %5d %5d %5d %5d %8s %8.1f' % (
            r['name'][:16], r['mode'], r['files'], n, counts['drf'], counts['racy'],
            counts['divergent'], counts['unknown'], counts['error'], pct(host, n), r['cpu_s']))
        total['files'] += r['files']
        total['kernels'] += n
        total['host'] += host
        total['cpu'] += r['cpu_s']
        for v in VERDICTS:
            tv[v] += counts[v]
    print('%-16s %-7s %5d %7d %5d %5d %5d %5d %5d %8s %8.1f' % (
        'total', '', total['files'], total['kernels'], tv['drf'], tv['racy'], tv['divergent'],
        tv['unknown'], tv['error'], pct(total['host'], total['kernels']), total['cpu']))
    print('  (a failed run -- timed out, crashed, input error -- counts as one error;'
          ' "host": the share of kernels whose check used a launch read from host code)')
    print_reasons(rows)
    if verbose:
        print_kernels(rows)


def print_reasons(rows):
    reasons = {}
    for r in rows:
        for k in r['kernels'].values():
            if k.status in ('unknown', 'error'):
                cls, detail = reason_of(k.obj, k.err)
                reasons.setdefault((k.status, cls, detail), []).append(r['name'])
        for _, why in r['failures']:
            reasons.setdefault(('error', 'run', why), []).append(r['name'])
    if not reasons:
        return
    print('unknowns and errors by reason:')
    by_class = {}
    for (status, cls, _), names in reasons.items():
        by_class[(status, cls)] = by_class.get((status, cls), 0) + len(names)
    for (status, cls), n in sorted(by_class.items(), key=lambda x: (-x[1], x[0])):
        print('  %4d  %-7s %s' % (n, status, cls))
        details = [(len(v), d, v) for (s, c, d), v in reasons.items() if s == status and c == cls]
        for count, detail, names in sorted(details, key=lambda x: (-x[0], x[1]))[:6]:
            if detail:
                where = sorted(set(names), key=lambda n: (-names.count(n), n))
                print('        %4d  %s  [%s]' % (count, detail[:110], ', '.join(where[:3])))


def print_kernels(rows):
    print('kernels:')
    for r in rows:
        for key in sorted(r['kernels']):
            k = r['kernels'][key]
            sites = sorted(host_sites(k.obj))
            print('  %-9s %s: %s%s' % (k.status, key[0], key[1],
                                       '  (launch at %s)' % sites[0] if sites else ''))
        for inp, why in r['failures']:
            print('  %-9s %s  [%s]' % ('error', inp, why))


# ---- alarms, for reading by hand ----

def alarms_of(rows):
    """Every race and divergence of the chosen records, in a stable order."""
    found = []
    for r in rows:
        for key in sorted(r['kernels']):
            k = r['kernels'][key]
            for race in k.obj.get('races', []):
                found.append((r['name'], k, 'race', race))
            if k.obj.get('divergence'):
                found.append((r['name'], k, 'divergence', k.obj['divergence']))
    return found


def source_line(loc):
    """The text of file:line[:col], stripped."""
    if not loc:
        return ''
    parts = loc.rsplit(':', 2)
    if len(parts) < 3:
        return ''
    path, line = parts[0], parts[1]
    try:
        with open(path, errors='replace') as f:
            for i, text in enumerate(f, 1):
                if i == int(line):
                    return text.strip()
    except (OSError, ValueError):
        pass
    return ''


def kernel_line(path, name):
    """Where a kernel is defined: the first line naming it after __global__;
    for a template's instance (`fill_64`) the template's."""
    while True:
        line = kernel_line_of(path, name)
        if line or '_' not in name:
            return line
        name = name.rsplit('_', 1)[0]


def kernel_line_of(path, name):
    try:
        with open(path, errors='replace') as f:
            lines = f.readlines()
    except OSError:
        return 0
    pattern = re.compile(r'\b' + re.escape(name) + r'\s*\(')
    for i, text in enumerate(lines):
        window = ''.join(lines[max(0, i - 3):i + 1])
        if pattern.search(text) and '__global__' in window:
            return i + 1
    # __global__ behind a macro (`CUCO_KERNEL void estimate(`)
    defined = re.compile(r'\bvoid\s+' + re.escape(name) + r'\s*\(')
    return next((i + 1 for i, text in enumerate(lines) if defined.search(text)), 0)


def launch_text(obj):
    host = [a for a in obj.get('assumptions', []) if a.get('source') == 'host']
    if host:
        facts = ', '.join(a['fact'] for a in host)
        return 'host launch at %s: %s' % (host[0].get('loc'), facts)
    other = [a for a in obj.get('assumptions', [])
             if a.get('source') not in ('c-semantics',)]
    if other:
        return 'no host launch read; ' + '; '.join(
            '%s (%s)' % (a['fact'], a['source']) for a in other)
    return 'no launch read: checked for every launch'


def print_alarms(rows, n, seed):
    found = alarms_of(rows)
    picked = random.Random(seed).sample(range(len(found)), min(n, len(found)))
    print('\n== %d alarms drawn (seed %d) of %d' % (len(picked), seed, len(found)))
    for number, i in enumerate(sorted(picked), 1):
        project, k, kind, a = found[i]
        path, name = k.key
        print('\n--- alarm %d: %s, kernel %s at %s:%d (checked as %s)' % (
            number, project, name, path, kernel_line(path, name), k.input))
        if kind == 'race':
            print('  race on %s%s%s, %s' % (
                a.get('array'), ''.join('[%s]' % x for x in a.get('index', [])),
                ', byte %s' % a['byte'] if 'byte' in a else '',
                'definite' if a.get('definite') else 'potential'))
            for t in ('t1', 't2'):
                th = a.get(t, {})
                print('  %s %-6s %s   %s' % (t, th.get('mode', ''), th.get('loc', ''),
                                             source_line(th.get('loc'))))
                print('       locals %s' % json.dumps(th.get('locals', {})))
        else:
            print('  barrier divergence at %s   %s' % (a.get('sync'), source_line(a.get('sync'))))
            if a.get('message'):
                print('  ' + a['message'])
            print('  t1 %s\n  t2 %s' % (json.dumps(a.get('t1', {})), json.dumps(a.get('t2', {}))))
        print('  globals %s' % json.dumps(a.get('globals', {})))
        print('  launch: %s' % launch_text(k.obj))


# ---- main ----

def main():
    ap = argparse.ArgumentParser(prog='bench/projects.sh', description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('root', nargs='?',
                    default=os.environ.get('MAPKIT_PROJECTS') or '/work/devcorpus',
                    help='the corpus: one folder per project (default $MAPKIT_PROJECTS, '
                         'else /work/devcorpus)')
    ap.add_argument('-j', dest='jobs', type=int, default=2, help='mapkit processes at once (2)')
    ap.add_argument('-t', dest='limit', type=float, default=600,
                    help='seconds one mapkit process may run (600)')
    ap.add_argument('--timeout', dest='mapkit_timeout', type=int, default=20000,
                    help="mapkit's own --timeout per kernel, in ms (20000)")
    ap.add_argument('-m', dest='mapkit', default='build/bin/mapkit', help='the binary')
    ap.add_argument('-p', dest='only', action='append', default=[],
                    help='only this project (repeatable)')
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument('--files', action='store_true', help='file mode even if mapkit has project mode')
    mode.add_argument('--project', action='store_true', help='project mode (mapkit check DIR)')
    ap.add_argument('--keep', help='keep every run\'s output in this folder')
    ap.add_argument('--from', dest='reuse', help='tabulate the runs kept in this folder; run nothing')
    ap.add_argument('--alarms', type=int, default=0, help='also print N alarms drawn at random')
    ap.add_argument('--seed', type=int, default=1, help='the seed of the draw (1)')
    ap.add_argument('-v', dest='verbose', action='store_true', help='also list every kernel')
    opts = ap.parse_args()
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # `| head` ends the tables quietly
    opts.progress = sys.stderr.isatty()

    if opts.reuse:
        keep = opts.reuse
        projects = [n for n in sorted(os.listdir(keep)) if os.path.isdir(os.path.join(keep, n))
                    and (not opts.only or n in opts.only)]
    else:
        if not os.path.isdir(opts.root):
            sys.exit('projects: %s is not a folder' % opts.root)
        if not os.access(opts.mapkit, os.X_OK):
            sys.exit('projects: %s is not built' % opts.mapkit)
        opts.mapkit = os.path.abspath(opts.mapkit)
        opts.root = os.path.abspath(opts.root)
        projects = projects_under(opts.root, opts.only)
        chosen = ('files' if opts.files else 'project' if opts.project
                  else 'project' if project_mode_available(opts.mapkit) else 'files')
        scratch = None
        if not opts.keep:
            import tempfile
            scratch = tempfile.TemporaryDirectory()
            opts.keep = scratch.name
        keep = opts.keep
        run_corpus(opts, projects, chosen)
    rows = []
    for name in projects:
        row = summarise(keep, name)
        row['files'] = count_files(opts.root, name) if os.path.isdir(
            os.path.join(opts.root, name)) else 0
        rows.append(row)
    print_table(rows, opts.root, opts.verbose)
    if opts.alarms:
        print_alarms(rows, opts.alarms, opts.seed)


if __name__ == '__main__':
    main()
