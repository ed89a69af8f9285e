"""The corpus: one case per input file, its steps derived from the header
lines the file already carries (corpus/*/README.md), and the snapshot.

The snapshot (records in tests/snapshot/) is what mapkit prints for every
input under corpus/, byte for byte: the command line, stdout, stderr and
exit status of each command, per input (paths relative to the root):
  .proto           check --engine=interval, check --engine=align, fmt
  .cu .cuh .cl     infer, check
(check with --timeout=120000: the solver's budgets are deterministic, and
the wall-clock limit is set far enough that a loaded machine cannot reach
it).  A change meant to keep behaviour leaves every record as it is; one
meant to change verdicts or messages rewrites them (`make snapshot-update`,
runner.py --update-snapshot) and the diff of tests/snapshot/ is what a
reviewer reads.  The snapshot runs in the normal build only: the
sanitizers are several times slower, and their runs check verdicts
instead, each with its own generous limit.

Each corpus case runs its snapshot's commands once: the record is compared,
and the verdict assertions of the .cu, .cuh and .cl files are read from the
same run (the exit status of its `check`).  A .proto's labels need check's
JSON with the file's own `// check:` arguments, and its witnesses are
replayed in the interpreter, so those run apart.
"""

import os
import re

from harness import codegen
from harness.core import case_tmp, crashed, verdict_of

SNAPSHOT_DIR = 'tests/snapshot'
SNAPSHOT_TIMEOUT = '--timeout=120000'
SNAPSHOT_EXTENSIONS = ('.proto', '.cu', '.cuh', '.cl')
ROOT_MARK = b'<root>'
# the sanitizer build checks a corpus kernel's verdict with this limit
SANITIZER_CHECK_TIMEOUT = '--timeout=180000'


def read_text(path):
    with open(path, 'rb') as f:
        return f.read().decode(errors='replace')


def header_lines(path, n):
    lines = read_text(path).split('\n')[:n]
    lines += [''] * (n - len(lines))
    return [line.rstrip('\r') for line in lines]


def header(text, word):
    """The rest of the first line `// WORD: ...` of TEXT."""
    m = re.search(r'^// %s: *(.*)$' % re.escape(word), text, re.M)
    return m.group(1) if m else None


# ---- the snapshot ----

def snapshot_commands(path):
    if path.endswith('.proto'):
        return [['check', SNAPSHOT_TIMEOUT, '--engine=interval', path],
                ['check', SNAPSHOT_TIMEOUT, '--engine=align', path],
                ['fmt', path]]
    return [['infer', path], ['check', SNAPSHOT_TIMEOUT, path]]


def record_of(args, proc):
    return (b'$ mapkit ' + ' '.join(args).encode() + b'\n' + proc.out + b'--- stderr\n' + proc.err +
            b'--- exit %d\n' % proc.status)


def snapshot(ctx, path, log):
    """Runs PATH's snapshot commands, compares (or, updating, writes) the
    record, and returns each command's result in order."""
    procs = [ctx.mapkit_run(args) for args in snapshot_commands(path)]
    for args, proc in zip(snapshot_commands(path), procs):
        log.no_crash(proc, 'mapkit ' + ' '.join(args))
    record = b''.join(record_of(args, proc) for args, proc in zip(snapshot_commands(path), procs))
    # a report may name a file by its absolute path (a header found through
    # compile_commands.json): the record holds it from the checkout's root
    record = record.replace(ctx.root.encode() + b'/', ROOT_MARK + b'/')
    want_path = os.path.join(ctx.root, SNAPSHOT_DIR, path + '.txt')
    if ctx.update_snapshot:
        os.makedirs(os.path.dirname(want_path), exist_ok=True)
        with open(want_path, 'wb') as f:
            f.write(record)
        log.check(True, '')
        return procs
    try:
        with open(want_path, 'rb') as f:
            want = f.read()
    except OSError:
        log.check(False, 'snapshot %s: no record in %s (make snapshot-update)' % (path, SNAPSHOT_DIR))
        return procs
    if log.check(want == record, 'snapshot %s: the output changed' % path):
        return procs
    import difflib
    diff = difflib.unified_diff(want.decode(errors='replace').splitlines(),
                                record.decode(errors='replace').splitlines(),
                                want_path, 'now', lineterm='')
    log.note('\n'.join(list(diff)[:30]))
    return procs


