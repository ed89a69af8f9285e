/* Small edits of a protocol's tree ([CAV21 Fig. 2] syntax), numbered so a caller can try them one
 * by one: the shrinker's moves (docs/fuzz.md, delta debugging over the
 * AST) and [SKBG]'s mutation (Sec. 6, error types 1-3: delete a barrier).
 *
 * Edits of one kind are numbered 0..edit_count-1 in pre-order.  An edit
 * changes the tree in place and may leave it unresolvable (a name whose
 * declaration went away): callers print it (text.h) and parse it again,
 * which rejects such candidates.  So apply edits to a scratch copy.
 *
 * Ownership: new nodes go into the Program's arena; nothing is freed. */
#ifndef MAPKIT_FUZZ_EDIT_H
#define MAPKIT_FUZZ_EDIT_H

#include "ast.h"

typedef enum {
    EDIT_DROP_KERNEL,   /* a whole kernel, when there are several */
    EDIT_DROP_HALF,     /* the first or the second half of a block */
    EDIT_DROP_STMT,     /* one statement, with what it contains */
    EDIT_UNWRAP_IF,     /* an if by its then branch, or by its else branch */
    EDIT_DROP_ELSE,     /* an if's else branch */
    EDIT_UNWRAP_LOOP,   /* a loop by `let x = start;` and its body */
    EDIT_SIMPLIFY_EXPR, /* a subexpression by one of its operands, by 0 or by 1 */
    EDIT_DROP_DECL,     /* an array or scalar declaration */
    EDIT_DROP_SYNC,     /* one `sync;` (mutation, not a shrinking move) */
    EDIT_KINDS
} EditKind;

int edit_count(Program *p, EditKind kind);
/* Applies edit n of this kind; false when there is none.  *where (if not
 * NULL) gets the location of the statement or expression edited. */
bool edit_apply(Program *p, EditKind kind, int n, Loc *where);
const char *edit_name(EditKind kind);

#endif
