#!/bin/sh
# bench/gpu-sanitizer.sh [-m MAPKIT] [-n NVCC] [-s SANITIZER] [-a ARCH] [-o DIR]
#                        [-b D] [-g D] FILE.proto|FILE.cu ...
#
# The programs mapkit writes, run on a GPU under NVIDIA's compute-sanitizer
# and compared with `mapkit check` and `mapkit emulate` (docs/gpu-sanitizer.md).
# For each file:
#   - its protocol: a .proto as it is, a .cu through `mapkit infer`;
#   - `mapkit gen --main` writes the program (every extern function defined,
#     every kernel launched once at the protocol's launch, or -b/-g), which
#     nvcc builds (-lineinfo; -arch ARCH, default native on a GPU, else sm_80);
#   - `mapkit check` on the protocol, `mapkit emulate --seed 1` on the program
#     (at the launch its main makes);
#   - on a GPU: the program under `compute-sanitizer --tool racecheck` (races
#     on shared memory only: racecheck does not look at global memory) and
#     `--tool synccheck` (barrier divergence, invalid syncs).
# One line per file: check, emulate, racecheck, synccheck, and a remark when
# they disagree in a way no tool's scope explains (a race racecheck or
# emulation shows that check calls drf is "UNSOUND?").  Without a GPU (no
# nvidia-smi listing one, or no compute-sanitizer) the programs are still
# built, the sanitizer columns say "no-gpu", and the last line says so.
# It is not part of `make check`: tests/cases/bench/gpu-sanitizer.test runs
# its plumbing where nvcc is.
#
# -m MAPKIT     the binary (default build/bin/mapkit)
# -n NVCC       nvcc (default $NVCC, else /usr/local/cuda/bin/nvcc, else PATH)
# -s SANITIZER  compute-sanitizer (default: beside nvcc, else PATH)
# -a ARCH       nvcc's -arch (default native with a GPU, sm_80 without)
# -o DIR        keep the programs and logs here (default a temporary folder)
# -b D, -g D    launch sizes for infer/gen/check (default: the file's)
# exit status: 0 no unexplained disagreement, 1 some, 2 usage or build error
set -u

MAPKIT=build/bin/mapkit
NVCC=${NVCC:-}
SAN=
ARCH=
OUT=
LAUNCH=
while getopts m:n:s:a:o:b:g: opt; do
    case $opt in
    m) MAPKIT=$OPTARG ;;
    n) NVCC=$OPTARG ;;
    s) SAN=$OPTARG ;;
    a) ARCH=$OPTARG ;;
    o) OUT=$OPTARG ;;
    b) LAUNCH="$LAUNCH -b $OPTARG" ;;
    g) LAUNCH="$LAUNCH -g $OPTARG" ;;
    *) sed -n '2,30p' "$0" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -eq 0 ]; then
    sed -n '2,30p' "$0" >&2
    exit 2
fi
if [ -z "$NVCC" ]; then
    if [ -x /usr/local/cuda/bin/nvcc ]; then NVCC=/usr/local/cuda/bin/nvcc; else NVCC=$(command -v nvcc || true); fi
fi
if [ -z "$NVCC" ] || [ ! -x "$NVCC" ]; then
    echo "gpu-sanitizer: no nvcc (give -n PATH or NVCC=...)" >&2
    exit 2
fi
if [ -z "$SAN" ]; then
    SAN=$(dirname "$NVCC")/compute-sanitizer
    [ -x "$SAN" ] || SAN=$(command -v compute-sanitizer || true)
fi
GPU=yes
WHY=
if [ -z "$SAN" ] || [ ! -x "$SAN" ]; then
    GPU=no
    WHY="no compute-sanitizer beside $NVCC or on PATH"
elif ! nvidia-smi -L 2> /dev/null | grep -q '^GPU'; then
    GPU=no
    WHY="nvidia-smi lists no GPU"
fi
[ -n "$ARCH" ] || { [ $GPU = yes ] && ARCH=native || ARCH=sm_80; }
if [ -z "$OUT" ]; then
    OUT=$(mktemp -d "${TMPDIR:-/tmp}/gpu-sanitizer.XXXXXX")
    trap 'rm -rf "$OUT"' EXIT
