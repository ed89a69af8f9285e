#!/usr/bin/env bash
# Installing, and mapkit in CI (docs/ci.md): `make install PREFIX=` and
# `make uninstall`, the man page and the bash completion, then the shell
# steps docs/ci.md shows (the GitHub workflow's check step, the GitLab
# job's script, the pre-commit hook), taken from that file and run as
# written on a git copy of examples/ci-project/.  SARIF reports are
# validated against the SARIF 2.1.0 schema (tests/sarif/).
#   tests/scripts/ci.sh BUILD_DIR       (run by tests/runner.py)
# TIMEOUT: 600
set -u
build=${1:-build}
cd "$ROOT" || exit 2
root=$ROOT
. tests/lib.sh
tmp=$TEST_TMP
doc=docs/ci.md

echo "-- make install, make uninstall"
prefix=$tmp/prefix
san=
[ "$build" = build-san ] && san=SANITIZE=1
make -s --no-print-directory $san install PREFIX="$prefix" > "$tmp/install.log" 2>&1
expect_holds "make install failed: $(tail -n 3 "$tmp/install.log")" '[ $? -eq 0 ]'
installed=("$prefix/bin/mapkit" "$prefix/share/man/man1/mapkit.1" "$prefix/share/bash-completion/completions/mapkit")
for f in "${installed[@]}"; do
    expect_holds "make install did not install $f" '[ -s "$f" ]'
done
# the installed driver, through a guard of its own: a crash is a failure
mapkit=$tmp/guard/mapkit
mkdir -p "$tmp/guard"
sed "s|$MAPKIT_BIN|$prefix/bin/mapkit|" "$MAPKIT" > "$mapkit" && chmod +x "$mapkit"
expect_holds "-V does not print the version" '"$mapkit" -V | grep -qx "mapkit [0-9.]* (Z3 [0-9.]*)"'
expect_holds "mapkit help check is not check --help" 'diff <("$mapkit" help check) <("$mapkit" check --help) > /dev/null'
expect_holds "mapkit help lists no commands" '"$mapkit" help | grep -q "^  check "'
"$mapkit" help frobnicate > /dev/null 2>&1
expect_holds "mapkit help of an unknown command exits $? (want 2)" '[ $? -eq 2 ]'
# the man page has a section per command, from its --help text
man_page=$prefix/share/man/man1/mapkit.1
for cmd in check fmt infer gen run fixpoint fuzz; do
    expect_holds "the man page has no section for $cmd" 'grep -qx ".SS mapkit $cmd" "$man_page"'
done
expect_holds "the man page lacks check's --baseline" 'grep -q -- "--baseline" "$man_page"'
if command -v man > /dev/null; then
    expect_holds "man cannot render the page" 'man -l "$man_page" 2> /dev/null | grep -q "mapkit check"'
fi
# the completion offers the commands, and each command's options
completion=$prefix/share/bash-completion/completions/mapkit
complete_words() { # complete_words WORD... : what TAB offers for the last word
    bash -c '. "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _mapkit; printf "%s\n" "${COMPREPLY[@]}"' \
        "$completion" "$@"
}
expect_holds "completion: 'mapkit ch' does not offer check" 'complete_words mapkit ch | grep -qx check'
expect_holds "completion: 'mapkit check --base' does not offer --baseline" \
    'complete_words mapkit check --base | grep -qx -- --baseline'
expect_holds "completion: 'mapkit fuzz --ti' does not offer --tiles, --time and --timeout" \
    '[ "$(complete_words mapkit fuzz --ti | sort | tr "\n" " ")" = "--tiles --time --timeout " ]'
make -s --no-print-directory $san uninstall PREFIX="$prefix" > /dev/null 2>&1
for f in "${installed[@]}"; do
    expect_holds "make uninstall left $f" '[ ! -e "$f" ]'
