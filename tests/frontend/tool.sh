#!/bin/sh
# An external front end for tests/cases/fixpoint/frontend.test:
#   tests/frontend/tool.sh MODE FILE.cu
# prints FILE's protocol on stdout, through `mapkit infer` ($MAPKIT, else
# build/bin/mapkit), as a front end of MODE would:
#   honest   what infer prints
#   drop     every second access left out (a front end that loses accesses)
#   faial    Faial's v1 spelling: no `kernel` wrapper, ro/rw, const global
#   crash    dies of SIGSEGV;  hang: never ends;  garbage: prints no protocol;
#   fail     says why on stderr and exits 3;  noisy: honest, with warnings on stderr
#   mixed    crashes on *reduce*, hangs on *transpose*, else honest
#   crash-generated   crashes on the generated K1.cu, K2.cu, ..., else honest
mode=$1
file=$2
mapkit=${MAPKIT:-$(dirname "$0")/../../build/bin/mapkit}
case $mode in
honest) exec "$mapkit" infer "$file" ;;
drop)
    "$mapkit" infer "$file" | awk '/^ *(rd|wr|atomic) / { if (n++ % 2) next } { print }' ;;
faial)
    "$mapkit" infer "$file" |
        sed -e '1i # printed by tool.sh faial' -e '1i #| in v1 spelling |#' -e '/^kernel /d' -e '$d' -e 's/^    //' \
            -e 's/^\( *\)rd /\1ro /' -e 's/^\( *\)wr /\1rw /' -e 's/^uniform /const global /' ;;
crash) kill -SEGV $$ ;;
hang) sleep 1000 ;;
garbage) echo 'this is not { a protocol' ;;
fail) echo "tool.sh: cannot read $file" >&2; exit 3 ;;
noisy) echo "tool.sh: warning: this goes to stderr" >&2; exec "$mapkit" infer "$file" ;;
mixed)
    case $file in
    *reduce*) kill -SEGV $$ ;;
    *transpose*) sleep 1000 ;;
    *) exec "$mapkit" infer "$file" ;;
    esac ;;
crash-generated)
    case ${file##*/} in
    K[0-9]*.cu) kill -SEGV $$ ;;
    *) exec "$mapkit" infer "$file" ;;
    esac ;;
*) echo "tool.sh: unknown mode $mode" >&2; exit 2 ;;
esac