def snapshot_inputs(root):
    found = []
    for folder, dirs, files in os.walk(os.path.join(root, 'corpus')):
        if folder == os.path.join(root, 'corpus'):
            dirs[:] = [d for d in dirs if d != 'projects']  # checked as projects (tests/scripts/projects.sh)
        dirs.sort()
        for name in files:
            if name.endswith(SNAPSHOT_EXTENSIONS):
                found.append(os.path.relpath(os.path.join(folder, name), root))
    return sorted(found)


class SnapshotRecords:
    """tests/snapshot: no record without its input (updating: removes them)."""

    name = 'tests/snapshot'
    requires = ['normal-build']
    cost = 1.0

    def execute(self, ctx, log):
        inputs = set(snapshot_inputs(ctx.root))
        base = os.path.join(ctx.root, SNAPSHOT_DIR)
        for folder, _, files in os.walk(base):
            for name in sorted(files):
                rec = os.path.join(folder, name)
                src = os.path.relpath(rec, base)[:-len('.txt')]
                if src in inputs:
                    continue
                if ctx.update_snapshot:
                    os.remove(rec)
                else:
                    log.check(False, 'snapshot %s: its input %s is gone' % (os.path.relpath(rec, ctx.root), src))
        log.check(True, '')


# ---- verdicts of the CUDA and OpenCL corpora ----

def checked_status(ctx, path, log, procs, timeout=SANITIZER_CHECK_TIMEOUT):
    """The exit status of `mapkit check PATH`: the snapshot's run in the
    normal build, a run of its own in the sanitizer build."""
    if procs is not None:
        return procs[-1]
    proc = ctx.mapkit_run(['check', timeout, path])
    log.no_crash(proc, 'mapkit check ' + path)
    return proc


def known_entries(path):
    """FILE -> reason, from a list of `FILE reason` lines (# comments)."""
    entries = {}
    try:
        text = read_text(path)
    except OSError:
        return entries
    for line in text.splitlines():
        if not line.strip() or line.startswith('#'):
            continue
        name, _, reason = line.partition(' ')
        entries.setdefault(name.split()[0] if name.split() else name, reason.strip())
    return entries


def label_agrees(log, name, proc, want, known):
    """The corpus's rule: the verdict is the label, or a known mismatch
    (listed with its reason) that did not crash."""
    got = verdict_of(proc.status)
    if got == want:
        if name in known:
            log.note('note: %s is listed as a known mismatch but now agrees' % name)
        log.check(True, '')
    elif name in known and not crashed(proc.status):
        log.check(True, '')
    else:
        log.check(False, 'corpus %s: mapkit says %s, the label says %s' % (name, got, want))


GV_DIM = r'([0-9]+|\[[0-9]+(,[0-9]+){0,2}\])'


def cuda_headers(ctx, path, log, labels):
    """corpus/cuda/README.md's three header lines, the kernel and the listing."""
    l1, l2, l3 = header_lines(path, 3)
    label = {'//pass': 'pass', '//xfail:NOT_ALL_VERIFIED': 'xfail'}.get(l1)
    log.check(label is not None, '%s: line 1 must be //pass or //xfail:NOT_ALL_VERIFIED, got %r' % (path, l1))
    log.check(re.match(r'^//--blockDim=%s --gridDim=%s$' % (GV_DIM, GV_DIM), l2) is not None,
              "%s: line 2 must be //--blockDim=D --gridDim=D, got '%s'" % (path, l2))
    m = re.match(r'^// expect: (%s) — .+' % labels, l3)
    if log.check(m is not None, "%s: line 3 must be '// expect: %s — reason', got '%s'" % (path, labels, l3)):
        verdict = m.group(1)
        log.check(not (label == 'pass' and verdict != 'drf'),
                  '%s: line 1 says //pass but line 3 expects %s' % (path, verdict))
        log.check(not (label == 'xfail' and verdict == 'drf'), '%s: line 1 says //xfail but line 3 expects drf' % path)
    text = read_text(path)
    sources = [text]
    for inc in re.findall(r'^[ \t]*#[ \t]*include[ \t]*"([^"]*)"', text, re.M):
        inc_path = os.path.join(os.path.dirname(path), inc)
        if os.path.isfile(inc_path):
            sources.append(read_text(inc_path))
    log.check(any('__global__' in s for s in sources), '%s: no __global__ function' % path)
    readme = os.path.join(os.path.dirname(path), 'README.md')
    listed = os.path.exists(readme) and os.path.basename(path) in read_text(readme)
    log.check(listed, '%s: not listed in %s' % (path, readme))
    return m.group(1) if m else None


