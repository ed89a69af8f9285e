/* Shared command-line options (DESIGN.md, "Command line"). */
#include "options.h"

#include "assume.h"
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool parse_dims(const char *text, int64_t d[3])
{
    return parse_dims_from(text, d, 1, 1);
}

bool parse_dims_from(const char *text, int64_t d[3], int64_t least, int64_t fill)
{
    d[0] = d[1] = d[2] = fill;
    const char *p = text;
    bool bracket = *p == '[';
    if (bracket)
        p++;
    for (int axis = 0; axis < 3; axis++) {
        while (*p == ' ')
            p++;
        if (!isdigit((unsigned char)*p))
            return false;
        errno = 0;
        char *end;
        long long v = strtoll(p, &end, 10);
        if (errno || v < least || v > (1LL << 31))
            return false;
        d[axis] = v;
        p = end;
        while (*p == ' ')
            p++;
        if (*p != ',')
            break;
        p++;
    }
    if (bracket && *p++ != ']')
        return false;
    return *p == '\0';
}

static bool parse_int(const char *text, int64_t *out)
{
    errno = 0;
    char *end;
    long long v = strtoll(text, &end, 0);
    if (errno || end == text || *end)
        return false;
    *out = v;
    return true;
}

static bool add_param(CliOptions *o, const char *text)
{
    const char *eq = strchr(text, '=');
    int64_t v;
    char name[LAUNCH_NAME_MAX];
    if (!eq || eq == text || (size_t)(eq - text) >= sizeof name || !parse_int(eq + 1, &v))
        return false;
    memcpy(name, text, (size_t)(eq - text));
    name[eq - text] = '\0';
    return launch_add_param(&o->launch, name, v, (LaunchOrigin){FROM_CLI, {0}});
}

/* The value of an option given as `--name=V`, `--name V` or `-x V`. */
static const char *option_value(int argc, char **argv, int *i, const char *arg, size_t namelen)
{
    if (arg[namelen] == '=')
        return arg + namelen + 1;
    if (arg[namelen] == '\0' && *i + 1 < argc)
        return argv[++*i];
    if (arg[0] == '-' && arg[1] != '-' && arg[2])
        return arg + 2; /* -b64 */
    return NULL;
}

static bool is_option(const char *arg, const char *long_name, const char *short_name)
{
    size_t n = strlen(long_name);
    if (strncmp(arg, long_name, n) == 0 && (arg[n] == '\0' || arg[n] == '='))
        return true;
    return short_name && strncmp(arg, short_name, 2) == 0;
}

/* A folder, or a path where one can be made (project_cache.c makes it). */
static bool cache_folder_usable(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0)
        return S_ISDIR(st.st_mode);
    char *parent = strdup(path), *slash = strrchr(parent, '/');
    if (slash)
        *(slash == parent ? slash + 1 : slash) = '\0';
    bool ok = stat(slash ? parent : ".", &st) == 0 && S_ISDIR(st.st_mode);
    free(parent);
    return ok;
}

static int usage_error(CliOptions *o, const char *what, const char *arg)
{
    cli_usage_error(o->cmd, "%s '%s'", what, arg);
    return EXIT_INPUT;
}

/* A size beyond CUDA's limits is checked as given, said once; one the
 * protocol's 32-bit positions cannot hold is an error.  -1 to go on. */
static int beyond_limits(CliOptions *o, const char *option, const char *value, const int64_t dims[3], bool block)
{
    if (!dims_representable(dims, block)) {
        cli_usage_error(o->cmd, "%s=%s: every size, and a block's threads, must be from 1 to 2147483647", option,
                        value);
        return EXIT_INPUT;
    }
    if (!dims_within_limits(dims, block))
        fprintf(stderr, "mapkit %s: warning: %s=%s is beyond CUDA's limits (%s); checked as given\n", o->cmd,
                option, value, cuda_launch_limits);
    return -1;
}

