#!/usr/bin/env bash
# An installed mapkit stands alone: `make install PREFIX=` carries the Z3
# it was built with (pip's, `make z3`) into PREFIX/lib/mapkit and gives the
# driver a RUNPATH relative to itself, so that it starts, and checks, once
# the clone is gone.  The install is copied to another folder (a clone
# moved or deleted) and its driver must name no path into the clone, load
# its Z3 from the copy, and check a protocol and a CUDA file there.
# libclang stays the system's (Debian's LLVM 19).
#   tests/scripts/install-standalone.sh BUILD_DIR   (run by tests/runner.py)
# TIMEOUT: 300
set -u
build=${1:-build}
cd "$ROOT" || exit 2
. tests/lib.sh
tmp=$TEST_TMP
san=
[ "$build" = build-san ] && san=SANITIZE=1

prefix=$tmp/prefix
make -s --no-print-directory $san install PREFIX="$prefix" > "$tmp/install.log" 2>&1
expect_holds "make install PREFIX=...: $(tail -n 3 "$tmp/install.log")" '[ $? -eq 0 ]'
# elsewhere, and the original removed: nothing may lead back to it
moved=$tmp/elsewhere/opt
mkdir -p "$tmp/elsewhere"
cp -a "$prefix" "$moved" && rm -rf "$prefix"
mapkit=$moved/bin/mapkit
check "the installed driver is at its new place" [ -x "$mapkit" ]

# the clone, by the paths it is reached through (deps/ may be a link to a
# Z3 shared between clones)
clone_paths=("$ROOT")
[ "$(cd "$ROOT" && pwd -P)" != "$ROOT" ] && clone_paths+=("$(cd "$ROOT" && pwd -P)")
[ -e "$ROOT/deps" ] && clone_paths+=("$(readlink -f "$ROOT/deps")")
runpath=$(readelf -d "$mapkit" | grep -E 'RUNPATH|RPATH' | sed 's/.*: \[\(.*\)\]/\1/')
for p in "${clone_paths[@]}"; do
    expect_holds "the installed driver's RUNPATH ($runpath) names no path into the clone ($p)" \
        '[[ ":$runpath:" != *"$p"* ]]'
done

# which Z3 the build uses: pip's (then the install carries it) or Debian's
z3_pip=$ROOT/deps/z3-solver/z3/lib/libz3.so
if [ -f "$z3_pip" ]; then
    soname=$(readelf -d "$z3_pip" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
    check "make install copied $soname into PREFIX/lib/mapkit" [ -f "$moved/lib/mapkit/$soname" ]
    expect_holds "the RUNPATH is relative to the driver: $runpath" '[[ "$runpath" == *'"'"'$ORIGIN'"'"'* ]]'
    z3=$(ldd "$mapkit" | grep 'libz3' | sed 's/.*=> \([^ ]*\).*/\1/')
    expect_holds "ldd resolves libz3 under the moved prefix: $z3" '[[ "$z3" == "$moved/"* ]]'
else
    echo "note: no pip Z3 (make z3): the build uses the system's, which the install does not carry"
fi
expect_holds "ldd finds every library (not found: $(ldd "$mapkit" | grep 'not found' | tr -s ' \n' ' '))" \
    '! ldd "$mapkit" | grep -q "not found"'

# the moved driver runs (exit 127 when the loader cannot find its Z3)
version=$("$mapkit" --version 2> "$tmp/version.err")
expect_holds "--version exits $? at the new place: $(head -n 2 "$tmp/version.err")" '[ -n "$version" ]'
expect_holds "the install reports the build's Z3 ($version; the build: $("$MAPKIT_BIN" --version))" \
    '[ "$version" = "$("$MAPKIT_BIN" --version)" ]'
# a protocol, then a CUDA file (libclang, opened on first use)
"$mapkit" check examples/reduce.proto > "$tmp/proto.out" 2>&1
status=$?
expect_holds "check of a racy protocol exits $status (want 1): $(tail -n 1 "$tmp/proto.out")" '[ $status -eq 1 ]'
cat > "$tmp/scale.cu" << 'EOF'
__global__ void scale(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 2.0f * in[i];
}
EOF
"$mapkit" check "$tmp/scale.cu" > "$tmp/cu.out" 2>&1
status=$?
expect_holds "check of a race-free CUDA kernel exits $status (want 0): $(tail -n 1 "$tmp/cu.out")" '[ $status -eq 0 ]'
