"""The formats of the test folders other than the corpus: each file is a
case whose steps come from the header lines it carries, plus any RUN:
lines it has (harness/directives.py)."""

import os
import re
import subprocess
import threading

from harness import directives
from harness.core import case_tmp, crashed, first_lines, verdict_of


def read_text(path):
    with open(path, 'rb') as f:
        return f.read().decode(errors='replace')


class FileCase:
    """A case file: FMT(ctx, case, log) runs its implicit steps, then its
    RUN: lines run."""

    def __init__(self, path, fmt=None, cost=1.0, requires=()):
        self.name = path
        self.path = path
        self.fmt = fmt
        self.cost = cost
        self.script = directives.parse(read_text(path))
        self.requires = list(requires) + self.script.requires

    def execute(self, ctx, log):
        self.tmp = case_tmp(ctx, self.name)
        if self.fmt:
            self.fmt(ctx, self, log)
        if self.script.steps or self.script.errors:
            directives.execute(ctx, self.script, log, self.path, self.tmp)
        elif not self.fmt:
            log.check(False, '%s: no RUN: line' % self.path)


# ---- the C test binaries ----

class Binary:
    """A C test binary: it prints "NAME: N passed, M failed" last, and its
    FAIL lines; each of its checks is an assertion here."""

    def __init__(self, name, argv_of, cost=5.0, requires=()):
        self.name = name
        self.argv_of = argv_of
        self.cost = cost
        self.requires = list(requires)

    def execute(self, ctx, log):
        tmp = case_tmp(ctx, self.name)
        proc = ctx.run(self.argv_of(ctx, tmp))
        counted(log, proc, self.name)


COUNTS = re.compile(r'([0-9]+) passed, ([0-9]+) failed')


def counted(log, proc, what):
    lines = proc.text.splitlines()
    for line in lines:
        if line.startswith('FAIL'):
            log.note(line)
    m = COUNTS.search(lines[-1]) if lines else None
    if not m or proc.crashed:
        log.check(False, '%s crashed or printed no counts (exit %d, %s): %s\n%s' % (
            what, proc.status, verdict_of(proc.status), lines[-1] if lines else '', first_lines(proc.err, 10)))
        return
    log.passed += int(m.group(1))
    log.failed += int(m.group(2))
    if int(m.group(2)):
        log.messages.append('FAIL %s: %s' % (what, lines[-1]))
    log.check(proc.status == 0 or int(m.group(2)) > 0, '%s exited %d' % (what, proc.status))


# ---- tests/run_cases: the interpreter's regression cases ----

def run_case(ctx, case, log):
    """`// expect: ARGS => STATUS`: `mapkit run ARGS --format=json FILE`
    gives each kernel STATUS (one per kernel, spaces between), or `usage`
    (exit 2, no result).  `// json: PATTERN` lines must match the JSON
    (a Python regular expression), `// json-not: PATTERN` lines must not."""
    text = read_text(case.path)
    first = text.split('\n', 1)[0]
    m = re.match(r'^// expect: *(.*)$', first)
    expect = m.group(1) if m else ''
    if ' => ' not in expect:
        log.check(False, "%s: first line is not '// expect: ARGS => STATUS'" % case.path)
        return
    args, want = expect.rsplit(' => ', 1)
    proc = ctx.mapkit_run(['run'] + args.split() + ['--format=json', case.path], timeout=300)
    log.no_crash(proc, 'mapkit run')
    got = ' '.join(re.findall(r'^\{"kernel":[^,]*,.*"status":"([a-z]*)".*$', proc.text, re.M))
    if not got:
        got = {2: 'usage', 124: 'timeout'}.get(proc.status, 'no result (exit %d)' % proc.status)
    if not log.check(got == want, '%s: expected %s, got %s (run %s)' % (case.path, want, got, args)):
        return
    for pat in re.findall(r'^// json: (.*)$', text, re.M):
        log.check(re.search(pat, proc.text, re.M) is not None, '%s: the JSON does not match: %s' % (case.path, pat))
    for pat in re.findall(r'^// json-not: (.*)$', text, re.M):
        log.check(re.search(pat, proc.text, re.M) is None,
                  '%s: the JSON matches what it must not: %s' % (case.path, pat))


# ---- tests/errors: diagnostics of bad protocols ----