bool cli_parse_lang(const char *v, InputLang *out)
{
    static const struct {
        const char *name;
        InputLang lang;
    } langs[] = {{"cuda", LANG_CUDA}, {"proto", LANG_PROTO}, {"opencl", LANG_OPENCL}, {"ptx", LANG_PTX}};
    for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++)
        if (strcmp(v, langs[i].name) == 0) {
            *out = langs[i].lang;
            return true;
        }
    return false;
}

/* One option at argv[*i]; -1 to go on, or an exit code. */
static int one_option(int argc, char **argv, int *i, CliOptions *o, int extra)
{
    const char *a = argv[*i], *v;
#define VALUE(name) (v = option_value(argc, argv, i, a, strlen(a[1] == '-' ? name : "-x")))
    int64_t dims[3];
    if (is_option(a, "--blockDim", "-b")) {
        if (!VALUE("--blockDim") || !parse_dims(v, dims))
            return usage_error(o, "bad --blockDim (use 64, [16,16] or 16,16):", v ? v : a);
        int code = beyond_limits(o, "--blockDim", v, dims, true);
        if (code >= 0)
            return code;
        launch_set_dims(&o->launch, true, dims, LAUNCH_ALL_AXES, (LaunchOrigin){FROM_CLI, {0}});
    } else if (is_option(a, "--gridDim", "-g")) {
        if (!VALUE("--gridDim") || !parse_dims(v, dims))
            return usage_error(o, "bad --gridDim (use 64, [16,16] or 16,16):", v ? v : a);
        int code = beyond_limits(o, "--gridDim", v, dims, false);
        if (code >= 0)
            return code;
        launch_set_dims(&o->launch, false, dims, LAUNCH_ALL_AXES, (LaunchOrigin){FROM_CLI, {0}});
    } else if (is_option(a, "--lang", NULL)) {
        if (!VALUE("--lang") || !cli_parse_lang(v, &o->lang))
            return usage_error(o, "unknown language (cuda, opencl, ptx or proto):", v ? v : a);
    } else if (strncmp(a, "-p", 2) == 0) {
        if (!VALUE("-p") || !add_param(o, v))
            return usage_error(o, "bad -p (use -p NAME=VALUE, an integer, at most 32 of them):", v ? v : a);
    } else if (is_option(a, "--kernel", NULL)) {
        if (!VALUE("--kernel"))
            return usage_error(o, "missing value for", a);
        o->kernel = v;
    } else if (is_option(a, "--array", NULL)) {
        if (!VALUE("--array"))
            return usage_error(o, "missing value for", a);
        o->array = v;
    } else if (is_option(a, "--timeout-file", NULL)) {
        int64_t ms;
        if (!VALUE("--timeout-file") || !parse_int(v, &ms) || ms <= 0)
            return usage_error(o, "bad --timeout-file (milliseconds):", v ? v : a);
        o->timeout_file_ms = (long)ms;
    } else if (is_option(a, "--timeout", NULL)) {
        int64_t ms;
        if (!VALUE("--timeout") || !parse_int(v, &ms) || ms <= 0)
            return usage_error(o, "bad --timeout (milliseconds):", v ? v : a);
        o->timeout_ms = (long)ms;
    } else if (is_option(a, "--format", NULL)) {
        if (!VALUE("--format"))
            return usage_error(o, "missing value for", a);
        if (strcmp(v, "text") == 0)
            o->format = FORMAT_TEXT;
        else if (strcmp(v, "json") == 0)
            o->format = FORMAT_JSON;
        else if (strcmp(v, "sarif") == 0)
            o->format = FORMAT_SARIF;
        else
            return usage_error(o, "unknown format (text, json or sarif):", v);
    } else if (strncmp(a, "-I", 2) == 0 || strncmp(a, "-D", 2) == 0) {
        bool inc = a[1] == 'I';
        if (!VALUE("-I") || !*v)
            return usage_error(o, inc ? "missing directory after" : "missing macro after", a);
        if (inc)
            o->include_dirs[o->ninclude_dirs++] = v;
        else
            o->defines[o->ndefines++] = v;
    } else if (is_option(a, "--assume", NULL)) {
        const char *why = NULL;
        if (!VALUE("--assume"))
            return usage_error(o, "missing fact after", a);
        if (!assume_fact_valid(v, &why))
            return usage_error(o, why, v);
        o->assumed[o->nassumed++] = v;
    } else if (is_option(a, "--compdb", NULL)) {
        if (!VALUE("--compdb") || !*v)
            return usage_error(o, "missing build directory after", a);
        o->compdb = v;
    } else if (strcmp(a, "--no-host") == 0) {
        o->no_host = true;
    } else if ((extra & OPT_CONDITIONS) && strcmp(a, "--conditions") == 0) {
        o->conditions = true;
    } else if ((extra & OPT_VIA) && is_option(a, "--via", NULL)) {
        if (!VALUE("--via") || strcmp(v, "ptx") != 0)
            return usage_error(o, "unknown --via (the one way is --via=ptx):", v ? v : a);
        o->via_ptx = true;
    } else if ((extra & OPT_CONFIRM) && strcmp(a, "--confirm") == 0) {
        o->confirm = true;
    } else if ((extra & OPT_PROJECT) && is_option(a, "--cache", NULL)) {
        if (!VALUE("--cache") || !*v)
            return usage_error(o, "missing cache directory after", a);
        if (!cache_folder_usable(v)) /* else every store fails and the run says nothing */
            return usage_error(o, "--cache names something that is not a folder, and none can be made there:", v);
        o->cache = v;
    } else if ((extra & OPT_PROJECT) && is_option(a, "--shard", NULL)) {
        int k, n, used = 0;
        if (!VALUE("--shard") || sscanf(v, "%d/%d%n", &k, &n, &used) != 2 || v[used] || n < 1 || k < 1 || k > n)
            return usage_error(o, "bad --shard (use K/N, 1 <= K <= N):", v ? v : a);
        o->shard_k = k;
        o->shard_n = n;
    } else if ((extra & OPT_PROJECT) && strncmp(a, "-j", 2) == 0) {
        int64_t j;
        if (!VALUE("-j") || !parse_int(v, &j) || j < 1 || j > 256)
            return usage_error(o, "bad -j (1 to 256 processes):", v ? v : a);
        o->jobs = (int)j;
    } else if (strcmp(a, "--all") == 0) {
        o->all = true;
    } else if (strcmp(a, "--strict-writes") == 0) {
        o->strict_writes = true;
    } else if (strcmp(a, "--only-intra-group") == 0) {
        o->only_intra_group = true;
    } else if (is_option(a, "--baseline", NULL)) {
        if (!VALUE("--baseline") || !*v)
            return usage_error(o, "missing report after", a);
        o->baseline = v;
    } else if (strcmp(a, "--explain") == 0) {
        o->explain = true;
    } else if ((extra & OPT_RUN) && is_option(a, "--values", NULL)) {
        if (!VALUE("--values") || !parse_int(v, &o->values) || o->values < 1 || o->values > 1000)
            return usage_error(o, "bad --values (1 to 1000):", v ? v : a);
    } else if ((extra & OPT_RUN) && is_option(a, "--max-steps", NULL)) {
        if (!VALUE("--max-steps") || !parse_int(v, &o->max_steps) || o->max_steps < 1)
            return usage_error(o, "bad --max-steps:", v ? v : a);
    } else if ((extra & OPT_ENGINE) && is_option(a, "--engine", NULL)) {
        if (!VALUE("--engine") || !check_engine_named(v, &o->engine))
            return usage_error(o, "unknown engine (interval or align):", v ? v : a);
    } else {
        return usage_error(o, "unknown option", a);
    }
#undef VALUE
    return -1;
}