class CorpusFile:
    """One corpus input; its format (below) says what to check, or, with
    --snapshot-only, its snapshot alone."""

    def __init__(self, path, fmt, cost=1.0):
        self.name = path
        self.path = path
        self.fmt = fmt
        self.cost = cost
        self.requires = []

    def execute(self, ctx, log):
        if ctx.snapshot_only:
            snapshot_only(ctx, self.path, log)
        else:
            self.fmt(ctx, self.path, log)


def run_snapshot(ctx, path, log):
    """The snapshot's results, or None where the snapshot does not run."""
    if ctx.sanitize:
        return None
    return snapshot(ctx, path, log)


def cuda_file(ctx, path, log):
    """corpus/cuda/*.cu: headers, snapshot, and the label (with the known
    mismatches of tests/infer/corpus-known.txt)."""
    want = cuda_headers(ctx, path, log, 'drf|racy|divergent')
    procs = run_snapshot(ctx, path, log)
    known = known_entries('tests/infer/corpus-known.txt')
    timeout = '--timeout=3000' if os.path.basename(path) in known else SANITIZER_CHECK_TIMEOUT
    proc = checked_status(ctx, path, log, procs, timeout)
    if want:
        label_agrees(log, os.path.basename(path), proc, want, known)


def silent_file(ctx, path, log):
    """corpus/cuda/silent/*.cu (its README.md): never DRF.  A racy or
    divergent label is the verdict exactly; `unknown` passes on any of racy,
    divergent and unknown; `error` wants exit 2.  A kernel of KNOWN-DRF that
    still fails prints a KNOWN line and counts neither way; a crash fails."""
    label = cuda_headers(ctx, path, log, 'racy|divergent|unknown|error')
    procs = run_snapshot(ctx, path, log)
    proc = checked_status(ctx, path, log, procs)
    if label is None:
        return
    name = os.path.basename(path)
    known = known_entries('corpus/cuda/silent/KNOWN-DRF')
    got = verdict_of(proc.status)
    ok = (label, proc.status) in {('error', 2), ('unknown', 1), ('unknown', 3), ('unknown', 4)} or \
        (got == label and label != 'error')
    if ok:
        log.check(True, '')
        if name in known:
            log.note('note: %s is listed in KNOWN-DRF but now passes (%s): take it off the list' % (name, got))
    elif name in known and not crashed(proc.status):
        log.note('KNOWN %s: mapkit says %s, the label says %s (%s)' % (name, got, label, known[name]))
    else:
        log.check(False, '%s: mapkit says %s, the label says %s' % (name, got, label))


SOUND_KNOWN = 'corpus/cuda/sound/KNOWN'


def sound_known_kind(label, got):
    """The word a KNOWN entry starts with: `unsound:` for a racy or
    divergent kernel called DRF, `imprecise:` for a race-free twin not
    proved DRF, `wrong:` for a racy or divergent kernel given another
    verdict (the other defect, unknown, an input error)."""
    if label == 'drf':
        return 'imprecise:'
    return 'unsound:' if got == 'drf' else 'wrong:'


def twin_of(path, suffix):
    """The file that PATH pairs with: the `// twin:` line's file, else
    NAME{suffix}.cu for NAME.cu and NAME.cu for NAME{suffix}.cu (`_drf` in
    corpus/cuda/sound, `_racy` in corpus/cuda/values)."""
    twin = header(read_text(path), 'twin')
    if twin:
        return os.path.join(os.path.dirname(path), twin.split()[0])
    if path.endswith(suffix + '.cu'):
        return path[:-len(suffix + '.cu')] + '.cu'
    return path[:-len('.cu')] + suffix + '.cu'