done
# the steps below run the installed driver, as CI does
make -s --no-print-directory $san install PREFIX="$prefix" > /dev/null 2>&1
export PATH="$tmp/bin:$PATH"
mkdir -p "$tmp/bin"
ln -s "$mapkit" "$tmp/bin/mapkit" # the sanitizer guard, under the name the steps use

# ---- the steps, as docs/ci.md writes them ----

# The `run: |` block of the GitHub step named $1, without its indentation.
github_step() {
    awk -v name="$1" '
        /^```yaml/ { yaml = 1; next }
        /^```/ { yaml = 0 }
        !yaml { next }
        index($0, "- name: " name) { found = 1; next }
        found && /run: \|/ { match($0, /^ */); indent = RLENGTH; body = 1; next }
        body { match($0, /^ */); if (RLENGTH <= indent) exit; print substr($0, indent + 3) }
    ' "$doc"
}
# The GitLab job's `script:` lines.
gitlab_script() {
    awk '/^  script:/ { on = 1; next } on && /^    - / { print substr($0, 7); next } on { exit }' "$doc"
}
# The pre-commit hook: the sh block under its heading.
hook_script() {
    awk '/^## A pre-commit hook/ { on = 1 } on && /^```sh/ { body = 1; next } body && /^```/ { exit } body' "$doc"
}
step=$(github_step "Check the kernels")
gitlab=$(gitlab_script)
hook=$(hook_script)
expect_holds "docs/ci.md has no 'Check the kernels' step" '[ -n "$step" ]'
expect_holds "docs/ci.md has no GitLab script" '[ -n "$gitlab" ]'
expect_holds "docs/ci.md has no pre-commit hook" '[ -n "$hook" ]'

# A Python that can validate SARIF: Debian's python3-jsonschema (make setup).
py=${JSONSCHEMA_PYTHON:-}
# sarif_summary FILE: "valid RESULTS SUPPRESSED UNCHANGED NEW UNFINGERPRINTED"
# (NEW: those that count, not suppressed),
# or "invalid: why".
sarif_summary() {
    "$py" - "$root/tests/sarif/sarif-schema-2.1.0.json" "$1" << 'EOF'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
try:
    log = json.load(open(sys.argv[2]))
    jsonschema.Draft4Validator(schema).validate(log)
except Exception as e:
    print("invalid:", str(e).splitlines()[0])
    sys.exit(0)
results = [r for run in log["runs"] for r in run["results"]]
count = lambda f: sum(1 for r in results if f(r))
print("valid", len(results), count(lambda r: r.get("suppressions")),
      count(lambda r: r.get("baselineState") == "unchanged"),
      count(lambda r: r.get("baselineState") == "new" and not r.get("suppressions")),
      count(lambda r: "mapkit/v2" not in r.get("partialFingerprints", {})))
EOF
}

echo "-- SARIF of every kind of result is valid"
if [ -n "$py" ]; then
    # races, divergences (with races too), benign notes, an incomplete
    # protocol, a vacuous kernel, a whole corpus file set
    printf 'kernel k {\n    shared int s[64];\n    wr s[threadIdx.x];\n    opaque;\n}\n' > "$tmp/opaque.proto"
    printf 'kernel k {\n    shared int s[64];\n    assume threadIdx.x > blockDim.x + 5;\n    wr s[0];\n}\n' > "$tmp/vacuous.proto"
    for f in corpus/proto/own-divergent-sync-and-race-racy.proto corpus/proto/own-benign-flag-drf.proto \
        corpus/proto/own-opaque-racy.proto "$tmp/opaque.proto" "$tmp/vacuous.proto" "corpus/proto/*.proto"; do
        # shellcheck disable=SC2086 # the last one is a glob
        "$mapkit" check --all --format=sarif $f > "$tmp/kind.sarif" 2> /dev/null
        summary=$(sarif_summary "$tmp/kind.sarif")
        expect_holds "SARIF of $f: $summary" '[ "${summary%% *}" = valid ] && [ "${summary##* }" = 0 ]'
    done
fi

