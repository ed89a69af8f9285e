#!/usr/bin/env python3
"""Generates infer/cuda_decls.inc, the CUDA math API and intrinsics that the
front end's built-in header declares, from the headers
that come with nvcc.

    infer/gen_cuda_decls.py [--check] [CUDA_INCLUDE_DIR]   (default /usr/local/cuda/include)

--check writes nothing: it exits 1 when the committed output differs from
what the headers give (tests/cases/infer/cuda-decls.test runs it where CUDA is installed).

Every non-template function declared in the headers listed in HEADERS is
written once as `__host__ __device__ RET NAME(PARAMS);` (the front end reads
kernels as host code of a CUDA file, so one spelling serves both sides).
curand's functions are definitions (`QUALIFIERS ... { ... }`): their
signatures are kept, their bodies dropped; its state types are declared
with the members the front end never looks at left out.  The CUDART_*
constants of math_constants.h are copied as they are.

Nothing is picked by hand. Three rules leave declarations out, and the
output counts each:
  - names of the implementation (`__nv_*`, `__internal*`, `__cuda*`, `_Z*`);
  - declarations the built-in header already makes as templates or with a
    meaning of their own (atomics, loads, shuffles, min/max: the front end
    follows them by name; see NAMES_OWNED below);
  - declarations that do not compile against the built-in header's types:
    the script asks `clang -fsyntax-only` (CUDA mode, no CUDA headers) and
    drops each declaration clang reports an error on, until none is left.

The output is committed; rerun this after a CUDA upgrade and commit both.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "cuda_decls.inc")
HEADER_C = os.path.join(HERE, "cuda_header.c")

HEADERS = [
    "crt/math_functions.h",
    "crt/device_functions.h",
    "crt/device_double_functions.h",
    "crt/sm_70_rt.h",
    "crt/sm_80_rt.h",
    "crt/sm_90_rt.h",
    "crt/sm_100_rt.h",
    "device_atomic_functions.h",
    "sm_20_atomic_functions.h",
    "sm_32_atomic_functions.h",
    "sm_35_atomic_functions.h",
    "sm_60_atomic_functions.h",
    "sm_20_intrinsics.h",
    "sm_30_intrinsics.h",
    "sm_32_intrinsics.h",
    "sm_35_intrinsics.h",
    "sm_61_intrinsics.h",
    "curand_kernel.h",
    "curand_uniform.h",
    "curand_normal.h",
    "curand_lognormal.h",
    "curand_poisson.h",
    "curand_discrete2.h",
    "curand_mrg32k3a.h",
    "curand_philox4x32_x.h",
    "curand_mtgp32_kernel.h",
]

# Names the built-in header declares itself, as templates over any type:
# the front end gives them their meaning by name (memory accesses, warp
# data exchange, integer arithmetic), so overloads would add nothing.
NAMES_OWNED = re.compile(
    r"^(atomic[A-Z]\w*|__ldg|__ldc[agsv]|__ldlu|__st(cg|cs|wb|wt)|__shfl\w*|min|max|"
    r"__syncthreads\w*|__syncwarp|__threadfence\w*|__barrier_sync|printf|malloc|free|memcpy|memset|"
    r"assert|__assertfail|clock|clock64)$"
)
INTERNAL = re.compile(r"^(__nv|__internal|__cuda|_Z|__curand_|_curand|__isurf|__itex|__tex|__surf)")

# Words of a declaration that are storage, linkage or CUDA markers, never
# part of a type.
MARKERS = {
    "extern", "static", "inline", "__inline__", "__forceinline__", "__noinline__", "__device__",
    "__host__", "__device_builtin__", "__cudart_builtin__", "__cdecl", "__THROW", "_CRTIMP",
    "__CUDA_MATH_CRTIMP", "__CRTDECL", "_ACRTIMP", "QUALIFIERS", "QUALIFIERS_MTGP32", "QUALIFIERS_STATIC", "__DEF_IF_HOST",
    "__CUDA_DEPRECATED", "__DEPRECATED__", "constexpr", "__MATH_FUNCTIONS_DECL__", "_LIBCUDACXX_INLINE_VISIBILITY",
}
MACRO_WORD = re.compile(r"^__[A-Z0-9_]+__$|^__[A-Z][A-Z0-9_]*_DECL__$|^_CRTIMP\w*$|^__CUDA_\w+$")
STARTS = re.compile(r"^\s*(extern|static|inline|__inline__|__forceinline__|__device__|__host__|_CRTIMP|"
                    r"QUALIFIERS\w*|__[A-Z0-9_]+__|__CUDA_[A-Z_]+)\b")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def statements(text):
    """Declarations and definitions that start a line with a marker word:
    the text up to `;`, `{` or __DEF_IF_HOST at parenthesis depth 0."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("#") or not STARTS.match(line):
            i += 1
            continue
        buf, depth, done = "", 0, False
        while i < len(lines) and not done:
            if lines[i].lstrip().startswith("#"):  # a conditional inside the declaration (__trap's noreturn)
                i += 1
                continue
            for ch in lines[i]:
                if ch == "(":
                    depth += 1
                elif ch == ")":
                    depth -= 1
                elif depth == 0 and ch in ";{":
                    done = True
                    break
                buf += ch
            if not done and depth == 0 and "__DEF_IF_HOST" in lines[i]:
                done = True
            buf += " "
            i += 1
        yield buf.replace("__DEF_IF_HOST", " ")


