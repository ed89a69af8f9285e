"""What `mapkit gen` writes of every protocol we generate (docs/codegen.md):
the corpus/proto cases and tests/codegen's protocols each run these steps.

  CUDA     gen -o FILE succeeds with a non-empty file; gen to standard output
           gives the same bytes; a protocol with kernel blocks gives the same
           code after a round through the canonical printer (nothing depends
           on spelling, order of formatting or a counter)
  OpenCL   gen --lang=opencl, the same bytes twice, and clang -x cl
           -cl-std=CL1.2 -fsyntax-only -Wall compiles it (CL2.0 when its
           second comment line asks for it)
The generated code of all of them compiled by nvcc (and by clang as CUDA)
is tests/scripts/codegen-compile.sh's: it compiles in batches.
"""

import difflib
import os
import re

from harness.core import first_lines


def read_bytes(path):
    with open(path, 'rb') as f:
        return f.read()


def cuda_steps(ctx, path, log, tmp):
    out = os.path.join(tmp, 'gen.cu')
    proc = ctx.mapkit_run(['gen', path, '-o', out])
    log.no_crash(proc, 'mapkit gen')
    made = proc.status == 0 and os.path.exists(out) and os.path.getsize(out) > 0
    if not log.check(made, 'gen %s: %s' % (path, first_lines(proc.err, 3))):
        return
    code = read_bytes(out)
    again = ctx.mapkit_run(['gen', path])
    log.check(again.out == code, 'gen %s: two runs (-o and stdout) differ' % path)
    # Faial's file without kernel blocks is named after its file
    if re.search(rb'^ *kernel ', read_bytes(path), re.M):
        fmt = ctx.mapkit_run(['fmt', path])
        round_proto = os.path.join(tmp, 'round.proto')
        with open(round_proto, 'wb') as f:
            f.write(fmt.out)
        regen = ctx.mapkit_run(['gen', round_proto])
        log.check(fmt.status == 0 and regen.out.split(b'\n', 1)[1:] == code.split(b'\n', 1)[1:],
                  'gen %s: gen(fmt(P)) differs from gen(P)' % path)


def cl_std(code):
    return 'CL2.0' if re.search(rb'^// OpenCL C 2.0', code, re.M) else 'CL1.2'


def clang_cl(ctx, path, flags):
    """clang -x cl at the standard the generated file asks for."""
    return ctx.run(['clang', '-x', 'cl', '-cl-std=' + cl_std(read_bytes(path)), '-fsyntax-only'] + flags + [path])


def opencl_steps(ctx, path, log, tmp):
    out = os.path.join(tmp, 'gen.cl')
    proc = ctx.mapkit_run(['gen', '--lang=opencl', path, '-o', out])
    log.no_crash(proc, 'mapkit gen --lang=opencl')
    if not log.check(proc.status == 0, 'gen --lang=opencl %s: %s' % (path, first_lines(proc.err, 2))):
        return
    again = ctx.mapkit_run(['gen', '--lang=opencl', path])
    log.check(again.out == read_bytes(out), 'gen --lang=opencl %s: -o and standard output differ' % path)
    if 'clang' not in ctx.features:
        log.check(False, 'clang -x cl: no clang (make setup installs it)')
        return
    proc = clang_cl(ctx, out, ['-Wall', '-Werror', '-Wno-division-by-zero'])
    if not log.check(proc.status == 0, 'clang -x cl: %s' % path):
        log.note('\n'.join(line for line in (proc.text + proc.errtext).splitlines()
                           if re.search('error|warning', line))[:3 * 200])


def generated_code(ctx, path, log, tmp):
    cuda_steps(ctx, path, log, tmp)
    opencl_steps(ctx, path, log, tmp)


def codegen_source(ctx, case, log):
    """tests/codegen/*.proto, hostile/ and roundtrip/: the generated code;
    the proto-first round trips of roundtrip/ (reproducers of `mapkit fuzz
    --check` frontend disagreements) give every kernel back exactly:
    infer(gen(P)) is fixed."""
    generated_code(ctx, case.path, log, case.tmp)
    if '/roundtrip/' not in case.path:
        return
    proc = ctx.mapkit_run(['fixpoint', '--no-nvcc', '--format=json', '--timeout=60000', case.path])
    log.no_crash(proc, 'mapkit fixpoint')
    lines = [line for line in proc.text.splitlines() if '"kernel"' in line]
    fixed = [line for line in lines if '"class":"fixed"' in line]
    log.check(lines and len(fixed) == len(lines), 'proto-first round trip of %s: %s' % (
        case.path, '\n'.join(line for line in lines if line not in fixed)[:400]))


def golden_source(golden):
    """The protocol a golden file of tests/codegen is generated from: a
    corpus protocol's follows the corpus (a change there must show here)."""
    name = os.path.basename(golden).rsplit('.', 1)[0]
    for folder in ('corpus/proto', 'tests/codegen', 'tests/codegen/hostile'):
        src = os.path.join(folder, name + '.proto')
        if os.path.exists(src):
            return src
    return os.path.join('tests/codegen/hostile', name + '.proto')


def codegen_golden(ctx, case, log):
    """tests/codegen/golden/NAME.cu is `mapkit gen` of its protocol, and
    tests/codegen/opencl/NAME.cl `mapkit gen --lang=opencl` (stdout and
    stderr); UPDATE=1 rewrites them."""
    src = golden_source(case.path)
    lang = ['--lang=opencl'] if case.path.endswith('.cl') else []
    proc = ctx.mapkit_run(['gen'] + lang + [src])
    log.no_crash(proc, 'mapkit gen')
    if os.environ.get('UPDATE') == '1':
        with open(case.path, 'wb') as f:
            f.write(proc.out)
    want = read_bytes(case.path)
    got = proc.out + proc.err
    if not log.check(got == want, 'golden %s' % case.path):
        log.note('\n'.join(list(difflib.unified_diff(
            want.decode(errors='replace').splitlines(), got.decode(errors='replace').splitlines(),
            case.path, 'now', lineterm=''))[:20]))
