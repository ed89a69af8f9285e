/* The files `mapkit fuzz` writes, [VST Table 1] CUDA included (docs/fuzz.md; docs/fuzz.md): per case
 * NAME.proto and NAME.cu ([VST]'s Proto-to-CUDA with GPUVerify's
 * header), and JSON lines in manifest.jsonl, disagreements.jsonl and
 * undecided.jsonl.
 *
 * Ownership: borrows everything; an Emitter owns its open files
 * (emitter_close). */
#ifndef MAPKIT_FUZZ_EMIT_H
#define MAPKIT_FUZZ_EMIT_H

#include "ast.h"
#include "feature_set.h"
#include "gen.h"
#include "oracle.h"

#include <stdio.h>

typedef struct Emitter {
    const char *dir;
    FILE *manifest, *disagreements, *undecided;
    GenStyle style;          /* how write_cuda writes (gen --style) */
    bool templates, helpers; /* gen --templates, --helpers */
} Emitter;

/* The JSON line files, in the order of FILE_NAMES. */
enum { LINE_FILES = 3 };
extern const char *const line_file_names[LINE_FILES]; /* manifest.jsonl, ... */

/* Creates dir/disagreements and dir/undecided in dir, which the run has
 * claimed (fuzz/outdir.h), and opens the JSON line files,
 * truncating them; `part` (NULL: none) is appended to their names, so
 * that parallel workers write their own (merge_line_files joins them).
 * False after reporting why on stderr. */
bool emitter_open(Emitter *e, const char *dir, bool corpus, const char *part);
/* Closes the JSON line files; false after reporting a failed write (a
 * full disk) on stderr: the corpus is then incomplete. */
bool emitter_close(Emitter *e);

/* Joins the part files ".0" ... of each JSON line file into it, ordered by
 * the lines' "index" (each worker wrote its protocols in order), and
 * removes them.  False after reporting why on stderr. */
bool merge_line_files(const char *dir, int parts, bool corpus);

/* "-b 8,2 -g 1 -p n=2 --values 4": the options that reproduce the launch
 * with `mapkit run` (check takes the same minus --values). */
void launch_args(const RandLaunch *l, char *buf, size_t size);

/* Comment lines write_proto puts before the canonical text. */
enum { PROTO_HEADER_LINES = 3 };

/* Writes DIR/NAME.proto: `// HEAD` (e.g. "verdict: drf"), `// args: ...`
 * and `// PROVENANCE` lines, then the canonical text.  NAME may start
 * with "disagreements/" or "undecided/". */
bool write_proto(const Emitter *e, const char *name, const char *head, const RandLaunch *l,
                 const char *provenance, const char *canon);
/* Writes DIR/NAME.cu (opencl: DIR/NAME.cl) through codegen/ with
 * GPUVerify's two header lines. */
bool write_cuda(const Emitter *e, const char *name, Program *p, const Label *label, const RandLaunch *l,
                bool opencl);
/* The CUDA (opencl: OpenCL) of a case at its launch, with GPUVerify's
 * header saying gv (malloc'd; NULL when generation fails). */
char *case_code(Program *p, const RandLaunch *l, const char *source_name, GvLabel gv, bool opencl);
/* The same with gen --main's host program and extern functions. */
char *case_main_code(Program *p, const RandLaunch *l, const char *source_name, bool opencl);

/* Writes any text to DIR/REL (REL may name the disagreements/ folder). */
bool write_text(const Emitter *e, const char *rel, const char *text);

/* snprintf for names and comments, where a cut is harmless. */
void format_cut(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* JSON helpers for the line files. */

void json_launch(FILE *f, const RandLaunch *l);
void json_features(FILE *f, const FeatureSet *fs);
void json_kernels(FILE *f, const Label *l);
void json_oracles(FILE *f, const KernelLabel *k);

#endif
