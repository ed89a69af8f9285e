"""Which folder holds which kind of case, in the manner of lit's local
configurations: each entry finds its files and gives them a format.

  corpus/proto/*.proto          corpus.proto_file      (labels, witnesses, snapshot)
  corpus/cuda/*.cu              corpus.cuda_file       (headers, snapshot, label)
  corpus/cuda/silent/*.cu       corpus.silent_file     (never DRF)
  corpus/cuda/sound/*.cu        corpus.sound_file      (label exact; racy never DRF)
  corpus/cuda/values/*.cu       corpus.values_file     (label exact; racy never DRF)
  corpus/opencl/*.cl            corpus.opencl_file
  corpus/host/**.cu             corpus.host_file
  corpus, other inputs          corpus.snapshot_only
  tests/run_cases/*.proto       formats.run_case       (`// expect: ARGS => STATUS`)
  tests/errors/*.proto          formats.error_case     (NAME.expected)
  tests/infer/*.cu              formats.infer_golden   (NAME.proto, round trip)
  tests/infer/check/*.cu        formats.infer_check    (`// expect:`)
  tests/opencl/*.cl             formats.opencl_golden
  tests/conditions/*.proto      formats.conditions_case
  tests/codegen/**.proto        codegen.codegen_source (gen, gen --lang=opencl)
  tests/codegen/golden, opencl/ codegen.codegen_golden
  tests/cases/**.test           RUN: lines only
  tests/scripts/*.sh            formats.Script         (orchestration)
  README.md                     readme.readme_case     (every `$ ` command)
  docs/*.md                     readme.DocCase         (every `$ ` command and its shown output)
  the C test binaries, the randomised agreement batches, and a count per
  corpus folder.
"""

import glob
import os

from harness import codegen, corpus, formats, readme
from harness.formats import Agree, Binary, FileCase

CORPUS_PROTO = 'corpus/proto'

# The randomised agreement suites: (label, gen_random mode, seed, count in
# make check, in the sanitizer build).  The sanitizer build is there for
# memory errors and runs several times slower: fewer protocols, and an
# engine's unknown is allowed.  make fuzz-long runs FUZZ_COUNT protocols
# from FUZZ_SEED in the plain and the extended mode (preconditions in loops
# and branches, 1@/2@, distinct, pow2; unknown allowed), and each suite
# below from its own seed with a tenth as many, never fewer than make
# check (gen_random's first N protocols of a seed are the same for any
# count, so the long run holds the check's).
AGREE = [
    ('plain', '', 20250101, 500, 300),
    ('tiles', 'tiles', 20261125, 200, 60),
    # (an engine's "unknown" is allowed here: on this seed one protocol
    # without fence flags, r0053, is beyond the solver's budgets in both engines)
    ('fences', 'fences', 20261126, 200, 60),
    # byte accesses (rd A bytes(o, w);), some misaligned: overlap decided on bytes
    ('bytes', 'bytes', 20261127, 200, 60),
    # atomic loads (atomic load A[i];), some block-scoped, among the atomics
    ('loads', 'loads', 20261130, 100, 30),
]
AGREE_BATCH = 50


def files(pattern):
    return sorted(glob.glob(pattern, recursive=True))


def count_case(name, pattern, least, what):
    """A folder holds at least LEAST files of PATTERN."""
    class Count:
        cost = 0.1
        requires = []

        def execute(self, ctx, log):
            n = len(files(pattern))
            log.check(n >= least, '%s: %d %s, at least %d expected' % (name, n, what, least))
    case = Count()
    case.name = name + '/(count)'
    return case


def listed_exist(name, listing, folder):
    """Every entry of LISTING names a file of FOLDER."""
    class Listed:
        cost = 0.1
        requires = []

        def execute(self, ctx, log):
            for entry in sorted(formats.listed_names(listing)):
                log.check(os.path.isfile(os.path.join(folder, entry)),
                          "%s: '%s' is no file of %s" % (listing, entry, folder))
            log.check(True, '')
    case = Listed()
    case.name = listing + '/(entries)'
    return case


def binaries(ctx):
    bin_ = os.path.join(ctx.build_abs, 'bin')
    return [
        Binary('unit/test_unit', lambda c, t: [os.path.join(bin_, 'test_unit')], cost=3),
        Binary('unit/test_roundtrip', lambda c, t: [os.path.join(bin_, 'test_roundtrip')] + files(CORPUS_PROTO + '/*.proto'),
               cost=3),
        Binary('unit/test_fixpoint', lambda c, t: [os.path.join(bin_, 'test_fixpoint')], cost=5),
        Binary('unit/test_external', lambda c, t: [os.path.join(bin_, 'test_external')], cost=10),
    ]


