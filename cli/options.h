/* The options that `check`, `run` and the other subcommands share
 * (DESIGN.md, "Options shared by the subcommands").
 * Ownership: CliOptions points into argv; its arrays are malloc'd and
 * released by cli_options_free. */
#ifndef MAPKIT_OPTIONS_H
#define MAPKIT_OPTIONS_H

#include "check.h"
#include "encode.h"
#include "interp.h"

typedef enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_SARIF } Format;

/* What an input file is read as: by its extension, or --lang. */
typedef enum { LANG_BY_EXTENSION, LANG_CUDA, LANG_PROTO, LANG_OPENCL, LANG_PTX } InputLang;

typedef struct CliOptions {
    const char *cmd;
    /* -b, -g and -p (FROM_CLI); load_input completes a file's copy from
     * its GPUVerify header (FROM_GV_HEADER) */
    Launch launch;
    const char *kernel; /* --kernel NAME */
    const char *array;  /* --array NAME */
    long timeout_ms;
    long timeout_file_ms; /* --timeout-file: a whole file's limit (0: none) */
    Format format;
    int64_t values, max_steps;
    bool all;
    bool only_intra_group; /* GPUVerify's --only-intra-group: no races between blocks */
    bool strict_writes;    /* two writes of one value to a cell are a race too */
    CheckEngine engine;
    InputLang lang; /* --lang; LANG_BY_EXTENSION when not given */
    bool via_ptx;   /* --via=ptx: a CUDA file is read from the PTX nvcc makes of it */
    const char **files;
    int nfiles;
    const char **include_dirs; /* -I DIR, for .cu inputs */
    int ninclude_dirs;
    const char **defines; /* -D MACRO[=V], for .cu inputs */
    int ndefines;
    const char **assumed; /* --assume FACT: facts about arrays' contents (assume.h) */
    int nassumed;
    const char *baseline; /* --baseline OLD.json: only new alarms fail (findings.h) */
    bool explain;         /* --explain: each thread's path to the racing access */
    bool no_host;       /* --no-host: no launches read from the host code */
    const char *compdb; /* --compdb DIR: compile_commands.json's flags */
    bool conditions;    /* check --conditions */
    bool confirm;       /* check --confirm: replay each alarm by emulation (docs/emulate.md) */
    /* projects (docs/projects.md) */
    const char *cache; /* --cache DIR: unchanged units' results reused */
    int shard_k, shard_n; /* --shard K/N: only the K-th of N parts of the kernels (1/1: all) */
    int jobs;             /* -j N: units indexed and checked by N processes at once */
    /* set per file by the driver, not an option: when libclang's parse is
     * given up (CLOCK_MONOTONIC ms; 0: never) */
    double parse_deadline_ms;
    long default_timeout_ms; /* the command's --timeout when none is given (0: none) */
} CliOptions;

/* --lang's word (cuda, opencl, proto) as its language; false for another. */
bool cli_parse_lang(const char *v, InputLang *out);

/* Flags a subcommand accepts beyond the shared ones. */
enum {
    OPT_RUN = 1,    /* --values, --max-steps */
    OPT_ENGINE = 2, /* --engine */
    OPT_CONDITIONS = 4, /* --conditions */
    OPT_CONFIRM = 8,    /* --confirm */
    OPT_PROJECT = 16,   /* --cache, --shard, -j */
    OPT_VIA = 32,       /* --via=ptx */
};

/* Parses argv (argv[0] is the subcommand).  Returns -1 when the command
 * should go on, else the exit code (after --help, --version or a usage
 * error, which it reports). */
int cli_parse_options(int argc, char **argv, CliOptions *o, const char *usage, int extra);
void cli_options_free(CliOptions *o);
/* "64", "[16,16]", "[32,1,1]" or "16,16" into d[3] (missing axes are 1). */
bool parse_dims(const char *text, int64_t d[3]);
/* The same with values from `least` up, and `fill` on the axes not given
 * (OpenCL's global offsets: 0 and 0). */
bool parse_dims_from(const char *text, int64_t d[3], int64_t least, int64_t fill);
/* The one place that builds the engines' configurations from the
 * options: launch is the kernel's (the options' own, or a host site's
 * under them); timeout_ms as given, 0 when not (check.h's default). */
void run_options_from_cli(const CliOptions *c, const Launch *launch, RunOptions *o);
void check_config_from_cli(const CliOptions *c, const Launch *launch, CheckConfig *cfg);

#endif
