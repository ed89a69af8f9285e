/* The lemon grammar of the .proto language: Faial's v1 syntax ([CAV21],
 * Appendix A) and the native extensions are alternatives of one grammar.
 * docs/language.md gives the same grammar in EBNF. */

%name ProtoParse
%token_prefix TK_
%token_type {Token}
%extra_argument {ParseState *ps}
%stack_size 0
%start_symbol program

%include {
#include "parse_state.h"
#include "fence.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static bool token_acceptable(const void *parser, int token);
int proto_parse_depth(const void *parser);
}

%syntax_error {
    (void)yymajor;
    parse_syntax_error(ps, &yyminor, token_acceptable(yypParser, TK_SEMI));
}

%stack_overflow { /* the stack grows with memory (stack_size 0): only a failed realloc */
    parse_too_deep(ps);
}

%parse_failure {
    ps->failed = true;
}

/* Tokens that only the lexer produces, listed so their codes exist. */
%token IDENT NUM.

%nonassoc THEN.
%nonassoc ELSE.
%right QUESTION COLON.
%left OROR.
%left ANDAND.
%left BOR.
%left BXOR.
%left BAND.
%nonassoc EQ NE.
%nonassoc LT LE GT GE.
%left SHL SHR.
%left PLUS MINUS.
%left STAR SLASH PERCENT.
%right BANG TILDE UMINUS.

/* ---- file structure ---- */

program ::= items.

items ::= .
items ::= items item.

item ::= kitem.
item ::= kernel_head kitems RBRACE(R). { parse_close_kernel(ps, &R); }

kernel_head ::= KERNEL IDENT(N) LBRACE. { parse_open_kernel(ps, &N); }

kitems ::= .
kitems ::= kitems kitem.

kitem ::= decl.
kitem ::= stmt(S). { if (S) parse_add_stmt(ps, S); }

/* ---- declarations ---- */

decl ::= SHARED(K) array_decls comma_opt SEMI. { parse_add_arrays(ps, MEM_SHARED, &K); }
decl ::= GLOBAL(K) array_decls comma_opt SEMI. { parse_add_arrays(ps, MEM_GLOBAL, &K); }
decl ::= CONST var_items comma_opt where_opt(W) SEMI. { parse_add_vars(ps, W); }
decl ::= UNIFORM(K) uniform_items comma_opt where_opt(W) SEMI. { (void)K; parse_add_vars(ps, W); }

comma_opt ::= .
comma_opt ::= COMMA.

%type where_opt {Expr *}
where_opt(W) ::= . { W = NULL; }
where_opt(W) ::= WHERE expr(E). { W = E; }

array_decls ::= array_decl.
array_decls ::= array_decls COMMA array_decl.

/* `float tile[16][16]`: the last word is the name, the words before it the
 * element type; `A` alone is Faial's untyped, undimensioned array. */
array_decl ::= type_words. { parse_end_array(ps); }
array_decl ::= type_words dims. { parse_end_array(ps); }
/* `shared KV kv[64] bytes(12);`: the width of an element whose type the
 * table of widths does not know (dsl/width.c) */
array_decl ::= type_words dims array_attrs. { parse_end_array(ps); }
/* `global int row[] nondecreasing(n + 1);`: a fact about the contents
 * (docs/language.md 3.10); `bytes(12)` and a fact may both be given */
array_attrs ::= array_attr.
array_attrs ::= array_attrs array_attr.
array_attr ::= IDENT(B) LPAREN expr(W) RPAREN. { parse_array_attr(ps, &B, W); }
array_attr ::= IDENT(B). { parse_array_attr(ps, &B, NULL); }
/* `shared Tile t bytes(132);`: a struct variable's width, after its name */
array_decl ::= type_words LPAREN expr(W) RPAREN. { parse_scalar_width(ps, W); parse_end_array(ps); }

