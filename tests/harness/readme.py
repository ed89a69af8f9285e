"""The README stays true: every command it shows (a `$ ` line in a code
block) runs, in a scratch copy of examples/, corpus/ and tests/conditions/
with bin/mapkit, and must exit as its trailing comment says (`# exit N`;
0 when it says nothing) and print every line shown under it (each as part
of some line of its output, blanks at the ends ignored).  The tour writes
only into /tmp/mapkit-tour: here that path is the case's own folder, so that
runs side by side share nothing, and the scratch copy of the tree must come
out of the tour as it went in (a command that rewrites a file of the
checkout, or leaves an output in it, fails)."""

import os
import re
import shutil

from harness.core import case_tmp, first_lines


def commands(path):
    """(command, exit status, shown lines) per `$ ` line of a code block."""
    found = []
    block = False
    current = None
    with open(path) as f:
        for line in f.read().split('\n'):
            if line.startswith('```'):
                block = not block
                current = None
                continue
            if not block:
                continue
            if line.startswith('$ '):
                cmd, code = line[2:], 0
                m = re.search(r'  +# ', cmd)
                if m:
                    comment = cmd[m.start():]
                    cmd = cmd[:m.start()]
                    e = re.search(r'exit [0-9]+', comment)
                    if e:
                        code = int(e.group(0)[5:])
                current = (cmd, code, [])
                found.append(current)
            elif current is not None:
                current[2].append(line)
    return found


def tree_state(root):
    """Each file under root (but bin/, the harness's own) by its size and
    contents' hash: what a tour must leave as it found it."""
    import hashlib
    state = {}
    for folder, dirs, files in os.walk(root):
        if folder == root:
            dirs[:] = [d for d in dirs if d != 'bin']
        for name in files:
            path = os.path.join(folder, name)
            with open(path, 'rb') as f:
                state[os.path.relpath(path, root)] = hashlib.sha1(f.read()).hexdigest()
    return state


class ReadmeCase:
    def __init__(self, path):
        self.name = path
        self.path = path
        self.cost = 20.0
        self.requires = []

    def execute(self, ctx, log):
        tmp = case_tmp(ctx, self.name)
        work = os.path.join(tmp, 'work')
        os.makedirs(os.path.join(work, 'bin'))
        for folder in ('examples', 'corpus'):
            shutil.copytree(folder, os.path.join(work, folder))
        shutil.copytree('tests/conditions', os.path.join(work, 'tests', 'conditions'))  # the --conditions example
        with open(os.path.join(work, 'bin', 'mapkit'), 'w') as f:
            f.write('#!/bin/sh\nexec "%s" "$@"\n' % ctx.mapkit)
        os.chmod(os.path.join(work, 'bin', 'mapkit'), 0o755)
        env = dict(ctx.env)
        guard_log = os.path.join(tmp, '.guard.log')
        env['MAPKIT_GUARD_LOG'] = guard_log
        tour = os.path.join(tmp, 'tour')
        before = tree_state(work)
        cases = commands(self.path)
        log.check(len(cases) >= 10, 'README: only %d commands found (want at least 10)' % len(cases))
        for cmd, want_code, shown in cases:
            proc = ctx.run(['bash', '-c', 'exec 2>&1\n' + cmd.replace('/tmp/mapkit-tour', tour)], cwd=work, env=env)
            output = proc.text + proc.errtext
            log.check(proc.status == want_code, "README: '%s' exits %d, the README says %d: %s" % (
                cmd, proc.status, want_code, first_lines(output, 3)))
            trimmed = [line.strip() for line in output.splitlines()]
            for line in shown:
                line = line.strip()
                if line:
                    log.check(any(line in out for out in trimmed), "README: '%s' does not print: %s" % (cmd, line))
        after = tree_state(work)
        changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
        log.check(not changed, 'README: the tour changed the checkout (write into /tmp/mapkit-tour): %s' %
                  ', '.join(changed[:10]))
        from harness.directives import report_guard_log
        report_guard_log(log, guard_log)


# ---- the outputs that docs/*.md shows ----

NOT_RUN = re.compile(r'<!-- not run: (.+?) -->')
# What differs from run to run (wall times, rates): both the page and the
# output are read with it replaced, so a page shows a real run's numbers.
VARYING = [(re.compile(r'\b\d+(\.\d+)? (s|ms)\b'), '# \\2'),
           (re.compile(r'\(\d+(\.\d+)? protocols/s\)'), '(# protocols/s)'),
           (re.compile(r'"time_ms": ?\d+(\.\d+)?'), '"time_ms":#')]


def steady(line):
    for pattern, mark in VARYING:
        line = pattern.sub(mark, line)
    return line.strip()


