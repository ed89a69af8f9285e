/* Tokens of the .proto language (docs/language.md, "Lexical structure").
 *
 * Ownership: a Lexer borrows its Program (names are interned there), its
 * SrcFile and its Diag; it allocates nothing of its own. */
#ifndef MAPKIT_LEXER_H
#define MAPKIT_LEXER_H

#include "ast.h"

typedef struct Token {
    int kind; /* TK_* from the generated parser.h; 0 at end of input */
    Loc loc;
    uint64_t num;     /* TK_NUM */
    const char *name; /* TK_IDENT, interned */
} Token;

typedef struct Lexer {
    Program *prog;
    Diag *diag;
    const SrcFile *file;
    const char *cur, *lim, *tok, *marker, *line_start;
    bool bad_run; /* inside a run of invalid bytes: report it once */
    bool fatal;   /* a NUL byte or an unterminated comment ended the input */
} Lexer;

void lexer_init(Lexer *lx, Program *prog, const SrcFile *file, Diag *diag);
/* Scans the next token into *t and returns its kind.  Lexical errors are
 * reported and skipped; a NUL byte ends the input (binary file). */
int lexer_next(Lexer *lx, Token *t);
/* The keyword token the n bytes at s spell (sync, rd, opaque, ...), or 0. */
int lexer_keyword(const char *s, size_t n);
/* Printable description of a token kind for messages ("'{'", "identifier"). */
const char *token_describe(int kind);

#endif
