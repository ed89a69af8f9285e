#!/usr/bin/env bash
# The documentation states no count of a corpus's files that the tree
# contradicts: the docs had said 348, 305 and 452 for corpus/cuda while it
# grew.  A doc may say "about N" (within 15% of the tree) or give a
# measurement's count as "then N" (it describes the corpus as it was when
# measured); any other number of files, kernels or protocols stated for a
# corpus folder must be the number of input files (.proto .cu .cuh .cl)
# directly in it.  The forms read: "N [words] files|kernels|protocols of
# corpus/X" (words between: labelled, CUDA, OpenCL, input, `.ext`),
# "corpus/X (N files)", and a listing's "X/: N ... kernels".
#   tests/scripts/docs-counts.sh BUILD_DIR       (run by tests/runner.py)
set -u
cd "$ROOT" || exit 2
. tests/lib.sh
python3 - <<'PY'
import glob, os, re

folders = ['cuda/silent', 'cuda/sound', 'cuda', 'proto', 'opencl', 'host']
def files_in(folder):
    return sum(1 for n in os.listdir('corpus/' + folder)
               if os.path.isfile(os.path.join('corpus', folder, n)) and
               n.endswith(('.proto', '.cu', '.cuh', '.cl')))
tree = {f: files_in(f) for f in folders}

docs = ['README.md', 'tests/README.md'] + sorted(glob.glob('docs/*.md')) + sorted(glob.glob('corpus/**/README*', recursive=True))
name = r'`?(?:corpus/)?(%s)/?`?' % '|'.join(re.escape(f) for f in folders)
number = r'(about |then )?(?<![\d,])(\d{1,3}(?:,\d{3})*)'
# Only words that keep the whole folder: "the 55 shared-memory protocols of
# corpus/proto" counts a part of it, which the tree cannot check.
what = r'(?:(?:labelled|CUDA|OpenCL|input|`\.\w+`) ){0,3}(?:files|kernels|protocols)'
forms = [
    # 305 `.cu` files of corpus/cuda
    re.compile(number + r' ' + what + r' (?:of|in) (?:the )?`?corpus/(%s)\b' % '|'.join(map(re.escape, folders))),
    # corpus/cuda (452 files)
    re.compile(r'`?corpus/(%s)/?`? \(%s (?:files|kernels|protocols)' % ('|'.join(map(re.escape, folders)), number)),
    # cuda/silent/: 47 kernels
    re.compile(r'(?<![\w/])(?:corpus/)?(%s)/: %s (?:[\w-]+ ){0,4}?(?:files|kernels|protocols)' % ('|'.join(map(re.escape, folders)), number)),
]
stated = 0
bad = 0
for doc in docs:
    text = re.sub(r'\s+', ' ', open(doc).read())
    for i, form in enumerate(forms):
        for m in form.finditer(text):
            if i == 0:
                hedge, n, folder = m.group(1), m.group(2), m.group(3)
            else:
                folder, hedge, n = m.group(1), m.group(2), m.group(3)
            n = int(n.replace(',', ''))
            stated += 1
            want = tree[folder]
            ok = (hedge == 'then ' or (hedge == 'about ' and abs(n - want) <= 0.15 * want) or
                  (not hedge and n == want))
            if not ok:
                bad += 1
                print('FAIL docs-counts: %s says "%s"; corpus/%s holds %d files (write "about", or "then" for a measurement, or no number)' %
                      (doc, m.group(0), folder, want))
# The forms must still find something to judge: a form that broke would
# pass every doc in silence.
probe = 'the 3 files of corpus/cuda; corpus/proto (4 files); cuda/silent/: 5 kernels'
found = sum(1 for f in forms if f.search(probe))
print('%s docs-counts: the forms read the probe sentence (%d of 3)' % ('PASS' if found == 3 else 'FAIL', found))
if not bad:
    print('PASS docs-counts: %d corpus counts stated in %d docs agree with the tree' % (stated, len(docs)))
PY
