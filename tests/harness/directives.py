"""Case files in the manner of LLVM's lit: directives in comment lines
(`#` or `//`), read from the top of the file down to its first embedded
file.  tests/README.md is the reference; in short:

  RUN: CMD              a bash command, run from the repository's root; a
                        line ending in \\ continues on the next RUN: line
  EXIT: N [M...]        the statuses the RUN before may end with (default
                        0); `any`: any status but a crash; `!N`: not N
  CHECK: TEXT           TEXT is part of a line of the RUN's output
  CHECK-NOT: TEXT       no line of the output holds TEXT
  DIFF: PATH            the RUN's standard output is the file PATH, byte for
                        byte (DIFF(err), DIFF(both): its stderr, or both);
                        UPDATE=1 in the environment rewrites PATH instead
  REQUIRES: F...        the case runs only where every feature F is there
                        (nvcc, clang, clang-19, llvm-symbolizer, jsonschema,
                        opencl-platform, script, man, cuda-headers, normal-build,
                        sanitize, long);
                        `!F`: only where F is not
  TIMEOUT: S            the hang guard of each RUN, in seconds

A CHECK or DIFF takes options in parentheses, comma-separated:
  out, err              the standard output only, or the standard error only
                        (default: a line of either)
  re                    TEXT is a Python regular expression (re.search)
  line                  the whole line is TEXT (with re: re.fullmatch)
  count=N, count>=N     N lines match (or at least N), rather than one
  first                 the first line only (of the chosen stream)
  bytes<N               the chosen stream has fewer than N bytes (TEXT is
                        left empty)
  file=PATH             the file PATH rather than the output

Substitutions, in RUN, CHECK and DIFF lines:
  %mapkit   the driver (a private copy, through a guard that logs crashes)
  %s        the case file, relative to the root     %S  its folder
  %t        a fresh, empty folder for the case      %build  the build folder
  %root     the repository's root                   %python  this Python
  %%        a literal %

Files embedded after the directives, each opened by a line `#--- NAME`
(or `//--- NAME`) and running to the next such line or the end, are
written into %t before the first RUN.
"""

import difflib
import os
import re

from harness.core import HANG_LIMIT_S, crashed, first_lines, verdict_of

DIRECTIVE = re.compile(r'^\s*(?:#|//)\s*(RUN|EXIT|CHECK|CHECK-NOT|DIFF|REQUIRES|TIMEOUT)'
                       r'(?:\(([^)]*)\))?:(?:\s(.*)|\s*)$')
FILE_MARKER = re.compile(r'^(?:#|//)--- (\S+)\s*$')
SUBSTITUTION = re.compile(r'%(%|mapkit|build|root|python|[sSt])')


class Check:
    def __init__(self, kind, opts, text, line):
        self.kind = kind  # CHECK, CHECK-NOT or DIFF
        self.opts = opts
        self.text = text
        self.line = line


class Step:
    def __init__(self, cmd, line):
        self.cmd = cmd
        self.line = line
        self.exit = '0'
        self.checks = []


class Script:
    """The directives of a case file."""

    def __init__(self):
        self.steps = []
        self.requires = []
        self.files = {}
        self.timeout = HANG_LIMIT_S
        self.errors = []


def parse_options(text):
    opts = {}
    for word in (text or '').split(','):
        word = word.strip()
        if not word:
            continue
        m = re.match(r'(\w+)\s*(>=|=|<)\s*(.*)$', word)
        if m:
            opts[m.group(1)] = (m.group(2), m.group(3))
        else:
            opts[word] = True
    return opts


def parse(text):
    """The directives and embedded files of TEXT (a case file's contents)."""
    script = Script()
    lines = text.splitlines(keepends=True)
    continuing = False
    current_file = None
    for number, line in enumerate(lines, 1):
        marker = FILE_MARKER.match(line)
        if marker:
            current_file = marker.group(1)
            script.files[current_file] = ''
            continue
        if current_file is not None:
            script.files[current_file] += line
            continue
        m = DIRECTIVE.match(line.rstrip('\r\n'))
        if not m:
            continuing = False
            continue
        keyword, options, value = m.group(1), m.group(2), m.group(3) or ''
        if not keyword.startswith('CHECK'):  # a CHECK's text is exact, to its last space
            value = value.rstrip()
        if keyword == 'RUN':
            joined = value[:-1] if value.endswith('\\') else value
            if continuing:
                script.steps[-1].cmd += ' ' + joined
            else:
                script.steps.append(Step(joined, number))
            continuing = value.endswith('\\')
            continue
        continuing = False
        if keyword == 'REQUIRES':
            script.requires += value.split()
        elif keyword == 'TIMEOUT':
            script.timeout = int(value)
        elif not script.steps:
            script.errors.append('line %d: %s before any RUN' % (number, keyword))
        elif keyword == 'EXIT':
            script.steps[-1].exit = value
        else:
            script.steps[-1].checks.append(Check(keyword, parse_options(options), value, number))
    return script


def missing_features(requires, features):
    """The REQUIRES words the machine does not meet."""
    missing = []
    for word in requires:
        if word.startswith('!'):
            if word[1:] in features:
                missing.append(word)
        elif word not in features:
            missing.append(word)
    return missing


def substitute(text, subs):
    return SUBSTITUTION.sub(lambda m: subs[m.group(1)], text)


