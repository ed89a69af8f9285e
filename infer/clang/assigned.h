/* The variables a piece of code assigns (assigned.c).
 *
 * Ownership: a Decls holds malloc'd lists, freed by decls_free; the
 * cursors belong to the translation unit. */
#ifndef MAPKIT_INFER_ASSIGNED_H
#define MAPKIT_INFER_ASSIGNED_H

#include "cursor.h"

typedef struct Decls {
    CXCursor *c;
    int n, cap;
    CXCursor *retargeted; /* pointers given a new target, not only moved (p = q, not p += k) */
    int nretargeted, capretargeted;
    CXCursor target; /* decl_assigned_in: stop at this one */
    bool found;
    /* objects a call may change (`v.set(s)`, `f(v)` taking `T &`): their
     * members are no longer followed across the loop (local_fields.c) */
    CXCursor *called;
    int ncalled, capcalled;
    int depth; /* how many callees deep the search is (assigned.c) */
} Decls;

/* Every variable assigned in `tree`, itself included. */
Decls assigned_in(CXCursor tree);
void decls_free(Decls *d);
bool decl_assigned_in(CXCursor tree, CXCursor decl);
bool decls_has(const Decls *d, CXCursor decl);
void decls_add_all(Decls *d, const Decls *other);
bool decls_called(const Decls *d, CXCursor decl);   /* a call may change its members */
bool decls_retargets(const Decls *d, CXCursor decl); /* a pointer given a new target */
bool declared_within(CXCursor decl, CXCursor scope); /* decl's place lies in scope's extent */
/* Does def, a lambda's call operator, capture var by reference (`[&]`,
 * `[&var]`, `[=, &var]`)?  False for a copy, and for any other function. */
bool captured_by_reference(CXTranslationUnit tu, CXCursor def, CXCursor var);
/* Is decl assigned (or handed to a call that may change it) anywhere in
 * tree after point ends, in source order?  A loop around point is taken
 * in whole only when it starts after point: a change in a loop that also
 * holds point counts only when it comes after point. */
bool decl_changed_after(CXCursor tree, CXCursor decl, CXCursor point);
/* Is decl named anywhere in tree after point ends, in source order? */
bool decl_named_after(CXCursor tree, CXCursor decl, CXCursor point);
/* Is every use of decl in tree a read for its value, `++`, or an addition
 * of a constant >= 0 (`x += 2`, `x = x + 1`)?  Its address taken, a
 * reference bound to it, a call given it by reference, or any other change
 * is no.  Each is seen wherever in tree it is, a lambda's body included. */
bool decl_only_grows(CXCursor tree, CXCursor decl);

#endif