project=$tmp/project
cp -r examples/ci-project "$project"
(cd "$project" && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm init)
run_step() { # run_step SCRIPT: runs it in the project, prints its exit code
    (cd "$project" && bash -e -c "$1" > "$tmp/step.out" 2> "$tmp/step.err")
    echo $?
}

echo "-- the GitHub workflow's check step on examples/ci-project"
code=$(run_step "$step")
expect_holds "the check step exits $code on the project (want 0: one suppression, one baseline): $(head -n 3 "$tmp/step.err")" \
    '[ "$code" -eq 0 ]'
if [ -z "$py" ]; then
    echo "SKIP SARIF validation: no python3 with jsonschema (make setup installs python3-jsonschema)"
else
    summary=$(sarif_summary "$project/mapkit.sarif")
    echo "note: $summary"
    read -r valid results suppressed unchanged new bare <<< "$summary"
    expect_holds "mapkit.sarif is not valid SARIF 2.1.0: $summary" '[ "$valid" = valid ]'
    expect_holds "mapkit.sarif: want 1 suppressed result, got ${suppressed:-?}" '[ "${suppressed:-}" = 1 ]'
    expect_holds "mapkit.sarif: want 1 result unchanged from the baseline, got ${unchanged:-?}" '[ "${unchanged:-}" = 1 ]'
    expect_holds "mapkit.sarif: want no new result, got ${new:-?}" '[ "${new:-}" = 0 ]'
    expect_holds "mapkit.sarif: ${bare:-?} results without a fingerprint" '[ "${bare:-}" = 0 ]'
fi

echo "-- fingerprints survive moved lines; a new race fails the step"
cp "$project/kernels/block_sum.cu" "$tmp/block_sum.cu"
{ printf '// a comment\n\n'; cat "$tmp/block_sum.cu"; } > "$project/kernels/block_sum.cu"
code=$(run_step "$step")
expect_holds "the baselined race is new once lines move above it (exit $code)" '[ "$code" -eq 0 ]'
cat > "$project/kernels/stencil.cu" << 'EOF'
__global__ void stencil(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n)
        a[i] = a[i + 1];
}
EOF
(cd "$project" && git add kernels/stencil.cu)
code=$(run_step "$step")
expect_holds "a new race: the check step exits $code (want 1)" '[ "$code" -eq 1 ]'
if [ -n "$py" ]; then
    read -r valid results suppressed unchanged new bare <<< "$(sarif_summary "$project/mapkit.sarif")"
    expect_holds "a new race: want 1 new SARIF result, got ${new:-?}" '[ "$valid" = valid ] && [ "${new:-}" = 1 ]'
fi
code=$(run_step "$gitlab")
expect_holds "the GitLab script exits $code with the new race (want 1)" '[ "$code" -eq 1 ]'
(cd "$project" && git rm -qf --cached kernels/stencil.cu && rm kernels/stencil.cu)
code=$(run_step "$gitlab")
expect_holds "the GitLab script exits $code on the project (want 0)" '[ "$code" -eq 0 ] && [ -s "$project/mapkit.sarif" ]'

echo "-- the pre-commit hook"
printf '%s\n' "$hook" > "$project/.git/hooks/pre-commit"
chmod +x "$project/.git/hooks/pre-commit"
(cd "$project" && git add -A && git -c user.name=t -c user.email=t@t commit -qm ok > "$tmp/commit.out" 2>&1)
expect_holds "the hook refused a commit with no new race: $(tail -n 3 "$tmp/commit.out")" '[ $? -eq 0 ]'
cp "$tmp/block_sum.cu" "$project/kernels/racy_copy.cu"
sed -i 's/block_sum/racy_copy/' "$project/kernels/racy_copy.cu"
(cd "$project" && git add kernels/racy_copy.cu && git -c user.name=t -c user.email=t@t commit -qm racy > "$tmp/commit.out" 2>&1)
expect_holds "the hook let a new race be committed" '[ $? -ne 0 ] && grep -q "race" "$tmp/commit.out"'