def corpus_cases(ctx, sample=None):
    claimed = {}
    for path in files('corpus/proto/*.proto'):
        claimed[path] = corpus.CorpusFile(path, corpus.proto_file, cost=2)
    for path in files('corpus/cuda/*.cu'):
        claimed[path] = corpus.CorpusFile(path, corpus.cuda_file, cost=2)
    for path in files('corpus/cuda/silent/*.cu'):
        claimed[path] = corpus.CorpusFile(path, corpus.silent_file, cost=2)
    for path in files('corpus/cuda/sound/*.cu'):
        claimed[path] = corpus.CorpusFile(path, corpus.sound_file, cost=2)
    for path in files('corpus/cuda/values/*.cu'):
        claimed[path] = corpus.CorpusFile(path, corpus.values_file, cost=2)
    for path in files('corpus/opencl/*.cl'):
        claimed[path] = corpus.CorpusFile(path, corpus.opencl_file, cost=2)
    for path in files('corpus/host/*.cu') + files('corpus/host/host_compdb_project/src/*.cu'):
        claimed[path] = corpus.CorpusFile(path, corpus.host_file, cost=3)
    for path in corpus.snapshot_inputs(ctx.root):
        if path not in claimed:
            case = corpus.CorpusFile(path, corpus.snapshot_only, cost=1)
            case.requires = ['normal-build']
            claimed[path] = case
    cases = [claimed[p] for p in sorted(claimed)]
    if sample:
        cases = [c for c in cases if sample(c.path)]
    return cases


def corpus_folders():
    return [
        count_case('corpus/proto', 'corpus/proto/*.proto', 40, 'protocols'),
        count_case('corpus/cuda', 'corpus/cuda/*.cu', 60, 'kernels'),
        count_case('corpus/cuda/silent', 'corpus/cuda/silent/*.cu', 25, 'kernels'),
        count_case('corpus/cuda/sound', 'corpus/cuda/sound/*.cu', 192, 'kernels'),
        count_case('corpus/cuda/values', 'corpus/cuda/values/*.cu', 60, 'kernels'),
        count_case('corpus/opencl', 'corpus/opencl/*.cl', 60, 'kernels'),
        count_case('corpus/host', 'corpus/host/**/*.cu', 15, 'programs'),
        count_case('corpus/projects', 'corpus/projects/*/expect.txt', 10, 'projects'),
        count_case('tests/opencl', 'tests/opencl/*.cl', 10, 'kernels'),
        count_case('tests/codegen/golden', 'tests/codegen/golden/*.cu', 10, 'golden files'),
        count_case('tests/codegen/opencl', 'tests/codegen/opencl/*.cl', 6, 'golden files'),
        listed_exist('corpus/cuda/silent', 'corpus/cuda/silent/KNOWN-DRF', 'corpus/cuda/silent'),
        listed_exist('corpus/cuda/sound', 'corpus/cuda/sound/KNOWN', 'corpus/cuda/sound'),
        listed_exist('corpus/cuda/values', 'corpus/cuda/values/KNOWN', 'corpus/cuda/values'),
        listed_exist('corpus/opencl', 'tests/opencl_corpus_known.txt', 'corpus/opencl'),
        listed_exist('tests/infer', 'tests/infer/corpus-known.txt', 'corpus/cuda'),
    ]


def test_folders():
    cases = []
    cases += [FileCase(p, formats.run_case) for p in files('tests/run_cases/*.proto')]
    cases += [FileCase(p, formats.error_case, cost=0.2) for p in files('tests/errors/*.proto')]
    cases += [FileCase(p, formats.infer_golden) for p in files('tests/infer/*.cu')]
    cases += [FileCase(p, formats.infer_check) for p in files('tests/infer/check/*.cu')]
    cases += [FileCase(p, formats.opencl_golden) for p in files('tests/opencl/*.cl')]
    cases += [FileCase(p, formats.conditions_case, cost=5) for p in files('tests/conditions/*.proto')]
    cases += [FileCase(p, codegen.codegen_source) for p in
              files('tests/codegen/*.proto') + files('tests/codegen/hostile/*.proto') + files('tests/codegen/roundtrip/*.proto')]
    cases += [FileCase(p, codegen.codegen_golden, cost=0.3) for p in
              files('tests/codegen/golden/*.cu') + files('tests/codegen/opencl/*.cl')]
    cases += [FileCase(p) for p in files('tests/cases/**/*.test')]
    cases += [formats.Script(p) for p in files('tests/scripts/*.sh')]
    cases.append(readme.ReadmeCase('README.md'))
    cases += [readme.DocCase(p) for p in readme.doc_pages()]
    return cases