def labelled_twins(ctx, path, log, known_path, twin):
    """A corpus of twins (corpus/cuda/sound, corpus/cuda/values): the label
    is the verdict exactly, a racy or divergent kernel is never DRF, and
    each file has its twin (the file `twin` names).  A kernel of the KNOWN
    list (today's failures, with their reason) prints a KNOWN line and
    counts neither way; a KNOWN kernel that passes fails, so that the list
    holds exactly the kernels mapkit still gets wrong."""
    label = cuda_headers(ctx, path, log, 'drf|racy|divergent')
    procs = run_snapshot(ctx, path, log)
    proc = checked_status(ctx, path, log, procs)
    log.check(os.path.isfile(twin), '%s: its twin %s is missing' % (path, twin))
    if label is None:
        return
    name = os.path.basename(path)
    known = known_entries(known_path)
    got = verdict_of(proc.status)
    if got == label:
        log.check(name not in known, '%s: listed in %s but now passes (%s): take it off the list' % (
            name, known_path, got))
    elif name in known and not crashed(proc.status):
        kind = sound_known_kind(label, got)
        if log.check(known[name].startswith(kind), "%s: %s's entry must start with '%s' (mapkit says %s), got '%s'" % (
                known_path, name, kind, got, known[name])):
            log.note('KNOWN %s: mapkit says %s, the label says %s (%s)' % (name, got, label, known[name]))
    elif label != 'drf' and got == 'drf':
        log.check(False, '%s: UNSOUND: mapkit says drf, the label says %s' % (name, label))
    else:
        log.check(False, '%s: mapkit says %s, the label says %s' % (name, got, label))


def sound_file(ctx, path, log):
    """corpus/cuda/sound/*.cu (its README.md): twins NAME.cu (racy) and
    NAME_drf.cu."""
    labelled_twins(ctx, path, log, SOUND_KNOWN, twin_of(path, '_drf'))


VALUES_KNOWN = 'corpus/cuda/values/KNOWN'


def values_file(ctx, path, log):
    """corpus/cuda/values/*.cu (its README.md): twins NAME.cu and
    NAME_racy.cu, labels exact."""
    labelled_twins(ctx, path, log, VALUES_KNOWN, twin_of(path, '_racy'))


OPENCL_SIZE = r'([0-9]+|\[[0-9]+(,[0-9]+){1,2}\])'


def opencl_file(ctx, path, log):
    """corpus/opencl/*.cl (its README.md): headers, clang -x cl, snapshot,
    and the label (known mismatches: tests/opencl_corpus_known.txt)."""
    l1, l2, l3 = header_lines(path, 3)
    text = read_text(path)
    m = re.match(r'^// expect: (drf|racy|divergent) — .+', l3)
    want = m.group(1) if m else ''
    agree = (l1 == '//pass' and want == 'drf') or \
        (l1 == '//xfail:NOT_ALL_VERIFIED' and want in ('racy', 'divergent'))
    log.check(agree, "%s: line 1 '%s' and line 3 '%s' do not agree" % (path, l1, l3))
    if not re.match(r'^//(--local_size=%s )?--(num_groups|global_size)=%s$' % (OPENCL_SIZE, OPENCL_SIZE), l2):
        log.check(False, "%s: line 2 is not a GPUVerify OpenCL launch: '%s'" % (path, l2))
    else:
        log.check('--local_size=' in l2 or 'reqd_work_group_size' in text,
                  '%s: no --local_size= and no reqd_work_group_size' % path)
    log.check(re.search(r'(__kernel|^kernel) ', text, re.M) is not None, '%s: no __kernel function' % path)
    readme = read_text(os.path.join(os.path.dirname(path), 'README.md'))
    log.check('`%s`' % os.path.basename(path) in readme,
              '%s: not listed in %s/README.md' % (path, os.path.dirname(path)))
    if 'clang' in ctx.features:
        std = header(text, 'cl-std') or 'CL1.2'
        m_std = re.match(r'^(CL[0-9.]*)$', std)
        std = m_std.group(1) if m_std else 'CL1.2'
        # GPUVerify's annotations are declared as mapkit declares them
        prelude = os.path.join(case_tmp(ctx, path), 'annotations.h')
        ctx.mapkit_run(['infer', '--print-annotations', '--lang=opencl', '-o', prelude])
        proc = ctx.run(['clang', '-x', 'cl', '-cl-std=' + std, '-include', prelude, '-fsyntax-only', path])
        log.check(proc.status == 0, '%s: clang -x cl -cl-std=%s -fsyntax-only: %s' % (
            path, std, '\n'.join((proc.text + proc.errtext).splitlines()[:3])))
    procs = run_snapshot(ctx, path, log)
    proc = checked_status(ctx, path, log, procs)
    if want:
        label_agrees(log, os.path.basename(path), proc, want, known_entries('tests/opencl_corpus_known.txt'))


