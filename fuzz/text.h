/* Protocols as text and back (docs/language.md Sec. 5, canonical form), for the fuzzer's edits (docs/fuzz.md):
 * every mutant and every shrinking step is printed canonically and parsed
 * again, so each candidate is a fresh, resolved Program and each edit works
 * on a scratch copy it may break freely.
 *
 * Ownership: a Parsed owns its SrcFile and Program (parsed_free);
 * canonical_text returns a malloc'd string. */
#ifndef MAPKIT_FUZZ_TEXT_H
#define MAPKIT_FUZZ_TEXT_H

#include "ast.h"

#include <stdio.h>

typedef struct Parsed {
    SrcFile *src;
    Program *prog; /* NULL when the text did not parse and resolve */
} Parsed;

/* Parses and resolves text (copied).  Errors go to `errors`, or nowhere
 * when it is NULL.  False, with both fields NULL, on failure. */
bool parsed_load(Parsed *p, const char *name, const char *text, FILE *errors);
void parsed_free(Parsed *p);

/* The canonical form (dsl/print.h) without the source's comments and
 * blank lines: what an edited tree prints as, whatever its locations. */
char *canonical_text(Program *p);

/* The printer's contract (dsl/print.h) on p: its canonical text parses to
 * an equal tree, and printing that again gives the same text.  On failure
 * *why (if not NULL) gets a static explanation. */
bool roundtrip_ok(Program *p, const char **why);

/* Statements in all kernels (every S_* node, nested ones included). */
int program_stmt_count(const Program *p);

#endif