def error_case(ctx, case, log):
    """NAME.proto and NAME.expected: `mapkit fmt NAME.proto` (from the
    folder) exits 2, and its diagnostic lines (FILE:LINE:COL: error,
    warning or note) are NAME.expected's."""
    folder, base = os.path.split(case.path)
    name = base[:-len('.proto')]
    proc = ctx.mapkit_run(['fmt', base], cwd=os.path.join(ctx.root, folder))
    log.no_crash(proc, 'mapkit fmt')
    rx = re.compile(r'^%s\.proto:[0-9]+:[0-9]+: (error|warning|note): ' % re.escape(name))
    headers = '\n'.join(line for line in proc.errtext.split('\n') if rx.match(line))
    want = read_text(os.path.join(folder, name + '.expected')).rstrip('\n')
    ok = proc.status == 2 and headers == want
    if not log.check(ok, 'error case %s (exit %d)' % (name, proc.status)):
        log.note('  want:\n%s\n  got:\n%s' % (want, headers))


# ---- golden protocols of the front end ----

def update_goldens():
    return os.environ.get('UPDATE') == '1'


def golden_infer(ctx, case, log, source, golden):
    """`mapkit infer SOURCE` is GOLDEN, and valid .proto text: fmt reads it
    back unchanged.  UPDATE=1 rewrites GOLDEN."""
    name = os.path.basename(source).rsplit('.', 1)[0]
    proc = ctx.mapkit_run(['infer', source])
    log.no_crash(proc, 'mapkit infer')
    if update_goldens() and proc.status == 0:
        with open(golden, 'wb') as f:
            f.write(proc.out)
    want = open(golden, 'rb').read() if os.path.exists(golden) else None
    if not log.check(proc.status == 0 and want == proc.out, 'golden %s (exit %d)' % (name, proc.status)):
        if want is not None:
            import difflib
            log.note('\n'.join(list(difflib.unified_diff(
                want.decode(errors='replace').splitlines(), proc.text.splitlines(), golden, 'now', lineterm=''))[:20]))
    out = os.path.join(case.tmp, name + '.proto')
    with open(out, 'wb') as f:
        f.write(proc.out)
    fmt = ctx.mapkit_run(['fmt', out])
    log.check(fmt.status == 0 and fmt.out == proc.out, 'golden %s: output is not canonical .proto' % name)
    return proc, out


def infer_golden(ctx, case, log):
    """tests/infer/NAME.cu: the golden NAME.proto, and the round trip infer
    -> gen -> infer gives the same protocol, except for the kernels
    tests/infer/no-roundtrip.txt lists with their reasons."""
    proc, p1 = golden_infer(ctx, case, log, case.path, case.path[:-len('.cu')] + '.proto')
    name = os.path.basename(case.path)[:-len('.cu')]
    if name in listed_names(os.path.join(os.path.dirname(case.path), 'no-roundtrip.txt')):
        return
    k1 = os.path.join(case.tmp, 'k1.cu')
    gen = ctx.mapkit_run(['gen', p1, '-o', k1]) if proc.status == 0 else proc
    p2 = ctx.mapkit_run(['infer', k1]) if gen.status == 0 else gen
    log.no_crash(p2, 'the round trip')
    if not log.check(p2.status == 0 and p2.out == proc.out, 'round trip %s' % name):
        log.note(first_lines(p2.out, 10) + first_lines(p2.err, 5))


def listed_names(path):
    """The first word of each line of PATH (# comments, blanks left out)."""
    try:
        text = read_text(path)
    except OSError:
        return set()
    return {line.split()[0] for line in text.splitlines() if line.strip() and not line.startswith('#')}


def infer_check(ctx, case, log):
    """tests/infer/check/*.cu: `mapkit check` gives the `// expect:` line's
    verdict (labels reasoned by hand, not recorded)."""
    m = re.search(r'^// expect: ([a-z]*)', read_text(case.path), re.M)
    want = m.group(1) if m else ''
    proc = ctx.mapkit_run(['check', case.path])
    log.no_crash(proc, 'mapkit check')
    got = verdict_of(proc.status)
    log.check(got == want, 'check %s: %s, want %s' % (os.path.basename(case.path), got, want))