def statuses_in_order(text):
    """KERNEL=STATUS of each JSON object, in order, on one line."""
    out = []
    for line in text.splitlines():
        m = re.match(r'^\{"kernel":"([A-Za-z_0-9]*)".*"status":"([a-z]*)".*', line)
        if m:
            out.append('%s=%s' % (m.group(1), m.group(2)))
    return ' '.join(out)


def host_file(ctx, path, log):
    """corpus/host (docs/inference.md): whole programs, host code included,
    checked with no options at all.  Labels (`// expect:`, per kernel and
    distinct launch site, in report order), the `// assumes:` fact in the
    text report, and `--no-host` (`// no-host:`, without the fact)."""
    text = read_text(path)
    want, why = header(text, 'expect'), header(text, 'why')
    assumes, nohost = header(text, 'assumes'), header(text, 'no-host')
    procs = run_snapshot(ctx, path, log)
    if not (want and why and assumes and nohost):
        log.check(False, '%s: the header needs // expect:, // why:, // assumes: and // no-host: lines' % path)
        return
    proc = ctx.mapkit_run(['check', '--format=json', path])
    log.no_crash(proc, 'check --format=json')
    got = statuses_in_order(proc.text)
    log.check(got == want, "%s: mapkit says '%s', the label says '%s'" % (path, got, want))
    proc = procs[-1] if procs else ctx.mapkit_run(['check', path])
    log.check(assumes in proc.text or assumes in proc.errtext,
              "%s: the report does not state '%s'" % (path, assumes))
    proc = ctx.mapkit_run(['check', '--no-host', '--format=json', path])
    log.no_crash(proc, 'check --no-host --format=json')
    got = statuses_in_order(proc.text)
    log.check(got == nohost, "%s --no-host: mapkit says '%s', want '%s'" % (path, got, nohost))
    proc = ctx.mapkit_run(['check', '--no-host', path])
    log.check(assumes not in proc.text and assumes not in proc.errtext,
              "%s --no-host: still states '%s'" % (path, assumes))


def snapshot_only(ctx, path, log):
    """A corpus input no other format reads (a header of a project): its record."""
    if run_snapshot(ctx, path, log) is None:
        log.skip('the snapshot runs in the normal build only')


# ---- corpus/proto ----

PROTO_LABEL = re.compile(r'^// verdict: ((drf|racy|divergent)|([A-Za-z_][A-Za-z0-9_]*=(drf|racy|divergent) ?)+)$')
GOLDEN_FMT = 'tests/golden'


def proto_file(ctx, path, log):
    """corpus/proto/*.proto (its README): the labels of line 1 under the
    interpreter (the arguments of line 2, `// run:`) and under both engines
    (`// check:` arguments; `// check-unknown:` allows unknown), every
    witness replayed in the interpreter, the snapshot, and the golden
    formatting of tests/golden/NAME.fmt where there is one; and the code
    gen writes of it (harness/codegen.py)."""
    lines = header_lines(path, 2)
    log.check(PROTO_LABEL.match(lines[0]) is not None, "corpus label: %s has no '// verdict: ...' first line" % path)
    procs = run_snapshot(ctx, path, log)
    golden_fmt(ctx, path, log, procs)
    run_labels(ctx, path, log, lines)
    for engine in ('interval', 'align'):
        check_labels(ctx, path, log, engine)
    codegen.generated_code(ctx, path, log, case_tmp(ctx, path))


def golden_fmt(ctx, path, log, procs):
    golden = os.path.join(GOLDEN_FMT, os.path.basename(path)[:-len('.proto')] + '.fmt')
    if not os.path.exists(golden):
        return
    proc = procs[-1] if procs else ctx.mapkit_run(['fmt', path])
    with open(golden, 'rb') as f:
        want = f.read()
    log.check(proc.out + proc.err == want, 'golden %s: fmt differs from %s' % (path, golden))