def agree_timeout_ms(label, sanitize):
    """The wall-clock limit of each check of a random protocol: far above
    what the solver's budgets let it take, so that they decide and not the
    machine's load.  (10 s once cut the align engine's race query on r0228
    of the plain seed, 3.8 s on an idle machine, and failed it under load:
    its answer cut short was "divergent".)  Where unknown is allowed, the
    limit also bounds the protocols beyond the budgets (r0053 of the fences
    seed needs over a minute in either engine), which every other protocol
    of those seeds stays 20 times below."""
    if label in ('fences', 'extended'):
        return 30000 if sanitize else 10000
    return 120000


def agree_cases(ctx, long_run):
    if long_run:
        seed = int(os.environ.get('FUZZ_SEED', '1'))
        count = int(os.environ.get('FUZZ_COUNT', '10000'))
        suites = [('plain', '', seed, count), ('extended', 'extended', seed, count)]
        suites += [(label, mode, s, max(normal, count // 10)) for label, mode, s, normal, _ in AGREE]
    else:
        suites = [(label, mode, seed, san if ctx.sanitize else normal)
                  for label, mode, seed, normal, san in AGREE]
    cases = []
    for label, mode, seed, count in suites:
        allow_unknown = ctx.sanitize or label in ('fences', 'extended')
        timeout_ms = agree_timeout_ms(label, ctx.sanitize)
        for first in range(0, count, AGREE_BATCH):
            cases.append(Agree(label, mode, seed, count, first, min(AGREE_BATCH, count - first),
                               allow_unknown, timeout_ms))
    return cases


class FuzzCheck:
    """`mapkit fuzz --check` (differential testing with racy twins and
    shrinking) on FUZZ_COUNT protocols from FUZZ_SEED: no disagreement."""

    name = 'fuzz-check/long'
    requires = []
    cost = 600.0

    def execute(self, ctx, log):
        seed = os.environ.get('FUZZ_SEED', '1')
        count = os.environ.get('FUZZ_COUNT', '10000')
        out = os.path.join(ctx.build_abs, 'fuzz-check')
        proc = ctx.mapkit_run(['fuzz', '--check', '-j', '2', '-q', '--timeout=120000', '--seed', seed,
                               '--count', count, '--out', out, '--force'], timeout=6 * 3600)
        log.no_crash(proc, 'mapkit fuzz --check')
        log.check(proc.status == 0, 'mapkit fuzz --check --seed %s --count %s: exit %d: %s' % (
            seed, count, proc.status, '\n'.join((proc.text + proc.errtext).splitlines()[-5:])))


def quick_sample(path):
    """check-quick's share of the CUDA, OpenCL and host corpora: one file in ten."""
    if path.startswith('corpus/proto/'):
        return True
    return sum(path.encode()) % 10 == 0


def discover(ctx):
    if ctx.snapshot_only:
        return corpus_cases(ctx) + [corpus.SnapshotRecords()]
    if ctx.mode == 'long':
        # and the case files that ask for this mode (REQUIRES: long)
        longer = [c for c in test_folders() if 'long' in getattr(c, 'requires', [])]
        return agree_cases(ctx, True) + [corpus.Determinism(), FuzzCheck()] + longer
    if ctx.mode == 'quick':
        cases = [b for b in binaries(ctx) if b.name in ('unit/test_unit', 'unit/test_roundtrip')]
        cases += corpus_cases(ctx, quick_sample)
        cases += [c for c in test_folders() if c.name.startswith(('tests/run_cases/', 'tests/errors/', 'tests/cases/cli/'))]
        cases += agree_cases(ctx, False)[:2]
        return cases
    cases = binaries(ctx) + corpus_cases(ctx) + corpus_folders() + test_folders() + agree_cases(ctx, False)
    cases.append(corpus.SnapshotRecords())
    return cases