def parse(stmt):
    """(ret, name, params) of a function statement, or None."""
    s = re.sub(r'"(?:[^"\\]|\\.)*"', '""', stmt)  # messages may hold parentheses
    s = re.sub(r"__attribute__\s*\(\(.*?\)\)", " ", s)
    s = re.sub(r"__declspec\s*\([^()]*\)", " ", s)
    s = re.sub(r"\b__DEPRECATED__\s*\((?:[^()]|\([^()]*\))*\)", " ", s)
    s = re.sub(r"\b__CUDA_DEPRECATED\b", " ", s)
    s = re.sub(r"\b_NV_RSQRT_SPECIFIER\b", " ", s)
    s = re.sub(r"\s+", " ", s).strip()
    m = re.match(r"^(.*?)\b([A-Za-z_]\w*)\s*\((.*)\)[^()]*$", s)
    if not m:
        return None
    head, name, params = m.group(1), m.group(2), m.group(3)
    if "(" in head or "operator" in head or "<" in head or "template" in head:
        return None
    words = [w for w in head.split() if w not in MARKERS and not MACRO_WORD.match(w)]
    if not words:
        return None
    ret = " ".join(words)
    params = re.sub(r"\s+", " ", params).strip()
    if "(" in params and "warpSize" not in params:  # function pointers, macro calls
        return None
    return ret, name, params


TYPE_WORDS = {"int", "float", "double", "char", "long", "short", "unsigned", "signed", "void", "bool",
              "const", "volatile", "__restrict__", "__half", "__half2"}


def signature(ret, name, params):
    """The declaration without parameter names or defaults: what makes two
    declarations the same function."""
    types = []
    for p in params.split(","):
        p = p.split("=")[0].strip()
        m = re.match(r"^(.*[\w*&\s])\b([A-Za-z_]\w*)$", p)
        if m and m.group(1).strip() and m.group(2) not in TYPE_WORDS:
            p = m.group(1)
        types.append(re.sub(r"\s+", "", p))
    return "%s %s(%s)" % (re.sub(r"\s+", "", ret), name, ",".join(types))


def curand_types(include):
    """curand's typedefs, each struct they name declared with a body the
    front end never looks into (a state is a cell)."""
    structs, enums, typedefs = [], [], []
    for rel in ["curand.h", "curand_discrete.h", "curand_mtgp32.h"] + [h for h in HEADERS if h.startswith("curand")]:
        path = os.path.join(include, rel)
        if not os.path.exists(path):
            continue
        text = strip_comments(open(path, encoding="utf-8", errors="replace").read())
        for m in re.finditer(r"^\s*typedef\s+([^;{}()]*);", text, flags=re.M):
            t = re.sub(r"\s+", " ", m.group(0).strip())
            if t in typedefs:
                continue
            typedefs.append(t)
            for sm in re.finditer(r"\bstruct\s+(\w+)", t):
                if sm.group(1) not in structs:
                    structs.append(sm.group(1))
            for em in re.finditer(r"\benum\s+(\w+)", t):
                if em.group(1) not in enums:
                    enums.append(em.group(1))
    return (["struct %s { unsigned int __mapkit_state[16]; };" % n for n in structs] +
            ["enum %s { __mapkit_%s };" % (n, n) for n in enums] + typedefs)


def math_constants(include):
    """math_constants.h's CUDART_* constants, as the header defines them."""
    path = os.path.join(include, "math_constants.h")
    if not os.path.exists(path):
        return []
    text = strip_comments(open(path, encoding="utf-8", errors="replace").read())
    return [re.sub(r"\s+", " ", m.group(0).strip())
            for m in re.finditer(r"^\s*#define\s+CUDART_\w+\s+[^\n\\]+$", text, flags=re.M)]


