#!/usr/bin/env bash
# Every option that cli/options.c's parser accepts for check is named in
# its --help: an option added to the parser without a line of help fails
# here, not in a user's hands (check's -I and -D went undocumented so);
# the other commands refuse what their --help does not name.  The names are read from the parser's source, with the
# OPT_* flags each command passes to cli_parse_options, so neither list is
# kept by hand.
#   tests/scripts/help-options.sh BUILD_DIR       (run by tests/runner.py)
set -u
cd "$ROOT" || exit 2
. tests/lib.sh
python3 - "$MAPKIT" <<'PY'
import re, subprocess, sys

mapkit = sys.argv[1]
src = open('cli/options.c').read()
body = src[src.index('static int one_option('):src.index('int cli_parse_options(')]
# One branch per `} else if (...) {`: its guard (extra & OPT_X) and its names.
accepted = []  # (name, guard flag or None)
for cond in re.findall(r'if \((.*?)\) \{\n', body):
    guard = re.search(r'extra & (OPT_[A-Z_]+)', cond)
    names = re.findall(r'is_option\(a, "(-[^"]+)", (?:"(-[^"]+)"|NULL)\)', cond)
    found = [n for pair in names for n in pair if n]
    found += re.findall(r'str(?:n)?cmp\(a, "(-[^"]+)"', cond)
    for n in found:
        accepted.append((n, guard.group(1) if guard else None))
if len(accepted) < 20:
    print('FAIL help-options: read only %d options from cli/options.c' % len(accepted))
    sys.exit(0)

# The overview lists one command a line: tools/completion.sh and man.sh
# take each line's first word for a command, so a description continued on
# a second line would become one.
overview = subprocess.run([mapkit, 'help'], capture_output=True, text=True).stdout
listed = overview.split('commands:\n', 1)[-1].split('\n\n', 1)[0].splitlines()
for line in listed:
    word = line.split()[0] if line.split() else ''
    ok = word == 'help' or subprocess.run([mapkit, word, '--help'], capture_output=True).returncode == 0
    print('%s help-options: the first word of "%s" in mapkit help is a command' % ('PASS' if ok else 'FAIL', line.strip()))

# Every command that uses the shared parser: an option its --help names
# is taken; any other the parser knows is refused by name (gen --baseline
# was taken and ignored), so the help is the command's whole list.
for cmd in ('check', 'run', 'gen', 'infer', 'emulate', 'fixpoint'):
    # its flags, as it calls cli_parse_options
    m = re.search(r'cli_parse_options\([^;]*?usage, ([^)]*)\)', open('cli/%s.c' % cmd).read())
    if not m:
        print('FAIL help-options: no cli_parse_options call in cli/%s.c' % cmd)
        continue
    flags = set(re.findall(r'OPT_[A-Z_]+', m.group(1)))
    help_text = subprocess.run([mapkit, cmd, '--help'], capture_output=True, text=True).stdout
    for name, guard in accepted:
        if guard and guard not in flags:
            continue
        aliases = {'--blockDim': '-b', '-b': '--blockDim', '--gridDim': '-g', '-g': '--gridDim'}
        shown = any(re.search(r'(?<![\w-])%s(?![\w-])' % re.escape(n), help_text)
                    for n in (name, aliases.get(name, name)))
        if cmd == 'check':
            print('%s help-options: mapkit %s --help names %s' % ('PASS' if shown else 'FAIL', cmd, name))
        elif not shown:
            arg = name + ('=1' if name.startswith('--') else '1')
            r = subprocess.run([mapkit, cmd, arg, 'none.cu'], capture_output=True, text=True)
            ok = r.returncode == 2 and ('does not take %s' % name) in r.stderr
            print('%s help-options: mapkit %s refuses %s, which its --help does not name' %
                  ('PASS' if ok else 'FAIL', cmd, name))
PY
