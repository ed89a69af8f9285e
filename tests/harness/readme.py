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
