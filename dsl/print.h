/* The canonical printer: parse(print(ast)) equals ast up to locations, and
 * print(parse(print(ast))) == print(ast).  Comments and single blank
 * lines of the source are kept (docs/language.md, "Canonical form").
 * Ownership: borrows everything; writes only to `out`. */
#ifndef MAPKIT_PRINT_H
#define MAPKIT_PRINT_H

#include "ast.h"

#include <stdio.h>

void print_program(FILE *out, const Program *p);
/* Minimal parentheses that keep the tree: re-parsing gives the same tree. */
void print_expr(FILE *out, const Expr *e);
/* print_expr into a malloc'd string (caller frees). */
char *expr_to_string(const Expr *e);

#endif
