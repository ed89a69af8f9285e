/* `mapkit emulate` (docs/emulate.md): the kernel's own source compiled for
 * the CPU with a language shim (fuzz/emulate/shim_cuda.h) and mapkit's
 * runtime (fuzz/emulate/runtime.c), run for one launch, and what it
 * observed: races, barrier divergence, accesses out of bounds.
 *
 * Two stages, so that one compile serves many runs (the oracle, --confirm):
 * emu_build compiles a file once (cached by content under $TMPDIR), with a
 * driver that picks the kernel and launch from its argv; emu_run runs one
 * launch of one kernel and reads the result.  A new language adds a shim
 * and an EmuLang; the runtime and the result are shared.
 *
 * Ownership: an EmuProgram and an EmuResult are the caller's (emu_*_free);
 * strings in them are owned by them. */
#ifndef MAPKIT_EMULATE_H
#define MAPKIT_EMULATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { EMU_CUDA, EMU_OPENCL } EmuLang;

/* What the runs of one program learn of it (emulate_run.c): the source
 * sites of access pcs and the static symbols, asked of the symbolizer and
 * nm once for all its runs (a run per input, check --confirm's replays). */
typedef struct EmuKnown EmuKnown;
EmuKnown *emu_known_new(void);
void emu_known_free(EmuKnown *k);

typedef struct EmuProgram {
    char *exe;    /* the compiled program */
    char *source; /* the path its debug lines name */
    char *prepared; /* the prefix of the prepared source's path (its frames are the kernel's) */
    EmuKnown *known;
} EmuProgram;

/* Compiles path (text: its contents) with a driver for the kernels named;
 * NULL with *error (the compiler's message, malloc'd) when it does not
 * build.  params: per kernel, its parameters' names from the front end,
 * "a,b,n" (NULL, or a NULL entry: read from the text); spellings: per
 * kernel, the C++ expression naming it when it is a template's instance
 * (`k<float, 256>`: Kernel.cxx_name; NULL, or a NULL entry: its name);
 * include_dirs: -I of the file. */
EmuProgram *emu_build(const char *path, const char *text, size_t len, EmuLang lang, const char *const *kernels,
                      const char *const *spellings, const char *const *params, int nkernels, const char *const *include_dirs, int ninclude_dirs,
                      char **error);
void emu_program_free(EmuProgram *p);
/* "a,b,n": names joined for emu_build's params (malloc'd); NULL for none
 * (the text is then read). */
char *emu_param_list(const char *const *names, int n);
/* Is clang++-19 on PATH (what emu_build compiles with)?  Is program? */
bool emu_have_compiler(void);
bool emu_on_path(const char *program);

typedef struct EmuParam {
    const char *name;
    const char *value;
} EmuParam;

/* One thread: its linear id in the grid, its block and thread index. */
typedef struct EmuThread {
    unsigned id;
    unsigned block[3], thread[3];
} EmuThread;

typedef struct EmuLaunch {
    const char *kernel;
    unsigned block[3], grid[3];
    const EmuParam *params; /* -p NAME=VALUE */
    int nparams;
    const EmuParam *arrays; /* --array NAME=COUNT */
    int narrays;
    /* integer scalars that bound a counting loop: their default is small */
    const char *const *loop_bounds;
    int nloop_bounds;
    bool seeded;
    uint64_t seed;
    /* with a seed: signed scalars negative, signed elements of either sign */
    bool signed_values;
    unsigned timeout_ms; /* 0: the default, 20 s */
    /* host mode: the program's own main runs, with its buffers, values and
     * launches; the result keeps the launches of `kernel` (block and grid
     * are then ignored) */
    bool host;
    /* two writes of the same value in this execution are not counted */
    bool benign_writes;
    /* two threads whose races are reported even where another pair raced
     * at the same sites (check --confirm: a witness's threads) */
    bool watch;
    EmuThread watched[2];
} EmuLaunch;

/* A source position of an access or a barrier (line 0: unknown). */
typedef struct EmuSite {
    unsigned line, col;
} EmuSite;

/* An access's kind: runtime.h's MK_WRITE, MK_ATOMIC, MK_SCOPE_BLOCK bits. */
enum { EMU_WRITE = 1, EMU_ATOMIC = 2, EMU_SCOPE_BLOCK = 4 };

typedef struct EmuRace {
    char *object; /* the array: a parameter, a __shared__ or a global variable */
    size_t offset; /* the first byte both touch, from the object's start */
    bool shared;
    int kind1, kind2; /* EMU_WRITE | EMU_ATOMIC | EMU_SCOPE_BLOCK */
    EmuSite site1, site2;
    EmuThread t1, t2;
} EmuRace;

typedef struct EmuDivergence {
    char *why; /* runtime.c's word: exited, other-barrier, warp-exited, ... */
    EmuSite site1, site2;
    EmuThread t1, t2;
} EmuDivergence;

typedef struct EmuOob {
    EmuSite site;
    EmuThread t;
    unsigned bytes;
    bool write;
    /* an index past its array's declared bound (clang's array-bounds
     * check, before the access): the index; bytes and write are then 0 */
    bool bound;
    long long index;
} EmuOob;

typedef enum {
    EMU_DONE,        /* the launch ran to its end */
    EMU_LIMIT,       /* a limit was reached (time, steps, memory, threads) */
    EMU_CRASH,       /* the emulated program died (a signal) */
    EMU_NO_KERNEL,   /* the program has no such kernel (host mode: no main) */
    EMU_UNSUPPORTED, /* it reached a construct the shim does not emulate */
} EmuStatus;

typedef struct EmuResult {
    EmuStatus status;
    char *message; /* for EMU_LIMIT, EMU_CRASH, EMU_UNSUPPORTED */
    EmuRace *races;
    int nraces;
    EmuDivergence *divs;
    int ndivs;
    EmuOob *oobs;
    int noobs;
    char **notes; /* "buffer a: 1280 elements of 4 bytes", "n = 64 (default)" */
    int nnotes;
    /* host mode: how many launches of the kernel the program made, and the
     * first one's sizes */
    int nlaunches;
    unsigned block[3], grid[3];
} EmuResult;

EmuResult *emu_run(const EmuProgram *p, const EmuLaunch *l);
void emu_result_free(EmuResult *r);

#endif