def opencl_golden(ctx, case, log):
    """tests/opencl/NAME.cl: the golden NAME.proto; `mapkit check` gives line
    3's `// expect:` and line 1's GPUVerify label agrees; clang -x cl
    compiles it (the version of a `// cl-std:` line)."""
    golden_infer(ctx, case, log, case.path, case.path[:-len('.cl')] + '.proto')
    text = read_text(case.path)
    lines = (text.split('\n') + ['', '', ''])[:3]
    name = os.path.basename(case.path)[:-len('.cl')]
    m = re.match(r'^// expect: ([a-z]*)', lines[2])
    expect = m.group(1) if m else ''
    if expect == 'drf':
        log.check(lines[0] == '//pass', "%s: '// expect: drf' with label '%s'" % (name, lines[0]))
    elif expect in ('racy', 'divergent'):
        log.check(lines[0].startswith('//xfail:'), "%s: '// expect: %s' with label '%s'" % (name, expect, lines[0]))
    else:
        log.check(False, "%s: line 3 is no '// expect: drf|racy|divergent'" % name)
    if expect:
        proc = ctx.mapkit_run(['check', case.path])
        log.no_crash(proc, 'mapkit check')
        log.check(verdict_of(proc.status) == expect, 'verdict %s: %s, expected %s' % (
            name, verdict_of(proc.status), expect))
    m = re.search(r'^// cl-std: (.*)$', text, re.M)
    std = m.group(1) if m else 'CL1.2'
    if 'clang' not in ctx.features:
        log.check(False, "clang is not installed: the kernels' OpenCL C is not checked (make setup installs it)")
        return
    proc = ctx.run(['clang', '-x', 'cl', '-cl-std=' + std, '-fsyntax-only', case.path])
    log.check(proc.status == 0, 'clang -cl-std=%s rejects %s: %s' % (std, case.path, first_lines(proc.err, 1)))


# ---- tests/conditions: mapkit check --conditions ----

def condition_of(ctx, path):
    """The condition mapkit prints: its C text, "true" for every launch,
    "false" for none, "unknown" without a closed form.  (Z3 5.4's
    elimination needs 12 s for mod-eight, more under the sanitizers: the
    limit is set far above it.)"""
    proc = ctx.mapkit_run(['check', '--conditions', '--timeout=90000', path])
    out = '\n'.join(re.sub(r' \(among launches with .*: the axes the kernel does not use\)$', '', line)
                    for line in proc.text.splitlines() if re.search(r': kernel [^:]*: (DRF|no closed)', line))
    if ': DRF if ' in out:
        return out.split(': DRF if ', 1)[1], proc
    if 'DRF for every launch' in out:
        return 'true', proc
    if 'DRF for no launch' in out:
        return 'false', proc
    return 'unknown', proc


def evaluate(ctx, condition, opts):
    """CONDITION by the shell's arithmetic (C's) at the values OPTIONS give
    (-b X[,Y[,Z]], -g X[,Y[,Z]], -p NAME=V; missing sizes are 1)."""
    words = opts.split()
    b, g, params = '1,1,1', '1,1,1', []
    i = 0
    while i < len(words):
        if words[i] == '-b' and i + 1 < len(words):
            b = words[i + 1] + ',1,1'
        elif words[i] == '-g' and i + 1 < len(words):
            g = words[i + 1] + ',1,1'
        elif words[i] == '-p' and i + 1 < len(words):
            params.append(words[i + 1])
        i += 2 if words[i] in ('-b', '-g', '-p') else 1
    c = condition
    for axis, value in zip('xyz', b.split(',')[:3]):
        c = c.replace('blockDim.' + axis, value)
    for axis, value in zip('xyz', g.split(',')[:3]):
        c = c.replace('gridDim.' + axis, value)
    for p in params:
        name, _, value = p.partition('=')
        c = re.sub(r'\b%s\b' % re.escape(name), value, c)
    if c == 'true':
        return '1'
    if c == 'false':
        return '0'
    return subprocess.run(['bash', '-c', 'echo $((%s))' % c], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL).stdout.decode().strip()


def python_condition(c):
    c = c.replace('&&', ' and ').replace('||', ' or ')
    c = re.sub(r'!(?!=)', ' not ', c).replace('/', '//')
    c = re.sub(r'\b(blockDim|gridDim)\.([xyz])\b', r'\1_\2', c)
    return c.replace('true', 'True').replace('false', 'False')