def json_kernel_statuses(text):
    """(kernel, status) per JSON line; "(none)" for a file without kernel blocks."""
    got = []
    for line in text.splitlines():
        m = re.match(r'^\{"kernel":null,.*"status":"([a-z]*)".*$', line)
        if m:
            got.append(('(none)', m.group(1)))
            continue
        m = re.match(r'^\{"kernel":"([^"]*)",.*"status":"([a-z]*)".*$', line)
        if m:
            got.append((m.group(1), m.group(2)))
    return got


def run_labels(ctx, path, log, lines):
    """The interpreter gives every kernel its label (one assertion a file)."""
    verdict = re.sub(r'^// verdict: *', '', lines[0]) if lines[0].startswith('// verdict:') else ''
    if not verdict:
        log.check(False, "%s: first line is not '// verdict: ...'" % path)
        return
    if not lines[1].startswith('// run:'):
        log.check(False, "%s: second line is not '// run: ...'" % path)
        return
    args = lines[1][len('// run:'):].split()
    proc = ctx.mapkit_run(['run'] + args + ['--format=json', path])
    log.no_crash(proc, 'mapkit run')
    got = json_kernel_statuses(proc.text)
    if not got:
        log.check(False, '%s: mapkit run %s printed no result' % (path, ' '.join(args)))
        return
    problems = []
    if '=' in verdict:
        pairs = [p.split('=', 1) for p in verdict.split()]
        for k, want in pairs:
            have = next((s for name, s in got if name == k), '')
            if have != want:
                problems.append('kernel %s: label %s, run %s (run %s)' % (k, want, have or 'missing', ' '.join(args)))
        if len(got) != len(pairs):
            problems.append('%d labels but the run reported %d kernels' % (len(pairs), len(got)))
    else:
        for k, have in got:
            if have != verdict:
                problems.append('kernel %s: label %s, run %s (run %s)' % (k or '?', verdict, have, ' '.join(args)))
    log.check(not problems, '%s: %s' % (path, '; '.join(problems)))


def check_labels(ctx, path, log, engine):
    """Each kernel's label under ENGINE (an assertion a kernel), and each
    witness replayed by the interpreter: `mapkit run` with the witness's
    launch sizes and uniform values finds a race on the same array."""
    text = read_text(path)
    labels = re.sub(r'^// verdict: *', '', header_lines(path, 1)[0])
    if '=' not in labels:
        labels = '%s=%s' % (os.path.basename(path)[:-len('.proto')], labels)
    args = (header(text, 'check') or '').split()
    unknown_ok = re.search(r'^// check-unknown:', text, re.M) is not None
    proc = ctx.mapkit_run(['check'] + args + ['--engine=' + engine, '--format=json', path])
    log.no_crash(proc, 'mapkit check --engine=' + engine)
    got = {}
    for line in proc.text.splitlines():
        m = re.match(r'^\{"kernel":"([^"]*)".*"status":"([a-z]*)".*', line)
        if m:
            got.setdefault(m.group(1), m.group(2))
    for pair in labels.split():
        k, want = pair.split('=', 1)
        s = got.get(k, '')
        log.check(s == want or (s == 'unknown' and unknown_ok),
                  "corpus-check [%s] %s: kernel %s is '%s', label %s" % (engine, path, k, s or 'missing', want))
    for line in proc.text.splitlines():
        if '"status":"racy"' in line:
            replay_witness(ctx, path, log, engine, line, text, args)


def replay_args(race_line, text):
    """-b/-g/-p from a JSON race's "globals", and --values large enough for
    its unknowns' values (run draws them from 0..VALUES-1)."""
    race = race_line.split('},{"array":', 1)[0]
    dims = {'blockDim.x': 1, 'blockDim.y': 1, 'blockDim.z': 1, 'gridDim.x': 1, 'gridDim.y': 1, 'gridDim.z': 1}
    params = []
    m = re.search(r'"globals":\{([^}]*)\}', race)  # the race's, not a divergence's after it
    for kv in (m.group(1).split(',') if m else []):
        if not kv.strip():
            continue
        k, _, v = kv.partition(':')
        k = k.replace('"', '').strip()
        if k in dims:
            dims[k] = v
        else:
            params.append('-p %s=%s' % (k, v))
    unknowns = set()
    for line in text.split('\n'):
        for decl in re.findall(r'(?:local|const local)[^;]*;', line):
            decl = decl.replace('const local', '', 1).replace('local', '', 1).replace(';', '', 1)
            decl = re.sub(r'where.*', '', decl, count=1).replace('global', '')
            unknowns.update(decl.replace(',', ' ').split())
    biggest = 3
    for body in re.findall(r'"locals":\{([^}]*)\}', race):
        for kv in body.split(','):
            k, _, v = kv.partition(':')
            k = k.replace('"', '')
            try:
                if k in unknowns and int(v) > biggest:
                    biggest = int(v)
            except ValueError:
                pass
    return dims, biggest + 1, params


