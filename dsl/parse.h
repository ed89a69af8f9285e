/* Front door of the .proto language: text -> resolved Program.
 *
 * Ownership: the returned Program is the caller's (program_free); it
 * borrows the SrcFile, which must outlive it. */
#ifndef MAPKIT_PARSE_H
#define MAPKIT_PARSE_H

#include "ast.h"

/* Lexes and parses; reports every syntax error it can recover from.
 * Returns NULL when any error was reported. */
Program *parse_program(const SrcFile *file, Diag *diag);

/* Name resolution and the static checks of docs/language.md ("Static
 * rules"): binds every E_VAR to its Sym, types expressions, fixes the
 * dimensions of Faial-style arrays.  Returns false on error. */
bool resolve_program(Program *p, Diag *diag);

/* How deep the parser's stack may grow (default 2000 entries, what the
 * recursive passes after it can walk on the main thread's stack); a
 * caller that runs on a larger stack allows more. */
void parse_allow_depth(int entries);

/* parse_program + resolve_program. */
Program *load_program(const SrcFile *file, Diag *diag);

#endif