def doc_blocks(path):
    """The code blocks with `$ ` lines: (reason not to run them or None,
    [(command, exit status, shown lines)]).  A `\\` at a command's end
    continues it on the next line."""
    blocks = []
    block = None
    reason = None
    with open(path) as f:
        lines = f.read().split('\n')
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        m = NOT_RUN.search(line)
        if m and block is None:
            reason = m.group(1)
            continue
        if line.startswith('```'):
            if block is None:
                block = (reason, [])
                reason = None
            else:
                if block[1]:
                    blocks.append(block)
                block = None
            continue
        if block is None:
            if line.strip():
                reason = None  # the marker names the block right below it
            continue
        if line.startswith('$ '):
            cmd = line[2:]
            while cmd.endswith('\\') and i < len(lines):
                cmd = cmd[:-1] + lines[i].strip()
                i += 1
            code = 0
            m = re.search(r'  +# ', cmd)
            if m:
                e = re.search(r'exit [0-9]+', cmd[m.start():])
                code = int(e.group(0)[5:]) if e else 0
                cmd = cmd[:m.start()]
            block[1].append((cmd, code, []))
        elif block[1]:
            block[1][-1][2].append(line)
    return blocks


class DocCase:
    """A page of docs/ stays true to the tool: every `$ ` command of its
    code blocks runs, in order, in one scratch copy of examples/, corpus/
    and tests/ with `mapkit` on the PATH, exits as its comment says (`#
    exit N`, else 0) and prints every line shown under it: each, with its
    times and rates read as any number (VARYING), is a whole line of the
    output, the start of one where it ends in `...`, its end where it
    starts so; `... WORDS ...` stands for lines left out.  `$ cat NAME` of a
    file the copy lacks shows that file: the shown lines are written to it
    first.  A block that cannot run here (a reader's own file, a
    ten-minute run) follows a `<!-- not run: WHY -->` line; a page with
    blocks but none that runs fails, so that the marker is not the way
    out.  `<!-- requires: F... -->` anywhere on a page gives the page the
    runner's features (REQUIRES of tests/README.md): without them it is
    skipped."""

    def __init__(self, path):
        self.name = path
        self.path = path
        self.cost = 10.0
        with open(path) as f:
            self.requires = [w for m in re.findall(r'<!-- requires: (.+?) -->', f.read()) for w in m.split()]

    def execute(self, ctx, log):
        tmp = case_tmp(ctx, self.name)
        work = os.path.join(tmp, 'work')
        os.makedirs(os.path.join(work, 'bin'))
        for folder in ('examples', 'corpus', 'tests'):
            shutil.copytree(folder, os.path.join(work, folder), symlinks=True,
                            ignore=shutil.ignore_patterns('snapshot'))  # 9 MB that no page reads
        with open(os.path.join(work, 'bin', 'mapkit'), 'w') as f:
            f.write('#!/bin/sh\nexec "%s" "$@"\n' % ctx.mapkit)
        os.chmod(os.path.join(work, 'bin', 'mapkit'), 0o755)
        env = dict(ctx.env)
        env['PATH'] = os.path.join(work, 'bin') + os.pathsep + env.get('PATH', '')
        guard_log = os.path.join(tmp, '.guard.log')
        env['MAPKIT_GUARD_LOG'] = guard_log
        ran = 0
        blocks = doc_blocks(self.path)
        for reason, cases in blocks:
            if reason:
                continue
            for cmd, want_code, shown in cases:
                cat = re.fullmatch(r'cat ([\w./-]+)', cmd.strip())
                if cat and not os.path.exists(os.path.join(work, cat.group(1))):
                    with open(os.path.join(work, cat.group(1)), 'w') as f:
                        f.write('\n'.join(shown).rstrip('\n') + '\n')
                proc = ctx.run(['bash', '-c', 'exec 2>&1\n' + cmd], cwd=work, env=env)
                ran += 1
                output = proc.text + proc.errtext
                log.check(proc.status == want_code, "%s: '%s' exits %d, the page says %d: %s" % (
                    self.path, cmd, proc.status, want_code, first_lines(output, 3)))
                printed = [steady(line) for line in output.splitlines()]
                for line in shown:
                    want = steady(line)
                    if not want:
                        continue
                    if want.startswith('...') and want.endswith('...'):
                        continue  # `... the prelude ...`: lines left out
                    if want.endswith('...'):
                        head = want[:-3].rstrip()
                        seen = any(out.startswith(head) for out in printed)
                    elif want.startswith('...'):
                        seen = any(out.endswith(want[3:]) for out in printed)
                    else:
                        seen = want in printed
                    log.check(seen, "%s: '%s' does not print: %s" % (self.path, cmd, line.strip()))
        log.check(ran > 0, '%s: %d blocks of commands, none run (every one marked not run)' % (
            self.path, len(blocks)))
        from harness.directives import report_guard_log
        report_guard_log(log, guard_log)


def doc_pages():
    """The pages of docs/ that show commands."""
    import glob
    return [p for p in sorted(glob.glob('docs/*.md')) if doc_blocks(p)]
