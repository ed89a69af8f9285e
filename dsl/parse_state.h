/* What the lemon grammar's actions share with parse.c, which builds the AST
 * for them ([CAV21 Appendix A] syntax plus the native extensions).
 * Internal to dsl/.  Everything allocated lands in ps->prog's arena. */
#ifndef MAPKIT_PARSE_STATE_H
#define MAPKIT_PARSE_STATE_H

#include "ast.h"
#include "lexer.h"

typedef struct ExprList {
    Expr **items;
    int n;
} ExprList;

/* `bytes(o, w)` after an array's name: a byte access. */
typedef struct ByteRange {
    Token word; /* must be `bytes` */
    Expr *off, *width;
    Token close;
} ByteRange;

typedef struct LoopInit {
    Token var;
    Expr *value;
    bool typed; /* `for (int i = ...)` declares i; `for (i = ...)` assigns it */
} LoopInit;

typedef struct LoopUpdate {
    Token var;
    StepOp op;
    Expr *amount;   /* NULL: 1 (x++ / x--) */
    Expr *bad_form; /* `x = e` where e is not `x OP s` */
} LoopUpdate;

typedef struct ParseState {
    Program *prog;
    Diag *diag;
    Token last;        /* the token being fed, for errors at overflow */
    Token prev;        /* the one before it: "expected ';'" goes after it */
    Loc *braces;       /* the '{' still open, to say which one EOF left open (malloc'd) */
    int nbraces, capbraces;
    int braces_at_error;
    Kernel *open;      /* the `kernel { }` being parsed, if any */
    Kernel *implicit;  /* the kernel of top-level items, if any */
    bool saw_kernel_block;
    bool mixing_reported;
    bool too_deep;     /* the parser stack overflowed: stop */
    bool deep_expr_reported;
    bool failed;
    /* a declaration being assembled */
    Token words[8];
    int nwords;
    bool words_overflow;
    ExprList dims;
    bool has_dims;
    Expr *width; /* `bytes(12)` after the dimensions */
    uint8_t fact; /* `nondecreasing(n)` after the dimensions (ArrayFact) */
    Expr *fact_len;
    Loc fact_loc;
    ArrayDecl *pending_arrays;
    int npending_arrays;
    const char *last_type;
    VarDecl *pending_vars;
    int npending_vars;
    VarScope last_scope;
} ParseState;

void parse_syntax_error(ParseState *ps, const Token *t, bool semi_would_fit);
void parse_too_deep(ParseState *ps);
bool parse_recovered(ParseState *ps);

void parse_open_kernel(ParseState *ps, const Token *name);
void parse_close_kernel(ParseState *ps, const Token *rbrace);
void parse_add_stmt(ParseState *ps, Stmt *s);

void parse_array_word(ParseState *ps, const Token *w);
void parse_array_dim(ParseState *ps, Expr *size, const Token *bracket);
void parse_end_array(ParseState *ps);
/* `shared KV kv[64] bytes(12);`: the element's width, stated. */
void parse_array_width(ParseState *ps, const Token *word, Expr *width);
/* A word after the dimensions, with its argument (NULL: none): `bytes(N)`,
 * or a fact about the contents, `nondecreasing(len)`, `injective(len)`. */
void parse_array_attr(ParseState *ps, const Token *word, Expr *arg);
/* `shared Tile t bytes(132);`: the last word read is `bytes`, not the name. */
void parse_scalar_width(ParseState *ps, Expr *width);
/* Makes the access s (built with no index) a byte access of range r. */
Stmt *parse_bytes(ParseState *ps, Stmt *s, const ByteRange *r);
void parse_add_arrays(ParseState *ps, MemSpace mem, const Token *kw);
void parse_add_var(ParseState *ps, VarScope scope, bool explicit_scope, const Token *name);
void parse_add_vars(ParseState *ps, Expr *where);

void exprlist_push(ParseState *ps, ExprList *l, Expr *e);
ExprList exprlist_concat(ParseState *ps, ExprList a, ExprList b);