def exit_allowed(spec, status):
    """Whether STATUS meets an EXIT: line.  A crash never does."""
    if crashed(status):
        return False
    words = spec.split()
    if 'any' in words:
        return True
    for word in words:
        if word.startswith('!'):
            if status != int(word[1:]):
                return True
        elif status == int(word):
            return True
    return False


def output_lines(proc, opts, subs):
    """The lines a CHECK reads: a file's, or the RUN's chosen streams."""
    if 'file' in opts:
        path = substitute(opts['file'][1], subs)
        try:
            with open(os.path.join(subs['root'], path), 'rb') as f:
                return lines_of(f.read().decode(errors='replace'))
        except OSError as e:
            return ['<cannot read %s: %s>' % (path, e.strerror)]
    lines = []
    if 'err' not in opts:
        lines += lines_of(proc.text)
    if 'out' not in opts:
        lines += lines_of(proc.errtext)
    return lines


def lines_of(text):
    """The lines as grep sees them: split at newlines only."""
    lines = text.split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    return lines


def stream_bytes(proc, opts):
    if 'out' in opts:
        return proc.out
    if 'err' in opts:
        return proc.err
    return proc.out + proc.err


def line_matches(opts, text):
    if 're' in opts:
        pattern = re.compile(text)
        if 'line' in opts:
            return lambda line: pattern.fullmatch(line) is not None
        return lambda line: pattern.search(line) is not None
    if 'line' in opts:
        return lambda line: line == text
    return lambda line: text in line


def count_ok(opts, n):
    if 'count' in opts:
        op, want = opts['count']
        return n >= int(want) if op == '>=' else n == int(want)
    return n >= 1


def run_check(check, proc, subs):
    """None when CHECK holds, else why not."""
    text = substitute(check.text, subs)
    if check.kind == 'DIFF':
        return run_diff(check, proc, subs, text)
    if 'bytes' in check.opts:
        size = len(stream_bytes(proc, check.opts))
        return None if size < int(check.opts['bytes'][1]) else '%d bytes' % size
    lines = output_lines(proc, check.opts, subs)
    if 'first' in check.opts:
        lines = lines[:1] or ['']
    matches = line_matches(check.opts, text)
    n = sum(1 for line in lines if matches(line))
    if check.kind == 'CHECK-NOT':
        return None if n == 0 else 'found %d line(s) with it' % n
    if count_ok(check.opts, n):
        return None
    return 'not found' if n == 0 else '%d line(s) hold it' % n


def run_diff(check, proc, subs, path):
    got = proc.err if 'err' in check.opts else proc.out
    if 'both' in check.opts:
        got = proc.out + proc.err
    path = os.path.join(subs['root'], path)
    if os.environ.get('UPDATE') == '1':  # rewrite the golden file
        with open(path, 'wb') as f:
            f.write(got)
    with open(path, 'rb') as f:
        want = f.read()
    if got == want:
        return None
    diff = difflib.unified_diff(want.decode(errors='replace').splitlines(),
                                got.decode(errors='replace').splitlines(), path, 'output', lineterm='')
    return 'differs:\n' + '\n'.join(list(diff)[:20])


def describe(check):
    opts = ','.join(k if v is True else k + v[0] + v[1] for k, v in check.opts.items())
    return '%s%s: %s' % (check.kind, '(%s)' % opts if opts else '', check.text)


def write_files(files, tmp):
    for name, body in files.items():
        path = os.path.join(tmp, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as f:
            f.write(body)


def execute(ctx, script, log, case_file, tmp):
    """Runs SCRIPT's steps for the case file CASE_FILE (relative to the
    root), each RUN's exit status and checks an assertion of LOG."""
    for error in script.errors:
        log.check(False, '%s: %s' % (case_file, error))
    write_files(script.files, tmp)
    subs = {
        '%': '%', 'mapkit': ctx.mapkit, 'build': ctx.build_abs, 'root': ctx.root,
        'python': ctx.env.get('PYTHON', 'python3'), 's': case_file,
        'S': os.path.dirname(case_file) or '.', 't': tmp,
    }
    env = dict(ctx.env)
    guard_log = os.path.join(tmp, '.guard.log')
    env['MAPKIT_GUARD_LOG'] = guard_log
    for step in script.steps:
        cmd = substitute(step.cmd, subs)
        proc = ctx.run(cmd, shell=True, env=env, timeout=script.timeout)
        where = '%s:%d' % (case_file, step.line)
        ok = log.check(exit_allowed(step.exit, proc.status),
                       '%s: exit %d (%s), want %s: RUN: %s' % (
                           where, proc.status, verdict_of(proc.status), step.exit, step.cmd))
        for check in step.checks:
            why = run_check(check, proc, subs)
            ok &= log.check(why is None, '%s:%d: %s: %s' % (case_file, check.line, describe(check), why))
        if not ok:
            show_output(log, proc)
    report_guard_log(log, guard_log)


def show_output(log, proc):
    if proc.out:
        log.note('  stdout:\n' + indent(first_lines(proc.out, 15)))
    if proc.err:
        log.note('  stderr:\n' + indent(first_lines(proc.err, 15)))


def indent(text):
    return '\n'.join('    | ' + line for line in text.splitlines())


def report_guard_log(log, path):
    """Each crash the guard logged is a failure, whatever the step expected."""
    if not os.path.exists(path):
        return
    with open(path, errors='replace') as f:
        for line in f:
            log.check(False, 'sanitizer report or crash (%s)' % line.strip()[:300])
