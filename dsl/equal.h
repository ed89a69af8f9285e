/* Structural equality of protocols, ignoring source locations, types and
 * symbols: what "parse(print(ast)) equals ast" means, and what the
 * fixed-point harness compares.  Borrows everything. */
#ifndef MAPKIT_EQUAL_H
#define MAPKIT_EQUAL_H

#include "ast.h"

bool expr_equal(const Expr *a, const Expr *b);
bool block_equal(const Block *a, const Block *b);
bool kernel_equal(const Kernel *a, const Kernel *b);
bool program_equal(const Program *a, const Program *b);

#endif
