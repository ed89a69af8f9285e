/* Tokens of PTX (docs/ptx.md, "Reading PTX"; [PTX-ISA "Syntax"]).
 * Internal to infer/ptx/.
 *
 * Ownership: a PtxLexer borrows its SrcFile, Diag, Arena and module (the
 * skipped debug sections are recorded there); it allocates nothing but
 * those records, in the arena. */
#ifndef MAPKIT_PTX_LEXER_H
#define MAPKIT_PTX_LEXER_H

#include "ptx.h"

typedef struct PtxToken {
    int kind;      /* PTK_* of the generated ptx_parser.h; 0 at the end */
    Loc loc;
    uint64_t num;  /* NUM: the magnitude; FLOAT: the bits (HEX forms);
                      LINK, SPACE, PERF: which (PTX_LINK_*, PtxSpace, PtxPerfKind) */
    uint8_t radix; /* NUM */
    bool usuffix;  /* NUM: 'U' */
    PtxFloatForm form; /* FLOAT */
    double value;  /* FLOAT */
} PtxToken;

typedef struct PtxLexer {
    const SrcFile *file;
    Diag *diag;
    Arena *arena;
    PtxModule *m;
    const char *cur, *lim, *tok, *marker;
    bool fatal; /* an error ended the input */
} PtxLexer;

void ptx_lexer_init(PtxLexer *lx, const SrcFile *file, Diag *diag, Arena *arena, PtxModule *m);
/* Scans the next token into *t and returns its kind.  A lexical error is
 * reported and ends the input (kind 0, lx->fatal set). */
int ptx_lex(PtxLexer *lx, PtxToken *t);

#endif