def replay_witness(ctx, path, log, engine, line, text, check_args):
    k = re.match(r'^\{"kernel":"([^"]*)"', line)
    array = re.search(r'"races":\[\{"array":"([^"]*)"', line)
    dims, values, params = replay_args(line, text)
    b = [dims['blockDim.' + a] for a in 'xyz']
    g = [dims['gridDim.' + a] for a in 'xyz']
    try:
        threads = 1
        for v in b + g:
            threads *= int(v)
    except ValueError:
        threads = 1 << 30
    if threads > 4096 or values > 64:
        return  # too many threads, or values, for the interpreter
    argv = ['run', '-b', '[%s,%s,%s]' % tuple(b), '-g', '[%s,%s,%s]' % tuple(g), '--values', str(values)]
    for p in params:
        argv += p.split()
    if '--strict-writes' in check_args:
        argv.append('--strict-writes')
    kernel = k.group(1) if k else ''
    array_name = array.group(1) if array else ''
    proc = ctx.mapkit_run(argv + ['--kernel', kernel, '--format=json', path], timeout=300)
    log.no_crash(proc, 'the replay')
    ok = re.search(r'"status":"racy".*"array":"%s"' % re.escape(array_name), proc.text) is not None
    log.check(ok, 'corpus-check [%s] %s: the witness on %s does not replay: mapkit %s --kernel %s' % (
        engine, path, array_name, ' '.join(argv), kernel))


# ---- determinism under load ----

class Determinism:
    """Verdicts and witnesses do not depend on the machine's load
    (docs/checker.md, "Deadlines and budgets": the checker's internal
    budgets are Z3's deterministic resource units, not milliseconds).  The
    whole corpus (corpus/proto and corpus/cuda) is checked beside two
    CPU-burning processes, and every report (verdicts, witnesses, messages,
    exit status) must be the snapshot's, which records them as checked
    under the runner's ordinary load.  It runs in `make fuzz-long`: the
    snapshot cases of `make check` compare the same reports, computed while
    the runner keeps every core busy, at no extra cost."""

    name = 'determinism/corpus-under-load'
    requires = ['normal-build']
    cost = 600.0

    def execute(self, ctx, log):
        import subprocess
        burners = [subprocess.Popen(['sh', '-c', 'while :; do :; done']) for _ in range(2)]
        kernels = 0
        try:
            inputs = [p for p in snapshot_inputs(ctx.root)
                      if p.startswith('corpus/proto/') or re.match(r'^corpus/cuda/[^/]*\.cu$', p)]
            for path in inputs:
                kernels += self.compare(ctx, path, log)
        finally:
            for b in burners:
                b.kill()
                b.wait()
        log.check(kernels >= 150, 'only %d kernel verdicts in the corpus' % kernels)

    def compare(self, ctx, path, log):
        """PATH's check reports under load against its record; the number of
        kernel verdicts in them."""
        try:
            with open(os.path.join(ctx.root, SNAPSHOT_DIR, path + '.txt'), 'rb') as f:
                want = f.read()
        except OSError:
            log.check(False, 'determinism %s: no record' % path)
            return 0
        got = b''
        for args in snapshot_commands(path):
            if args[0] != 'check':
                continue
            proc = ctx.mapkit_run(args)
            log.no_crash(proc, 'mapkit ' + ' '.join(args))
            rec = record_of(args, proc).replace(ctx.root.encode() + b'/', ROOT_MARK + b'/')
            got += rec
            log.check(rec in want, 'determinism %s: mapkit %s reports otherwise on a loaded machine' % (
                path, ' '.join(args)))
        return len(re.findall(rb': kernel .*: ', got))