type_words ::= IDENT(W). { parse_array_word(ps, &W); }
type_words ::= type_words IDENT(W). { parse_array_word(ps, &W); }

dims ::= LBRACKET(L) RBRACKET. { parse_array_dim(ps, NULL, &L); }
dims ::= LBRACKET(L) expr(E) RBRACKET. { parse_array_dim(ps, E, &L); }
dims ::= dims LBRACKET(L) RBRACKET. { parse_array_dim(ps, NULL, &L); }
dims ::= dims LBRACKET(L) expr(E) RBRACKET. { parse_array_dim(ps, E, &L); }

var_items ::= var_item.
var_items ::= var_items COMMA var_item.

var_item ::= LOCAL IDENT(N). { parse_add_var(ps, VAR_LOCAL, true, &N); }
var_item ::= GLOBAL IDENT(N). { parse_add_var(ps, VAR_UNIFORM, true, &N); }
var_item ::= IDENT(N). { parse_add_var(ps, VAR_UNIFORM, false, &N); }

uniform_items ::= IDENT(N). { parse_add_var(ps, VAR_UNIFORM, true, &N); }
uniform_items ::= uniform_items COMMA IDENT(N). { parse_add_var(ps, VAR_UNIFORM, true, &N); }

/* ---- statements ---- */

%type stmt {Stmt *}
%type stmts {Block}
%type body {Block}

stmts(B) ::= . { memset(&B, 0, sizeof B); }
stmts(B) ::= stmts(A) stmt(S). { B = A; if (S) block_push(ps->prog, &B, S); }

body(B) ::= LBRACE stmts(A) RBRACE(R). { B = A; B.close = R.loc.off; }
body(B) ::= stmt(S). { memset(&B, 0, sizeof B); if (S) block_push(ps->prog, &B, S); }

stmt(S) ::= SEMI. { S = NULL; }
/* Recovery has resynchronised on the ';': report the next error at once. */
stmt(S) ::= error SEMI. { S = NULL; if (parse_recovered(ps)) yypParser->yyerrcnt = -1; }

stmt(S) ::= mode(M) IDENT(A) indices(I) SEMI(E). { S = parse_access(ps, &M, &A, &I, NULL, &E); }
stmt(S) ::= mode(M) IDENT(A) indices(I) ASSIGN expr(V) SEMI(E). { S = parse_access(ps, &M, &A, &I, V, &E); }

/* Byte accesses: `wr A bytes(o, w);`, the w bytes of A from byte o. */
%type byte_range {ByteRange}
byte_range(R) ::= IDENT(B) LPAREN expr(O) COMMA expr(W) RPAREN(C). { R.word = B; R.off = O; R.width = W; R.close = C; }

stmt(S) ::= mode(M) IDENT(A) byte_range(R) SEMI(E).
    { ExprList none = {0}; S = parse_bytes(ps, parse_access(ps, &M, &A, &none, NULL, &E), &R); }
stmt(S) ::= mode(M) IDENT(A) byte_range(R) ASSIGN expr(V) SEMI(E).
    { ExprList none = {0}; S = parse_bytes(ps, parse_access(ps, &M, &A, &none, V, &E), &R); }
stmt(S) ::= LOCAL(K) IDENT(X) ASSIGN mode(M) IDENT(A) byte_range(R) SEMI(E).
    { ExprList none = {0}; S = parse_bytes(ps, parse_read_into(ps, &K, &X, &M, &A, &none, &E), &R); }
stmt(S) ::= mode(M) IDENT(C) IDENT(A) byte_range(R) SEMI(E).
    { ExprList none = {0}; const Token *w[3] = {&C, NULL, NULL};
      S = parse_bytes(ps, parse_scoped_access(ps, &M, w, &A, &none, &E), &R); }
stmt(S) ::= mode(M) IDENT(C) IDENT(O) IDENT(A) byte_range(R) SEMI(E).
    { ExprList none = {0}; const Token *w[3] = {&C, &O, NULL};
      S = parse_bytes(ps, parse_scoped_access(ps, &M, w, &A, &none, &E), &R); }
