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
printf '.SH SEE ALSO\nThe documentation in docs/ of the source tree: language.md, checker.md, ci.md.\n'