/* The option's name as a command's help would write it: `--name` of
 * `--name=V`, `-b` of `-b64`. */
static void option_name(const char *arg, char *name, size_t size)
{
    size_t n = arg[1] == '-' ? strcspn(arg, "=") : 2;
    if (n >= size)
        n = size - 1;
    memcpy(name, arg, n);
    name[n] = '\0';
}

static bool part_of_option_name(char c)
{
    return isalnum((unsigned char)c) || c == '-' || c == '_';
}

/* Whether the command's help names the option: the help is the one list
 * of what a command takes, so an option the shared parser knows but the
 * command never reads (gen --baseline) is refused rather than ignored. */
static bool help_names(const char *usage, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(usage, name); p; p = strstr(p + 1, name))
        if ((p == usage || !part_of_option_name(p[-1])) && !part_of_option_name(p[n]))
            return true;
    return false;
}

/* The option's other spelling, which a help may name instead. */
static const char *option_alias(const char *name)
{
    static const char *const pairs[][2] = {{"--blockDim", "-b"}, {"--gridDim", "-g"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        for (int j = 0; j < 2; j++)
            if (strcmp(name, pairs[i][j]) == 0)
                return pairs[i][1 - j];
    return NULL;
}

static bool help_names_option(const char *usage, const char *name)
{
    const char *alias = option_alias(name);
    return help_names(usage, name) || (alias && help_names(usage, alias));
}

int cli_parse_options(int argc, char **argv, CliOptions *o, const char *usage, int extra)
{
    memset(o, 0, sizeof *o);
    o->cmd = argv[0];
    launch_init(&o->launch);
    RunOptions defaults;
    run_options_default(&defaults);
    o->values = defaults.values;
    o->max_steps = defaults.max_steps;
    o->files = xcalloc((size_t)argc + 1, sizeof *o->files);
    o->include_dirs = xcalloc((size_t)argc + 1, sizeof *o->include_dirs);
    o->assumed = xcalloc((size_t)argc + 1, sizeof *o->assumed);
    o->defines = xcalloc((size_t)argc + 1, sizeof *o->defines);
    bool only_files = false;
    char name[64];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int code;
        if (only_files || a[0] != '-' || a[1] == '\0') {
            o->files[o->nfiles++] = a;
        } else if (strcmp(a, "--") == 0) {
            only_files = true;
        } else if (cli_common_flag(a, usage, &code)) {
            return code;
        } else if (!help_names_option(usage, (option_name(a, name, sizeof name), name))) {
            cli_usage_error(o->cmd, "unknown option '%s' (this command does not take %s)", a, name);
            return EXIT_INPUT;
        } else if ((code = one_option(argc, argv, &i, o, extra)) >= 0) {
            return code;
        }
    }
    if (o->nfiles == 0 && !(o->compdb && strcmp(o->cmd, "check") == 0)) { /* check --compdb DIR: a project */
        cli_usage_error(o->cmd, "no input file");
        return EXIT_INPUT;
    }
    return -1;
}

void cli_options_free(CliOptions *o)
{
    free(o->files);
    free(o->include_dirs);
    free(o->assumed);
    free(o->defines);
    memset(o, 0, sizeof *o);
}

void run_options_from_cli(const CliOptions *c, const Launch *launch, RunOptions *o)
{
    run_options_default(o);
    o->launch = *launch;
    o->values = c->values;
    o->max_steps = c->max_steps;
    o->all = c->all;
    o->only_intra_group = c->only_intra_group;
    o->strict_writes = c->strict_writes;
}

void check_config_from_cli(const CliOptions *c, const Launch *launch, CheckConfig *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->launch = *launch;
    cfg->timeout_ms = c->timeout_ms > 0 ? (unsigned)c->timeout_ms : 0;
    cfg->all = c->all;
    cfg->only_intra_group = c->only_intra_group;
    cfg->strict_writes = c->strict_writes;
    cfg->array = c->array;
}