stmt(S) ::= mode(M) IDENT(C) IDENT(O) IDENT(L) IDENT(A) byte_range(R) SEMI(E).
    { ExprList none = {0}; const Token *w[3] = {&C, &O, &L};
      S = parse_bytes(ps, parse_scoped_access(ps, &M, w, &A, &none, &E), &R); }

%type mode {Token}
mode(M) ::= RD(T). { M = T; M.num = ACC_RD; }
mode(M) ::= WR(T). { M = T; M.num = ACC_WR; }
mode(M) ::= ATOMIC(T). { M = T; M.num = ACC_ATOMIC; }

%type indices {ExprList}
indices(L) ::= . { memset(&L, 0, sizeof L); }
indices(L) ::= indices(A) LBRACKET expr_list(B) RBRACKET. { L = exprlist_concat(ps, A, B); }

%type expr_list {ExprList}
expr_list(L) ::= expr(E). { memset(&L, 0, sizeof L); exprlist_push(ps, &L, E); }
expr_list(L) ::= expr_list(A) COMMA expr(E). { L = A; exprlist_push(ps, &L, E); }

stmt(S) ::= SYNC(K) SEMI(E). { S = stmt_new(ps->prog, S_SYNC, loc_span(K.loc, E.loc)); }
stmt(S) ::= SYNC(K) IDENT(G) SEMI(E). { S = parse_sync_scope(ps, &K, &G, &E); }
/* fence flags (dsl/fence.c): `sync local;` orders shared arrays only, `sync global;` global ones */
stmt(S) ::= SYNC(K) LOCAL SEMI(E). { S = parse_sync_fence(ps, &K, UNORDERED_GLOBAL, &E); }
stmt(S) ::= SYNC(K) GLOBAL SEMI(E). { S = parse_sync_fence(ps, &K, UNORDERED_SHARED, &E); }
stmt(S) ::= SYNC(K) SHARED(W) SEMI(E). { S = parse_sync_shared(ps, &K, &W, &E); }
stmt(S) ::= SYNC(K) IDENT(G) LPAREN expr(N) RPAREN SEMI(E). { S = parse_sync_tile(ps, &K, &G, N, &E); }
stmt(S) ::= OPAQUE(K) SEMI(E). { S = stmt_new(ps->prog, S_OPAQUE, loc_span(K.loc, E.loc)); }

stmt(S) ::= IF(K) expr(C) body(T). [THEN] { S = parse_if(ps, &K, C, T, NULL); }
stmt(S) ::= IF(K) expr(C) body(T) ELSE body(F). { S = parse_if(ps, &K, C, T, &F); }

stmt(S) ::= FOREACH(K) LPAREN IDENT(X) IN expr(LO) DOTDOT expr(HI) RPAREN(R) body(B).
    { S = parse_foreach(ps, &K, &X, LO, HI, NULL, &R, B); }
stmt(S) ::= FOREACH(K) LPAREN IDENT(X) IN expr(LO) DOTDOT expr(HI) SEMI expr(ST) RPAREN(R) body(B).
    { S = parse_foreach(ps, &K, &X, LO, HI, ST, &R, B); }

stmt(S) ::= FOR(K) LPAREN loop_init(I) SEMI expr(C) SEMI loop_update(U) RPAREN(R) body(B).
    { S = parse_for(ps, &K, &I, C, &U, &R, B); }

%type loop_init {LoopInit}
loop_init(I) ::= IDENT(X) ASSIGN expr(E). { I.var = X; I.value = E; I.typed = false; }
loop_init(I) ::= IDENT(T) IDENT(X) ASSIGN expr(E). { parse_loop_type(ps, &T); I.var = X; I.value = E; I.typed = true; }

