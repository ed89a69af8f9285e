#!/usr/bin/env bash
# Every field that `check --format=json` writes is documented in
# docs/ci.md ("The JSON report"): the names are read from the writers'
# source (cli/report.c's json_* functions and report_file_error, and
# cli/assumptions.c's), so a field added there without a line of the
# table fails here.
#   tests/scripts/docs-json-fields.sh BUILD_DIR       (run by tests/runner.py)
set -u
cd "$ROOT" || exit 2
. tests/lib.sh
python3 - <<'PY'
import re

def json_part(path, start, end):
    text = open(path).read()
    return text[text.index(start):text.index(end)]

# the writers of check's JSON lines: report.c from "---- JSON ----" to
# "---- SARIF ----", its file-error line, and assumptions.c's *_json
src = json_part('cli/report.c', '/* ---- JSON ---- */', '/* ---- SARIF ---- */')
src += json_part('cli/report.c', 'void report_file_error', 'void reporter_end')
src += json_part('cli/report.c', 'static void json_confirmed', 'static void text_race')
assumptions = open('cli/assumptions.c').read()
src += ''.join(m.group(0) for m in re.finditer(r'(?ms)^(?:static )?void \w*json\w*\(.*?^}', assumptions))
fields = set(re.findall(r'\\"([a-z_0-9]+)\\":', src))
fields |= set(re.findall(r'\[HELD_\w+\] = "(\w+)"', src))  # json_held's keys
fields = sorted(fields)
page = open('docs/ci.md').read()
section = page[page.index('## The JSON report'):]
section = section[:section.index('\n## ', 1)]
documented = set(re.findall(r'`"?([a-z_0-9]+)"?`', section))
if len(fields) < 30:
    print('FAIL docs-json-fields: read only %d fields from the writers' % len(fields))
for f in fields:
    print('%s docs-json-fields: "%s" is in docs/ci.md\'s JSON report' % ('PASS' if f in documented else 'FAIL', f))
PY