def collect(include):
    decls, seen, dropped = [], set(), {"internal": 0, "owned": 0}
    for rel in HEADERS:
        path = os.path.join(include, rel)
        if not os.path.exists(path):
            continue
        text = strip_comments(open(path, encoding="utf-8", errors="replace").read())
        # a template's `template <...>` line joins its statement, which then
        # starts with no marker word and is not read
        text = re.sub(r"template\s*<([^;{}<>]|<[^<>]*>)*>\s*\n", "template<> ", text)
        for st in statements(text):
            p = parse(st)
            if not p:
                continue
            ret, name, params = p
            if INTERNAL.match(name):
                dropped["internal"] += 1
                continue
            if NAMES_OWNED.match(name):
                dropped["owned"] += 1
                continue
            d = "__host__ __device__ %s %s(%s);" % (ret, name, params)
            d = d.replace("width=warpSize", "width = 32")
            key = signature(ret, name, params)
            if key in seen:
                continue
            seen.add(key)
            decls.append(d)
    return decls, dropped


INCLUDE_LINE = '#include "cuda_decls.inc"'


def builtin_header():
    """The hand-written parts of the built-in header around the generated
    one, from cuda_header.c."""
    src = open(HEADER_C, encoding="utf-8").read()
    body = src[src.index("static const char header[] ="):src.index("const char *infer_cuda_header")]
    before, after = body.split(INCLUDE_LINE)

    def text(part):
        lits = re.findall(r'"((?:[^"\\]|\\.)*)"', part)
        return "".join(bytes(l, "utf-8").decode("unicode_escape") for l in lits)
    return text(before), text(after)


def compile_errors(prefix, decls, suffix):
    """Line numbers (1-based in decls) that clang reports an error on."""
    with tempfile.TemporaryDirectory() as tmp:
        f = os.path.join(tmp, "t.cu")
        with open(f, "w") as out:
            out.write(prefix)
            out.write("\n#line 1 \"decls\"\n")
            out.write("\n".join(decls) + "\n")
            out.write("#line 1 \"after\"\n")
            out.write(suffix)
        r = subprocess.run(["clang", "-fsyntax-only", "-x", "cuda", "--cuda-host-only", "-nocudainc",
                            "-nocudalib", "--cuda-path=/nonexistent", "-std=c++17", "-ferror-limit=0",
                            "-Wno-everything", f], capture_output=True, text=True)
        bad = set()
        for line in r.stderr.splitlines():
            m = re.match(r"^decls:(\d+):\d+: error:", line)
            if m:
                bad.add(int(m.group(1)))
        other = [l for l in r.stderr.splitlines() if ": error:" in l and not l.startswith("decls:")]
        return bad, other


def cuda_version(include):
    try:
        m = re.search(r"#define CUDA_VERSION (\d+)", open(os.path.join(include, "cuda.h")).read())
        return m.group(1) if m else "unknown"
    except OSError:
        return "unknown"


def c_string(line):
    return '"' + line.replace("\\", "\\\\").replace('"', '\\"') + '\\n"'


def main():
    args = sys.argv[1:]
    check = "--check" in args
    args = [a for a in args if a != "--check"]
    include = args[0] if args else "/usr/local/cuda/include"
    decls, dropped = collect(include)
    decls = curand_types(include) + decls + math_constants(include)
    prefix, suffix = builtin_header()
    rejected = 0
    for _ in range(20):
        bad, other = compile_errors(prefix, decls, suffix)
        if other:
            sys.exit("gen_cuda_decls: the built-in header itself has errors:\n" + "\n".join(other[:10]))
        if not bad:
            break
        rejected += len(bad)
        decls = [d for i, d in enumerate(decls, 1) if i not in bad]
    text = render(include, decls, dropped, rejected)
    if check:
        same = os.path.exists(OUT) and open(OUT, encoding="utf-8").read() == text
        print("gen_cuda_decls: %s is %s" % (OUT, "up to date" if same else "out of date: rerun the script"))
        sys.exit(0 if same else 1)
    with open(OUT, "w", encoding="utf-8") as out:
        out.write(text)
    print("gen_cuda_decls: %d declarations in %s" % (len(decls), OUT))


def render(include, decls, dropped, rejected):
    lines = []
    lines.append("/* Generated by infer/gen_cuda_decls.py from the headers of CUDA %s (CUDA_VERSION);\n"
                  " * do not edit: rerun the script.  %d declarations; left out: %d of the\n"
                  " * implementation, %d the built-in header owns, %d that do not compile\n"
                  " * against the built-in header's types; templates are not read. */\n"
                  % (cuda_version(include), len(decls), dropped["internal"], dropped["owned"], rejected))
    lines.extend(c_string(d) + "\n" for d in decls)
    return "".join(lines)


if __name__ == "__main__":
    main()