%type loop_update {LoopUpdate}
loop_update(U) ::= IDENT(X) PLUSPLUS. { U = loop_step(&X, STEP_ADD, NULL); }
loop_update(U) ::= PLUSPLUS IDENT(X). { U = loop_step(&X, STEP_ADD, NULL); }
loop_update(U) ::= IDENT(X) MINUSMINUS. { U = loop_step(&X, STEP_SUB, NULL); }
loop_update(U) ::= MINUSMINUS IDENT(X). { U = loop_step(&X, STEP_SUB, NULL); }
loop_update(U) ::= IDENT(X) PLUSEQ expr(E). { U = loop_step(&X, STEP_ADD, E); }
loop_update(U) ::= IDENT(X) MINUSEQ expr(E). { U = loop_step(&X, STEP_SUB, E); }
loop_update(U) ::= IDENT(X) STAREQ expr(E). { U = loop_step(&X, STEP_MUL, E); }
loop_update(U) ::= IDENT(X) SLASHEQ expr(E). { U = loop_step(&X, STEP_DIV, E); }
loop_update(U) ::= IDENT(X) SHLEQ expr(E). { U = loop_step(&X, STEP_SHL, E); }
loop_update(U) ::= IDENT(X) SHREQ expr(E). { U = loop_step(&X, STEP_SHR, E); }
loop_update(U) ::= IDENT(X) ASSIGN expr(E). { U = parse_loop_assign(ps, &X, E); }

stmt(S) ::= LET(K) IDENT(X) ASSIGN expr(E) SEMI(Z). { S = parse_let(ps, &K, &X, E, &Z); }
stmt(S) ::= LOCAL(K) IDENT(X) SEMI(Z). { S = parse_local(ps, &K, &X, &Z); }
/* `local x uniform block;`: an unknown the threads of a group share (also
 * `uniform grid` and `uniform warp`) */
stmt(S) ::= LOCAL(K) IDENT(X) UNIFORM IDENT(G) SEMI(Z). { S = parse_group_local(ps, &K, &X, &G, &Z); }
stmt(S) ::= LOCAL(K) IDENT(X) UNIFORM IDENT(G) LPAREN expr(N) RPAREN SEMI(Z). { S = parse_local_uniform(ps, &K, &X, &G, N, &Z); }
/* `local x = rd A[i];`: a read that names the value it reads */
stmt(S) ::= LOCAL(K) IDENT(X) ASSIGN mode(M) IDENT(A) indices(I) SEMI(E).
    { S = parse_read_into(ps, &K, &X, &M, &A, &I, &E); }
/* `local x = sync;`: a collective (__syncthreads_or ...) and its uniform result */
stmt(S) ::= LOCAL(K) IDENT(X) ASSIGN SYNC SEMI(E). { S = parse_sync_into(ps, &K, &X, NULL, &E); }
stmt(S) ::= LOCAL(K) IDENT(X) ASSIGN SYNC IDENT(G) SEMI(E). { S = parse_sync_into(ps, &K, &X, &G, &E); }
/* Faial prints its inferred protocols with `local x = e;`: a let. */
stmt(S) ::= LOCAL(K) IDENT(X) ASSIGN expr(E) SEMI(Z). { S = parse_let(ps, &K, &X, E, &Z); }
stmt(S) ::= ASSUME(K) expr(E) SEMI(Z). { S = parse_assume(ps, &K.loc, E, &Z.loc); }

/* Atomics with a scope, a memory order or `load`, and tickets
 * (dsl/parse_atomic.c): `load`, `block`, `device`, `system` and `ticket`
 * are words only here. */
stmt(S) ::= mode(M) IDENT(C) IDENT(A) indices(I) SEMI(E).
    { const Token *w[3] = {&C, NULL, NULL}; S = parse_scoped_access(ps, &M, w, &A, &I, &E); }
