"""What every case shares: the run's context, running a command, and the
record of a case's assertions.

A case is a list of assertions (each passes or fails, with a message); it
passes when all of them do.  A command a case runs is read as a failure,
whatever the case expected, when it ends with a sanitizer's exit code (86
for AddressSanitizer and LeakSanitizer, 87 for UndefinedBehaviorSanitizer:
the options below give them codes of their own, since ASan's default, 1,
would read as "race found") or on a crash signal (SIGILL, SIGABRT, SIGBUS,
SIGFPE, SIGSEGV).
"""

import os
import re
import shutil
import stat
import signal
import subprocess
import tempfile
import threading
import time

SANITIZER_EXIT_ASAN = 86
SANITIZER_EXIT_UBSAN = 87
# the shell's status of a process killed by SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGSEGV
CRASH_STATUSES = {SANITIZER_EXIT_ASAN, SANITIZER_EXIT_UBSAN, 132, 134, 135, 136, 139}
TIMED_OUT = 124  # as timeout(1) says it
SANITIZER_REPORT = re.compile(rb'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error: ')
VERDICT_WORDS = {0: 'drf', 1: 'racy', 2: 'error', 3: 'divergent', 4: 'unknown', TIMED_OUT: 'timeout'}

# No command may run longer than this: it is the guard against a hang, far
# above what any case needs on a loaded machine, so that no assertion
# depends on the machine's speed.
HANG_LIMIT_S = 900


def crashed(status):
    return status in CRASH_STATUSES


def verdict_of(status):
    """mapkit's exit status as a word (check's exit codes, DESIGN.md)."""
    if status in (SANITIZER_EXIT_ASAN, SANITIZER_EXIT_UBSAN):
        return 'sanitizer(%d)' % status
    return VERDICT_WORDS.get(status, 'crash(%d)' % status)


def sanitizer_env(env):
    """ASAN_OPTIONS and UBSAN_OPTIONS with the codes above, after the caller's."""
    ours = {
        'ASAN_OPTIONS': 'detect_leaks=1:halt_on_error=1:exitcode=%d' % SANITIZER_EXIT_ASAN,
        'UBSAN_OPTIONS': 'print_stacktrace=1:halt_on_error=1:exitcode=%d' % SANITIZER_EXIT_UBSAN,
    }
    for name, value in ours.items():
        have = env.get(name, '')
        if not have.endswith(value):
            env[name] = have + ':' + value if have else value
    return env


def allocator_env(env):
    """glibc's malloc asks for transparent huge pages (where the kernel
    gives them on request), unless the caller set glibc's tunables.  The
    suite starts thousands of short commands, and a small check spends
    half its time starting: each Z3 context touches some 17 MB that 4 KiB
    pages fault in one by one.  Huge pages cut the corpus cases' system
    time by a quarter; what the commands compute is the same."""
    env.setdefault('GLIBC_TUNABLES', 'glibc.malloc.hugetlb=1')
    return env


class Proc:
    """A finished command: status (the shell's convention: 128 + N for a
    signal, 124 for a timeout), stdout and stderr as bytes, seconds (wall),
    cpu (user + system seconds of it and of the processes it waited for)."""

    def __init__(self, status, out, err, seconds, cpu=0.0):
        self.status = status
        self.out = out
        self.err = err
        self.seconds = seconds
        self.cpu = cpu

    @property
    def text(self):
        return self.out.decode(errors='replace')

    @property
    def errtext(self):
        return self.err.decode(errors='replace')

    @property
    def crashed(self):
        return crashed(self.status) or bool(SANITIZER_REPORT.search(self.err))