Stmt *parse_access(ParseState *ps, const Token *mode, const Token *array, const ExprList *index, Expr *value,
                   const Token *end);
Stmt *parse_if(ParseState *ps, const Token *kw, Expr *cond, Block then, const Block *els);
Stmt *parse_foreach(ParseState *ps, const Token *kw, const Token *var, Expr *lo, Expr *hi,
                    Expr *step, const Token *rparen, Block body);
Stmt *parse_for(ParseState *ps, const Token *kw, const LoopInit *init, Expr *cond,
                const LoopUpdate *update, const Token *rparen, Block body);
void parse_loop_type(ParseState *ps, const Token *type);
Stmt *parse_sync_scope(ParseState *ps, const Token *kw, const Token *scope, const Token *end);
/* dsl/tile.c: `sync tile(N);` and `local x uniform warp|block|tile(N);` */
Stmt *parse_sync_tile(ParseState *ps, const Token *kw, const Token *scope, Expr *size, const Token *end);
Stmt *parse_local_uniform(ParseState *ps, const Token *kw, const Token *var, const Token *scope, Expr *size,
                          const Token *end);
bool parse_tile_group(ParseState *ps, Stmt *s, const Token *scope, Expr *size);
/* dsl/fence.c: `sync local;` and `sync global;` (the words are keywords) */
Stmt *parse_sync_fence(ParseState *ps, const Token *kw, unsigned unordered, const Token *end);
/* `sync shared;`: an error that names the word, `sync local;` */
Stmt *parse_sync_shared(ParseState *ps, const Token *kw, const Token *word, const Token *end);
LoopUpdate loop_step(const Token *var, StepOp op, Expr *amount);
LoopUpdate parse_loop_assign(ParseState *ps, const Token *var, Expr *value);
Stmt *parse_let(ParseState *ps, const Token *kw, const Token *var, Expr *value, const Token *end);
Stmt *parse_local(ParseState *ps, const Token *kw, const Token *var, const Token *end);
/* `local x uniform block;` (or grid) */
Stmt *parse_group_local(ParseState *ps, const Token *kw, const Token *var, const Token *group, const Token *end);
/* `local x = rd A[i];` */
Stmt *parse_read_into(ParseState *ps, const Token *kw, const Token *var, const Token *mode, const Token *array,
                      const ExprList *index, const Token *end);
/* `local x = sync;` and `local x = sync grid;` (scope NULL: the block) */
Stmt *parse_sync_into(ParseState *ps, const Token *kw, const Token *var, const Token *scope, const Token *end);
Stmt *parse_assume(ParseState *ps, const Loc *kw, Expr *cond, const Loc *end);
/* parse_atomic.c: `atomic block A[i];`, `atomic load block acq_rel A[i];`
 * and `local t = ticket [scope] [order] (c[i], k);`: the words (NULL when
 * absent; words[0] is not) are `load` (not in a ticket), a scope and a
 * memory order, in any order */
Stmt *parse_scoped_access(ParseState *ps, const Token *mode, const Token *const words[3], const Token *array,
                          const ExprList *index, const Token *end);
Stmt *parse_ticket(ParseState *ps, const Token *kw, const Token *var, const Token *word, const Token *w1,
                   const Token *w2, const Token *counter, const ExprList *index, Expr *amount, const Token *end);

Expr *parse_bin(ParseState *ps, Op op, Expr *a, Expr *b);
Expr *parse_unary(ParseState *ps, const Token *kw, Op op, Expr *a);
Expr *parse_cond(ParseState *ps, Expr *c, Expr *a, Expr *b);
Expr *parse_minmax(ParseState *ps, const Token *kw, Op op, Expr *a, Expr *b, const Token *rparen);
Expr *parse_conversion(ParseState *ps, const Token *name, Expr *a, const Token *rparen);
Expr *parse_thread_var(ParseState *ps, const Token *num, const Token *name);
Expr *parse_distinct(ParseState *ps, const Token *kw, const ExprList *vars);

#endif