stmt(S) ::= mode(M) IDENT(C) IDENT(O) IDENT(A) indices(I) SEMI(E).
    { const Token *w[3] = {&C, &O, NULL}; S = parse_scoped_access(ps, &M, w, &A, &I, &E); }
stmt(S) ::= mode(M) IDENT(C) IDENT(O) IDENT(L) IDENT(A) indices(I) SEMI(E).
    { const Token *w[3] = {&C, &O, &L}; S = parse_scoped_access(ps, &M, w, &A, &I, &E); }
stmt(S) ::= LOCAL(K) IDENT(X) ASSIGN IDENT(F) LPAREN IDENT(A) indices(I) COMMA expr(N) RPAREN SEMI(Z).
    { S = parse_ticket(ps, &K, &X, &F, NULL, NULL, &A, &I, N, &Z); }
stmt(S) ::= LOCAL(K) IDENT(X) ASSIGN IDENT(F) IDENT(C) LPAREN IDENT(A) indices(I) COMMA expr(N) RPAREN SEMI(Z).
    { S = parse_ticket(ps, &K, &X, &F, &C, NULL, &A, &I, N, &Z); }
stmt(S) ::= LOCAL(K) IDENT(X) ASSIGN IDENT(F) IDENT(C) IDENT(O) LPAREN IDENT(A) indices(I) COMMA expr(N) RPAREN
    SEMI(Z). { S = parse_ticket(ps, &K, &X, &F, &C, &O, &A, &I, N, &Z); }

/* ---- expressions ---- */

%type expr {Expr *}

expr(A) ::= expr(B) QUESTION expr(C) COLON expr(D). { A = parse_cond(ps, B, C, D); }
expr(A) ::= expr(B) OROR expr(C).    { A = parse_bin(ps, OP_OR, B, C); }
expr(A) ::= expr(B) ANDAND expr(C).  { A = parse_bin(ps, OP_AND, B, C); }
expr(A) ::= expr(B) BOR expr(C).     { A = parse_bin(ps, OP_BOR, B, C); }
expr(A) ::= expr(B) BXOR expr(C).    { A = parse_bin(ps, OP_BXOR, B, C); }
expr(A) ::= expr(B) BAND expr(C).    { A = parse_bin(ps, OP_BAND, B, C); }
expr(A) ::= expr(B) EQ expr(C).      { A = parse_bin(ps, OP_EQ, B, C); }
expr(A) ::= expr(B) NE expr(C).      { A = parse_bin(ps, OP_NE, B, C); }
expr(A) ::= expr(B) LT expr(C).      { A = parse_bin(ps, OP_LT, B, C); }
expr(A) ::= expr(B) LE expr(C).      { A = parse_bin(ps, OP_LE, B, C); }
expr(A) ::= expr(B) GT expr(C).      { A = parse_bin(ps, OP_GT, B, C); }
expr(A) ::= expr(B) GE expr(C).      { A = parse_bin(ps, OP_GE, B, C); }
expr(A) ::= expr(B) SHL expr(C).     { A = parse_bin(ps, OP_SHL, B, C); }
expr(A) ::= expr(B) SHR expr(C).     { A = parse_bin(ps, OP_SHR, B, C); }
expr(A) ::= expr(B) PLUS expr(C).    { A = parse_bin(ps, OP_ADD, B, C); }
expr(A) ::= expr(B) MINUS expr(C).   { A = parse_bin(ps, OP_SUB, B, C); }
expr(A) ::= expr(B) STAR expr(C).    { A = parse_bin(ps, OP_MUL, B, C); }
expr(A) ::= expr(B) SLASH expr(C).   { A = parse_bin(ps, OP_DIV, B, C); }
expr(A) ::= expr(B) PERCENT expr(C). { A = parse_bin(ps, OP_MOD, B, C); }
expr(A) ::= MINUS(K) expr(B). [UMINUS] { A = parse_unary(ps, &K, OP_NEG, B); }
expr(A) ::= BANG(K) expr(B).           { A = parse_unary(ps, &K, OP_NOT, B); }
expr(A) ::= TILDE(K) expr(B).          { A = parse_unary(ps, &K, OP_BNOT, B); }
expr(A) ::= LPAREN expr(B) RPAREN.     { A = B; }
expr(A) ::= NUM(T).                    { A = expr_num(ps->prog, T.loc, T.num); }
expr(A) ::= TRUE(T).                   { A = expr_bool(ps->prog, T.loc, true); }
expr(A) ::= FALSE(T).                  { A = expr_bool(ps->prog, T.loc, false); }
expr(A) ::= IDENT(T).                  { A = expr_var(ps->prog, T.loc, T.name); }
expr(A) ::= NUM(T) AT IDENT(X).        { A = parse_thread_var(ps, &T, &X); }
expr(A) ::= MIN(K) LPAREN expr(B) COMMA expr(C) RPAREN(R). { A = parse_minmax(ps, &K, OP_MIN, B, C, &R); }
expr(A) ::= MAX(K) LPAREN expr(B) COMMA expr(C) RPAREN(R). { A = parse_minmax(ps, &K, OP_MAX, B, C, &R); }
expr(A) ::= IDENT(F) LPAREN expr(B) RPAREN(R). { A = parse_conversion(ps, &F, B, &R); }
expr(A) ::= POW2(K) LPAREN expr(B) RPAREN(R). { A = expr_pow2(ps->prog, loc_span(K.loc, R.loc), B); }
expr(A) ::= DISTINCT(K) distinct_groups(L). { A = parse_distinct(ps, &K, &L); }

