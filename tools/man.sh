#!/bin/sh
# Writes the man page mapkit(1) to standard output from the driver's own
# --help texts, so that the page and `mapkit CMD --help` never disagree.
#   tools/man.sh BIN/mapkit VERSION > mapkit.1
set -eu
bin=$1
version=$2

# The subcommands, as the overview lists them (help excluded).
commands() {
    "$bin" --help | awk '/^commands:/ { on = 1; next } on && /^$/ { exit } on && $1 != "help" { print $1 }'
}

# A help text as a no-fill troff block: backslashes and lines starting with
# a dot or a quote are escaped.
verbatim() {
    printf '.nf\n'
    sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
    printf '.fi\n'
}

printf '.TH MAPKIT 1 "" "mapkit %s" "User Commands"\n' "$version"
printf '.SH NAME\nmapkit \\- data races and barrier divergence in GPU kernels, through memory access protocols\n'
printf '.SH SYNOPSIS\n'
"$bin" --help | sed -n '1s/^usage: //p' | verbatim
printf '.SH DESCRIPTION\n'
"$bin" --help | sed '1,2d' | verbatim
printf '.SH COMMANDS\n'
for cmd in $(commands); do
    printf '.SS mapkit %s\n' "$cmd"
    "$bin" "$cmd" --help | verbatim
done
printf '.SH SUPPRESSIONS\n'
printf 'A comment \\fB// mapkit-ignore: race on A\\fR (or \\fBrace\\fR, or \\fBdivergence\\fR) on a line, or on the line above it, suppresses that alarm; \\fB--baseline OLD.json\\fR fails only on alarms not in an earlier report.\n'
printf '.SH FILES\n'
printf 'A regular file that \\fB-o\\fR or \\fBfmt -i\\fR names is written to a temporary file beside it, renamed over it only when every write succeeded and removed on a failure or on SIGINT, SIGTERM or SIGHUP; a symbolic link is followed and kept; a device or FIFO is written in place; an output that is one of the inputs is refused (exit 2).\n'
printf '.SH EXIT STATUS\n'
printf '0 ok or data-race free, 1 race, 2 usage or input error, 3 barrier divergence or ill-formed protocol, 4 unknown.  A failed write to the standard output or to an output file is 2, whatever the verdict.\n'
printf '.SH SEE ALSO\nThe documentation in docs/ of the source tree: language.md, checker.md, ci.md.\n'