def same_condition(got, want):
    """Do two conditions agree at every launch and parameter value of a small
    grid (blockDim.x 1..24, other sizes and parameters 0..10)?  Both are C
    expressions over naturals, evaluated as Python (the terms are ordered
    and simplified differently by each Z3)."""
    import itertools
    a, b = python_condition(got), python_condition(want)
    names = sorted(set(re.findall(r'\b[A-Za-z_]\w*\b', a + ' ' + b)) - {'and', 'or', 'not', 'True', 'False'})
    ranges = [range(1, 25) if n.startswith(('blockDim', 'gridDim')) else range(0, 11) for n in names]
    try:
        for values in itertools.product(*ranges):
            env = dict(zip(names, values))
            try:
                if bool(eval(a, {}, env)) != bool(eval(b, {}, env)):
                    return False
            except ZeroDivisionError:
                pass
    except Exception:
        return False
    return True


def conditions_case(ctx, case, log):
    """`// conditions: C` (the condition mapkit must print, worked out by
    hand), `// holds: OPTIONS` (a launch C admits: C is true there and
    check proves DRF) and `// violates: OPTIONS` (C is false there and check
    finds a witness): the condition is checked both ways."""
    name = os.path.basename(case.path)
    text = read_text(case.path)
    got, proc = condition_of(ctx, case.path)
    log.no_crash(proc, 'check --conditions')
    m = re.search(r'^// conditions: *(.*)$', text, re.M)
    if m:
        log.check(same_condition(got, m.group(1)),
                  "%s: mapkit says '%s', the known answer is '%s'" % (name, got, m.group(1)))
    if got == 'unknown':
        log.check(False, '%s: no closed form' % name)
        return
    for opts in re.findall(r'^// holds: *(.*)$', text, re.M):
        log.check(evaluate(ctx, got, opts) == '1', "%s: '%s' is false at %s, which it should admit" % (name, got, opts))
        proc = ctx.mapkit_run(['check'] + opts.split() + [case.path])
        log.no_crash(proc, 'check')
        log.check(proc.status == 0, '%s: under the condition (%s) check says %s' % (name, opts, verdict_of(proc.status)))
    for opts in re.findall(r'^// violates: *(.*)$', text, re.M):
        log.check(evaluate(ctx, got, opts) == '0', "%s: '%s' is true at %s, which it should exclude" % (name, got, opts))
        proc = ctx.mapkit_run(['check'] + opts.split() + [case.path])
        log.no_crash(proc, 'check')
        log.check(proc.status in (1, 3) and 'globals:' in proc.text + proc.errtext,
                  '%s: violating the condition (%s) gives no witness (check says %s)' % (
                      name, opts, verdict_of(proc.status)))


# ---- randomised agreement: the engines against the interpreter ----

class Agree:
    """A batch of random protocols (tests/gen_random.c, from a fixed seed):
    both engines give every kernel the status `mapkit run` gives it, at the
    concrete instance of the protocol's `// args:` line.  A kernel whose
    preconditions admit no thread there is an input error, which run and
    the engines must all report ("vacuous").  Each protocol is an
    assertion."""

    generated = {}
    lock = threading.Lock()

    def __init__(self, label, mode, seed, count, first, size, allow_unknown, timeout_ms):
        self.name = 'agree/%s/seed-%d/%04d-%04d' % (label, seed, first, first + size - 1)
        self.mode, self.seed, self.count = mode, seed, count
        self.first, self.size = first, size
        self.allow_unknown = allow_unknown
        self.timeout_ms = timeout_ms
        self.cost = size * 0.3
        self.requires = []

    def protocols(self, ctx):
        key = (self.mode, self.seed, self.count)
        with Agree.lock:
            if key not in Agree.generated:
                out = os.path.join(ctx.tmp, 'agree-%s-%d-%d' % (self.mode or 'plain', self.seed, self.count))
                gen = os.path.join(ctx.build_abs, 'bin', 'gen_random')
                words = [self.mode] if self.mode else []
                proc = ctx.run([gen, str(self.seed), str(self.count), out] + words)
                Agree.generated[key] = (out, proc)
        return Agree.generated[key]

    def execute(self, ctx, log):
        out, proc = self.protocols(ctx)
        if not log.check(proc.status == 0, 'gen_random failed (exit %d): %s' % (proc.status, first_lines(proc.err, 3))):
            return
        for i in range(self.first, self.first + self.size):
            self.check_one(ctx, log, os.path.join(out, 'r%04d.proto' % i))

    def check_one(self, ctx, log, path):
        with open(path) as f:
            args = f.readline()[len('// args:'):].split()
        cargs = []
        skip = False
        for word in args:  # check has no --values
            if skip:
                skip = False
            elif word == '--values':
                skip = True
            else:
                cargs.append(word)
        run = ctx.mapkit_run(['run'] + args + ['--format=json', path])
        want = agree_statuses(run.text)
        report = ['run=' + short(want)]
        ok = log.no_crash(run, 'mapkit run')
        for engine in ('interval', 'align'):
            proc = ctx.mapkit_run(['check'] + cargs + ['--format=json', '--engine=' + engine,
                                                       '--timeout=%d' % self.timeout_ms, path])
            ok &= log.no_crash(proc, 'mapkit check --engine=' + engine)
            got = agree_statuses(proc.text)
            report.append('%s=%s' % (engine, short(got)))
            ok &= matches(want, got, self.allow_unknown)
        # run itself must decide: an error or unknown there is the generator's fault
        if not want or any(s.endswith(('=error', '=unknown')) for s in want.split()):
            ok = False
        if not log.check(ok, '%s: %s' % (os.path.basename(path)[:-len('.proto')], ' '.join(report))):
            log.note('\n'.join('    | ' + line for line in read_text(path).splitlines()))


