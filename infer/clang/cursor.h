/* libclang helpers of the front end ([CAV21 Sec. 5]: "It uses libclang
 * to parse the kernel"): children, names, types and calls of cursors
 * (cursor.c).  Nothing here knows the translation.
 *
 * Ownership: functions returning char * return malloc'd text; Children's
 * array is the caller's to free.  Cursors belong to the translation unit. */
#ifndef MAPKIT_INFER_CURSOR_H
#define MAPKIT_INFER_CURSOR_H

#include "infer.h"

#include <clang-c/Index.h>

typedef struct Children {
    CXCursor *c;
    int n;
} Children;
Children children_of(CXCursor c); /* caller frees .c */
int nchildren(CXCursor c);
CXCursor child_at(CXCursor c, int i); /* the i-th child, or a null cursor */
CXCursor last_expr_child(CXCursor c);  /* a cast's operand (a TypeRef may come first), or a null cursor */
CXCursor function_body(CXCursor fn);       /* its compound statement, or a null cursor */
CXCursor function_param(CXCursor fn, int i); /* its i-th parameter, or a null cursor */
bool function_has_body(CXCursor fn); /* a definition with its body (a compound statement) */
/* The definition of decl with its body, or of the template decl
 * specializes when decl has none; false when there is no body. */
bool defined_with_body(CXCursor decl, CXCursor *def, CXCursor *body);
/* The number of fn's parameters; *required: how many have no default. */
int count_params(CXCursor fn, int *required);
/* The declared type of parameter i of a function declaration, or an
 * invalid type (no prototype, variadic part, unresolved callee). */
CXType param_type(CXCursor decl, int i);
bool cursor_refers_to(CXCursor e, CXCursor decl); /* e names decl (through parentheses and casts) */
CXCursor strip_expr(CXCursor c); /* through parentheses and implicit casts */
bool is_expression_kind(enum CXCursorKind k); /* clang_isExpression, and __builtin_bit_cast */
bool is_file_scope(CXCursor decl); /* declared in a namespace or the translation unit */
/* Is decl inside a template's pattern (a function or class template, a
 * partial specialization)?  There clang computes no value that depends on
 * the template's parameters: such an enumerator's value reads as 0. */
bool in_template_pattern(CXCursor decl);
char *cursor_name(CXCursor c); /* malloc'd spelling */
char *cursor_usr(CXCursor c);  /* malloc'd USR ("" when none): a declaration's name across units */
char *decl_protocol_name(CXCursor decl); /* malloc'd: the generator's annotated name, else the spelling */
bool cursor_name_is(CXCursor c, const char *name);
/* One node of the tree, however it was reached (libclang's cursors of a
 * node reached by two walks may differ in what they carry): kind and extent. */
bool same_node(CXCursor a, CXCursor b);
bool type_is_integral(CXType t);
bool type_is_pointer(CXType t); /* a pointer or an array */
bool type_is_array(CXType t);
bool type_is_floating(CXType t);
bool type_is_unsigned(CXType t); /* bool or an unsigned integer: never negative */
bool is_reference_type(CXType t); /* T &, T && (through aliases) */
/* Could a callee reach memory through an argument of type t: a pointer,
 * a reference, a struct holding one, or a type clang could not resolve
 * (a missing header's, an error's)? */
bool type_reaches_memory(CXType t);
bool cursor_has_attr(CXCursor c, enum CXCursorKind attr);
CXCursor callee_decl(CXCursor call); /* the called function's declaration, or a null cursor */
char *callee_name(CXCursor call);    /* malloc'd, "" when unknown */
bool eval_int(CXCursor c, int64_t *out);
/* A type name the .proto language can carry (interned in p): one or more
 * words, none a protocol keyword; NULL for templates' dependent types and
 * anonymous structs. */
const char *elem_type_name(Program *p, CXType t);
bool name_in(const char *name, const char *const *list); /* list: NULL-terminated */
bool starts_with(const char *s, const char *prefix);
/* Calls each on every declaration at file or namespace scope, until it
 * returns false. */
typedef bool (*TopLevelVisitor)(CXCursor decl, void *data);
void visit_top_level(CXTranslationUnit tu, TopLevelVisitor each, void *data);
/* Does tree, or a call inside it, match? */
typedef bool (*CallMatch)(CXCursor call, void *data);
bool any_call(CXCursor tree, CallMatch match, void *data);

#endif
