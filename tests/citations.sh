#!/usr/bin/env bash
# Code comments cite papers by short name ([CAV21 Fig. 3], docs/references.md),
# not by the project's file numbers ("seed 000") or tracker numbers
# ("issue 13"), which a reader of the repository cannot resolve.
#
#   tests/citations.sh           rewrites such citations in the comments of
#                                the sources (C, lemon, re2c, shell, Makefile)
#   tests/citations.sh --check   lists those left and fails if there are any
#
# Only comments are touched: /* */ and // in C-like files (strings and
# character literals are skipped), # comments in shell files and the
# Makefile.  The tables are docs/references.md's.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mode=rewrite
[ "${1:-}" = --check ] && mode=check

files=$(git ls-files 'dsl/*' 'checker/*' 'codegen/*' 'infer/*' 'fuzz/*' 'cli/*' 'tests/*.c' 'tests/*.sh' \
    'bench/*' 'tools/*' Makefile | grep -E '\.(c|h|y|re|sh)$|^Makefile$' | grep -v '^tests/citations\.sh$')

# shellcheck disable=SC2016 # perl code
perl_prog='
my %paper = ("000" => "CAV21", "001" => "SKBG", "002" => "ICCAD18", "003" => "CARP-D6.4", "004" => "VST");
my %doc = (4 => "docs/codegen.md", 5 => "docs/inference.md", 6 => "docs/fuzz.md",
           13 => "docs/checker.md", 14 => "docs/checker.md", 15 => "docs/inference.md",
           16 => "docs/language.md", 17 => "docs/inference.md", 20 => "docs/ci.md");
my $part = qr/(?:Fig|Figs|Sec|Secs|Table|Tables|App|Appendix|Example|Def|Lemma|Thm)\.?\s?[0-9A-Z][\w.\-]*(?:\s?(?:and|-)\s?\d+)?/;
my $where = qr/(?:,?\s?(?:items?|parts?)\s[\d\-]+(?:\s(?:and|,)\s?\d+)*)?/;
my $check = $ENV{CITATIONS_MODE} eq "check";
my $left = 0;

sub cite {
    my ($t) = @_;
    # (seed 000, Fig. 3-4) -> [CAV21 Fig. 3-4]; (seed 000) -> [CAV21]
    $t =~ s/\(\s*[Ss]eed (00\d),?\s($part)\s*\)/exists $paper{$1} ? "[$paper{$1} $2]" : $&/ge;
    $t =~ s/\(\s*[Ss]eed (00\d)\s*\)/exists $paper{$1} ? "[$paper{$1}]" : $&/ge;
    # seed 000 Fig. 2, seed 000, Sec. 5, seed 000 Sec. 5-6 -> [CAV21 Fig. 2]
    $t =~ s/[Ss]eed (00\d),?\s($part)/exists $paper{$1} ? "[$paper{$1} $2]" : $&/ge;
    # seed 000 elsewhere (seed 000'"'"'s Fig. 7 -> [CAV21]'"'"'s Fig. 7)
    $t =~ s/[Ss]eed (00\d)/exists $paper{$1} ? "[$paper{$1}]" : $&/ge;
    # issue 6 parts 3-4, issue 13, item 8 -> docs/fuzz.md, docs/checker.md
    $t =~ s/[Ii]ssue (\d+)$where/exists $doc{$1} ? $doc{$1} : $&/ge;
    return $t;
}

sub report {
    my ($t, $file, $text, $at) = @_;
    while ($t =~ /([Ss]eed 00\d|[Ii]ssue \d+)/g) {
        my $line = 1 + (substr($text, 0, $at) =~ tr/\n//) + (substr($t, 0, pos($t)) =~ tr/\n//);
        print "$file:$line: $1\n";
        $left++;
    }
    return $t;
}

sub comment {
    my ($t, $file, $text, $at) = @_;
    return $check ? report($t, $file, $text, $at) : cite($t);
}

local $/;
for my $file (@ARGV) {
    open(my $in, "<", $file) or die "$file: $!";
    my $text = <$in>;
    close $in;
    my $out = $text;
    if ($file =~ /\.(c|h|y|re)$/) {
        $out =~ s{(/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|'"'"'(?:\\.|[^'"'"'\\\n])*'"'"')}
                 {my $m = $1; ($m =~ m{^/[*/]}) ? comment($m, $file, $text, $-[0]) : $m}gse;
    } else {
        $out =~ s{(^|[ \t])(#[^\n]*)}{$1 . comment($2, $file, $text, $-[2])}gme;
    }
    if (!$check && $out ne $text) {
        open(my $o, ">", $file) or die "$file: $!";
        print $o $out;
        close $o;
        print "rewrote $file\n";
    }
}
exit($check && $left ? 1 : 0);
'
# shellcheck disable=SC2086 # one file name per word
CITATIONS_MODE=$mode perl -e "$perl_prog" $files
status=$?
if [ "$mode" = check ] && [ $status -ne 0 ]; then
    echo "citations: comments above still cite a seed or an issue number; run tests/citations.sh (docs/references.md)"
fi
exit $status