fi
mkdir -p "$OUT"

# A mapkit exit status as a verdict word.
verdict() {
    case $1 in
    0) echo drf ;; 1) echo racy ;; 3) echo divergent ;; 4) echo unknown ;; *) echo error ;;
    esac
}

# compute-sanitizer's log: "racy"/"divergent" when it reports hazards or
# errors, "clean" when it ran and found none, "error" otherwise.
sanitizer_word() { # LOG WORD-FOR-FINDINGS
    if grep -q 'ERROR SUMMARY: 0 errors' "$1" && ! grep -Eq 'RACECHECK SUMMARY: [1-9]|Race reported' "$1"; then
        echo clean
    elif grep -Eq 'ERROR SUMMARY: [1-9]|RACECHECK SUMMARY: [1-9]|Race reported|Barrier error' "$1"; then
        echo "$2"
    else
        echo error
    fi
}

printf '%-40s %-10s %-10s %-10s %-10s %s\n' file check emulate racecheck synccheck remark
bad=0
for f in "$@"; do
    name=$(basename "$f" | sed 's/\.[^.]*$//')
    proto=$OUT/$name.proto
    prog=$OUT/$name.cu
    case $f in
    *.proto) cp "$f" "$proto" ;;
    *.cu) if ! "$MAPKIT" infer $LAUNCH "$f" > "$proto" 2> "$OUT/$name.infer.log"; then
              printf '%-40s infer failed: %s\n' "$f" "$(head -n 1 "$OUT/$name.infer.log")"; bad=1; continue
          fi ;;
    *) printf '%-40s not a .proto or .cu file\n' "$f"; bad=1; continue ;;
    esac
    if ! "$MAPKIT" gen --main $LAUNCH "$proto" > "$prog" 2> "$OUT/$name.gen.log"; then
        printf '%-40s gen --main failed: %s\n' "$f" "$(head -n 1 "$OUT/$name.gen.log")"; bad=1; continue
    fi
    if ! "$NVCC" -arch="$ARCH" -lineinfo -o "$OUT/$name" "$prog" > "$OUT/$name.nvcc.log" 2>&1; then
        printf '%-40s nvcc failed: %s\n' "$f" "$(grep -m 1 error "$OUT/$name.nvcc.log")"; bad=1; continue
    fi
    "$MAPKIT" check $LAUNCH "$proto" > "$OUT/$name.check.log" 2>&1
    check=$(verdict $?)
    "$MAPKIT" emulate --seed 1 "$prog" > "$OUT/$name.emulate.log" 2>&1
    emul=$(verdict $?)
    race=no-gpu
    sync=no-gpu
    if [ $GPU = yes ]; then
        "$SAN" --tool racecheck --racecheck-report hazard "$OUT/$name" > "$OUT/$name.racecheck.log" 2>&1
        race=$(sanitizer_word "$OUT/$name.racecheck.log" racy)
        "$SAN" --tool synccheck "$OUT/$name" > "$OUT/$name.synccheck.log" 2>&1
        sync=$(sanitizer_word "$OUT/$name.synccheck.log" divergent)
    fi
    remark=
    if [ "$check" = drf ] && { [ "$emul" = racy ] || [ "$emul" = divergent ] || [ "$race" = racy ] || [ "$sync" = divergent ]; }; then
        remark="UNSOUND? an execution shows what check calls drf"
        bad=1
    elif [ "$check" = racy ] && [ "$emul" = drf ] && [ "$race" != racy ]; then
        remark="not reproduced (one input; racecheck sees shared memory only)"
    fi
    printf '%-40s %-10s %-10s %-10s %-10s %s\n' "$f" "$check" "$emul" "$race" "$sync" "$remark"
done
if [ $GPU = no ]; then
    echo "gpu-sanitizer: NO GPU: $WHY; the programs were built with $NVCC (-arch=$ARCH) but not run under compute-sanitizer"
fi
exit $bad