def agree_statuses(text):
    out = []
    for line in text.splitlines():
        m = re.match(r'^\{"kernel":"([^"]*)".*,"status":"([a-z]*)"', line)
        if not m:
            continue
        st = m.group(2)
        if st == 'error' and '"message":"these assumptions contradict each other' in line:
            st = 'vacuous'
        out.append('%s=%s' % (m.group(1), st))
    return ' '.join(out)


def matches(want, got, allow_unknown):
    if want == got:
        return True
    if not allow_unknown:
        return False
    w, g = want.split(), got.split()
    return len(w) == len(g) and all(a == b or b == a.split('=')[0] + '=unknown' for a, b in zip(w, g))


def short(statuses):
    """Without kernel names when there is one kernel: "drf" rather than "k0=drf"."""
    if not statuses:
        return 'none'
    if ' ' in statuses:
        return statuses.replace('=', ':').replace(' ', ',')
    return statuses.split('=', 1)[1]


# ---- orchestration scripts ----

class Script:
    """A shell script that orchestrates (builds a project folder, compiles
    in batches, starts PoCL): it prints a line `PASS WHAT` or `FAIL WHAT`
    per assertion (tests/lib.sh's pass, fail, check and expect_holds), or
    `COUNTS N M WHAT` for a C test binary's counts, and the runner counts
    them.  A script that exits non-zero without a FAIL
    line fails once; one that crashes fails.  Its first lines may say
    REQUIRES: and TIMEOUT: as a case file does."""

    def __init__(self, path, cost=10.0):
        self.name = path
        self.path = path
        self.cost = cost
        self.script = directives.parse(read_text(path))
        self.requires = self.script.requires

    def execute(self, ctx, log):
        tmp = case_tmp(ctx, self.name)
        env = dict(ctx.env)
        guard_log = os.path.join(tmp, '.guard.log')
        env.update({'MAPKIT_GUARD_LOG': guard_log, 'TEST_TMP': tmp})
        proc = ctx.run([os.path.join(ctx.root, self.path), ctx.build], env=env, timeout=self.script.timeout)
        failures = 0
        for line in proc.text.splitlines():
            if line.startswith('PASS'):
                log.passed += 1
            elif line.startswith('FAIL'):
                failures += 1
                log.check(False, line[len('FAIL'):].strip())
            elif line.startswith('COUNTS '):
                words = line.split(None, 3)
                log.passed += int(words[1])
                if int(words[2]):
                    failures += 1
                    log.failed += int(words[2])
                    log.messages.append('FAIL %s: %s failed' % (words[3] if len(words) > 3 else '', words[2]))
            elif line.startswith(('SKIP', 'note', 'KNOWN')) or line.startswith('  '):
                log.note(line)
        if proc.status != 0 and failures == 0:
            log.check(False, '%s exited %d (%s) without a FAIL line: %s' % (
                self.path, proc.status, verdict_of(proc.status), first_lines(proc.err, 10)))
        elif crashed(proc.status):
            log.check(False, '%s crashed (%s)' % (self.path, verdict_of(proc.status)))
        if failures:
            log.note(first_lines(proc.err, 10))
        directives.report_guard_log(log, guard_log)