class Context:
    """The run: where things are, which build, which mode, what the machine has."""

    def __init__(self, root, build, sanitize, mode, update_snapshot, tmp):
        self.root = root
        self.build = build  # as given, relative to the root (old scripts print it so)
        self.build_abs = os.path.join(root, build)
        self.sanitize = sanitize
        self.mode = mode  # 'check', 'quick' or 'long'
        self.update_snapshot = update_snapshot
        self.snapshot_only = update_snapshot
        self.tmp = tmp
        self.env = allocator_env(sanitizer_env(dict(os.environ)))
        self.mapkit_real = None
        self.mapkit = None
        self.features = set()
        self.live = set()  # the process groups running now, for an interrupt
        self.live_lock = threading.Lock()

    def prepare(self):
        """A private copy of mapkit (a rebuild while the suite runs must not
        swap the binary) and the guard the shell steps call it through."""
        real = os.path.join(self.build_abs, 'bin', 'mapkit')
        bindir = os.path.join(self.tmp, 'bin')
        os.makedirs(bindir, exist_ok=True)
        self.mapkit_real = os.path.join(self.tmp, 'mapkit-private')
        if os.path.exists(real):
            shutil.copy2(real, self.mapkit_real)
        self.mapkit = os.path.join(bindir, 'mapkit')
        write_guard(self.mapkit, self.mapkit_real)
        self.env.update({
            'MAPKIT': self.mapkit,
            'MAPKIT_BIN': self.mapkit_real,
            'BUILD': self.build,
            'BUILD_ABS': self.build_abs,
            'ROOT': self.root,
            'SANITIZE': '1' if self.sanitize else '0',
            'CHECK_MODE': self.mode,
        })
        self.features = detect_features(self)

    def run(self, argv, timeout=HANG_LIMIT_S, cwd=None, env=None, stdin=None, shell=False):
        """Runs a command to its end (or the hang limit), in a process group
        of its own so that a timeout ends everything it started."""
        start = time.monotonic()
        proc = _Measured(
            argv if not shell else ['bash', '-c', argv],
            cwd=cwd or self.root, env=env or self.env,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        with self.live_lock:
            self.live.add(proc)
        try:
            out, err = proc.communicate(stdin, timeout=timeout)
            status = proc.returncode
            if status < 0:
                status = 128 - status
        except subprocess.TimeoutExpired:
            kill_group(proc)
            out, err = proc.communicate()
            status = TIMED_OUT
        finally:
            with self.live_lock:
                self.live.discard(proc)
        log = getattr(CURRENT, 'log', None)
        if log is not None:
            log.cpu += proc.cpu
        return Proc(status, out, err, time.monotonic() - start, proc.cpu)

    def kill_all(self):
        """Ends every command running now (the run was interrupted)."""
        with self.live_lock:
            for proc in list(self.live):
                kill_group(proc)

    def mapkit_run(self, args, **kw):
        """The private mapkit with ARGS (a list), from the root.  A crash
        is a failure of the case that ran it, whatever the case reads of it
        (as the shell steps' guard makes it)."""
        proc = self.run([self.mapkit_real] + list(args), **kw)
        log = getattr(CURRENT, 'log', None)
        if proc.crashed and log is not None:
            log.no_crash(proc, 'mapkit ' + ' '.join(args)[:300])
        return proc


class _Measured(subprocess.Popen):
    """A Popen that keeps the CPU time of the command (its resource usage,
    read where it is reaped), so that the runner can say what each case
    costs apart from how long it waited for a core on a busy machine."""

    cpu = 0.0

    def _try_wait(self, wait_flags):
        # CPython's Popen reaps its child here (POSIX); wait4 is waitpid
        # with the child's rusage
        try:
            pid, sts, usage = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            return super()._try_wait(wait_flags)
        if pid:
            self.cpu = usage.ru_utime + usage.ru_stime
        return pid, sts


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def write_guard(path, real):
    """A mapkit that runs REAL and logs each sanitizer exit and each crash on
    a signal to $MAPKIT_GUARD_LOG, so that a shell step that ignores the
    status (JSON piped into grep, ...) cannot hide one."""
    codes = '|'.join(str(s) for s in sorted(CRASH_STATUSES))
    with open(path, 'w') as f:
        f.write('#!/bin/sh\n'
                '"%s" "$@"\n'
                's=$?\n'
                'case $s in %s) echo "exit $s: mapkit $*" >> "${MAPKIT_GUARD_LOG:-/dev/null}" ;; esac\n'
                'exit $s\n' % (real, codes))
    os.chmod(path, 0o755)


def nvcc_path():
    nvcc = os.environ.get('NVCC') or '/usr/local/cuda/bin/nvcc'
    if os.access(nvcc, os.X_OK):
        return nvcc
    return shutil.which('nvcc')


def detect_features(ctx):
    """What the machine offers, for REQUIRES: lines."""
    features = {'sanitize' if ctx.sanitize else 'normal-build', ctx.mode}
    for device in ('null', 'full'):  # the -o and write-error cases write to them
        try:
            if stat.S_ISCHR(os.stat('/dev/' + device).st_mode):
                features.add(device + '-device')
        except OSError:
            pass
    nvcc = nvcc_path()
    if nvcc:
        features.add('nvcc')
        ctx.env['NVCC'] = nvcc
        # CCCL's own headers (libcu++, CUB), which the toolkit ships
        cccl = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(nvcc))), 'include', 'cccl')
        if os.path.isfile(os.path.join(cccl, 'cuda', 'atomic')):
            features.add('cccl')
            ctx.env['CCCL_INCLUDE'] = cccl
    if shutil.which('clang'):
        features.add('clang')
    if shutil.which('clang++-19'):
        features.add('clang-19')  # mapkit emulate's compiler (docs/emulate.md)
    if shutil.which('llvm-symbolizer-19') or shutil.which('llvm-symbolizer'):
        features.add('llvm-symbolizer')  # emulate's columns (docs/emulate.md)
    if shutil.which('script'):
        features.add('script')
    if shutil.which('man'):
        features.add('man')
    for py in ('/usr/bin/python3', 'python3'):
        exe = shutil.which(py)
        if exe and subprocess.run([exe, '-c', 'import jsonschema'],
                                  stderr=subprocess.DEVNULL).returncode == 0:
            features.add('jsonschema')
            ctx.env['JSONSCHEMA_PYTHON'] = exe
            break
    if shutil.which('clinfo'):
        listed = subprocess.run(['clinfo', '-l'], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL).stdout
        if b'Platform' in listed:
            features.add('opencl-platform')
    cuda_inc = os.environ.get('CUDA_INCLUDE', '/usr/local/cuda/include')
    if os.path.exists(os.path.join(cuda_inc, 'crt', 'math_functions.h')):
        features.add('cuda-headers')
    return features


# The log of the case this thread runs (the runner sets it).
CURRENT = threading.local()


class Log:
    """The assertions of one case, and what to show when one fails."""

    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.messages = []  # failure messages and notes, in order
        self.skipped = None  # a reason: the case did not run
        self.cpu = 0.0  # user + system seconds of the commands it ran

    def check(self, ok, message):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            self.messages.append('FAIL ' + message)
        return ok

    def note(self, text):
        self.messages.append(text)

    def no_crash(self, proc, what):
        """PROC did not crash (nor report a sanitizer error); a crash is
        one failure, however often it is asked."""
        if not proc.crashed:
            return True
        if not getattr(proc, 'reported', False):
            proc.reported = True
            self.check(False, '%s crashed (%s): %s' % (what, verdict_of(proc.status), first_lines(proc.err, 5)))
        return False

    def skip(self, reason):
        self.skipped = reason


def first_lines(data, n):
    if isinstance(data, bytes):
        data = data.decode(errors='replace')
    return '\n'.join(data.splitlines()[:n])


def case_tmp(ctx, name):
    """A fresh folder for one case.  Its name says nothing of the case: a
    case's output names its files, and a check must not find its own name
    there."""
    return tempfile.mkdtemp(prefix='t', dir=ctx.tmp)