%type distinct_groups {ExprList}
distinct_groups(L) ::= LBRACKET ident_list(A) RBRACKET. { L = A; }
distinct_groups(L) ::= distinct_groups(A) LBRACKET ident_list(B) RBRACKET. { L = exprlist_concat(ps, A, B); }

%type ident_list {ExprList}
ident_list(L) ::= IDENT(T). { memset(&L, 0, sizeof L); exprlist_push(ps, &L, expr_var(ps->prog, T.loc, T.name)); }
ident_list(L) ::= ident_list(A) COMMA IDENT(T). { L = A; exprlist_push(ps, &L, expr_var(ps->prog, T.loc, T.name)); }

%code {
/* Would the parser accept `token` now?  Replays lemon's reductions on a copy
 * of the state stack, so "expected ';'" is said only when it is true. */
static bool token_acceptable(const void *parser, int token)
{
    const yyParser *p = parser;
    int depth = (int)(p->yytos - p->yystack) + 1, guard = 4 * depth + 64;
    YYACTIONTYPE *st = xcalloc((size_t)(depth + guard) + 1, sizeof *st); /* empty rules push one each */
    int top = 0;
    for (const yyStackEntry *e = p->yystack; e <= p->yytos; e++)
        st[top++] = e->stateno;
    top--;
    bool acceptable = false;
    for (int step = 0; step < guard; step++) {
        YYACTIONTYPE act = yy_find_shift_action((YYCODETYPE)token, st[top]);
        if (act <= YY_MAX_SHIFTREDUCE || act == YY_ACCEPT_ACTION) {
            acceptable = true;
            break;
        }
        if (act < YY_MIN_REDUCE || act > YY_MAX_REDUCE)
            break;
        unsigned rule = act - YY_MIN_REDUCE;
        int base = top + yyRuleInfoNRhs[rule]; /* NRhs is minus the rule's length */
        if (base < 0)
            break;
        st[base + 1] = yy_find_reduce_action(st[base], (YYCODETYPE)yyRuleInfoLhs[rule]);
        top = base + 1;
    }
    free(st);
    return acceptable;
}

int proto_parse_depth(const void *parser)
{
    const yyParser *p = parser;
    return (int)(p->yytos - p->yystack);
}
}
