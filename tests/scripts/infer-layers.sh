#!/usr/bin/env bash
# The front end's layers (docs/architecture-infer.md): every `#include "..."`
# in infer/'s sub-folders names a header of its own folder, of a layer
# below it, of dsl/ (or its generated lexer and parser), or the public
# infer.h, and names it without a path, so no cycle runs between folders.
# The Makefile's include paths already make a wrong-way include fail to
# compile; this also catches one written with a path (`../models/x.h`).
#
#   layer    may include
#   clang/   clang/
#   core/    core/ clang/           (never models/ or host/)
#   models/  models/ core/ clang/
#   host/    host/ clang/
#   ptx/     ptx/                   (the PTX reader: no libclang, no LLVM header)
#
# (infer/ itself, the entry, ties them together and sees every layer.)
#   tests/scripts/infer-layers.sh     a FAIL line per wrong include, a PASS
#                                     line per layer without one (tests/lib.sh)
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh

allowed() {
    case $1 in
    clang) echo clang ;;
    core) echo core clang ;;
    models) echo models core clang ;;
    host) echo host clang ;;
    ptx) echo ptx ;;
    esac
}

# Where a header of that name lives among infer/'s folders ("" if none).
home_of() {
    local d
    for d in clang core models host ptx; do
        [ -e "infer/$d/$1" ] && echo "$d"
    done
}

for layer in clang core models host ptx; do
    ok=$(allowed "$layer")
    bad=0
    for f in infer/"$layer"/*.c infer/"$layer"/*.h infer/"$layer"/*.y infer/"$layer"/*.re; do
        [ -e "$f" ] || continue
        while IFS= read -r name; do
            if [ "${name#*/}" != "$name" ]; then
                fail "$f includes \"$name\": a path, which the include paths do not check"
                bad=1
                continue
            fi
            home=$(home_of "$name")
            if [ -z "$home" ] && [ "$name" = ptx_parser.h ]; then
                home=ptx # generated from infer/ptx/ptx_parser.y
            fi
            if [ -z "$home" ]; then
                # the public header, dsl/'s headers and its generated ones
                if [ "$name" != infer.h ] && [ ! -e "dsl/$name" ] && [ "$name" != lexer.h ] &&
                    [ "$name" != parser.h ]; then
                    fail "$f includes \"$name\", which is no header of infer/'s layers nor of dsl/"
                    bad=1
                fi
                continue
            fi
            case " $ok " in
            *" $home "*) ;;
            *)
                fail "$f ($layer/) includes \"$name\" of $home/: $layer/ may include only $ok"
                bad=1
                ;;
            esac
        done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
    done
    if [ "$bad" -eq 0 ]; then pass "infer/$layer/ includes only $ok"; fi
done

# The PTX reader stands apart from libclang: no LLVM or libclang header.
llvm=$(grep -l '^[[:space:]]*#[[:space:]]*include[[:space:]]*<\(clang-c\|llvm\)' infer/ptx/*.[chy] infer/ptx/*.re 2> /dev/null)
if [ -n "$llvm" ]; then
    fail "infer/ptx/ includes LLVM or libclang headers:" $llvm
else
    pass "infer/ptx/ includes no LLVM or libclang header"
fi

# core/ asks the models only through model.h: no name a model's header
# declares appears in core/'s code.
names=$(sed -n -e 's/^[A-Za-z][^(]*[ *]\([a-z_][a-z0-9_]*\)(.*/\1/p' \
    -e 's/^extern const Model \([a-z_][a-z0-9_]*\);.*/\1/p' infer/models/*.h | sort -u)
called=""
for n in $names; do
    if grep -qw "$n" infer/core/*.c infer/core/*.h; then
        called="$called $n"
    fi
done
if [ -n "$called" ]; then
    fail "core/ names models' functions:$called"
else
    pass "core/ names no model's function"
fi
