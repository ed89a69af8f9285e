/* The lemon grammar of PTX (docs/ptx.md, "Reading PTX"; [PTX-ISA
 * "Syntax"] and "Directives"): a module's directives, variables
 * and functions, and the statements of a body.  Instructions are read in
 * one shape for every opcode (guard, opcode with modifiers, operands), so
 * an opcode this grammar has never heard of is read like any other.  The
 * actions are in ptx_parse.c. */

%name PtxParse
%token_prefix PTK_
%token_type {PtxToken}
%extra_argument {PtxState *ps}
%stack_size 0
%start_symbol module

%include {
#include "ptx_state.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
}

%syntax_error {
    (void)yymajor;
    ptx_syntax_error(ps, &yyminor);
}

%stack_overflow { /* the stack grows with memory (stack_size 0): only a failed realloc */
    diag_at(ps->diag, SEV_ERROR, ps->last.loc, "out of memory for the parser's stack");
    ps->failed = true;
}

%parse_failure {
    ps->failed = true;
}

/* Tokens that only the lexer produces, listed so their codes exist. */
%token DOTWORD DOTTED IDENT PREG NUM FLOAT STRING INIT SINK.

/* ---- module scope ---- */

module ::= items.

items ::= .
items ::= items item.

item ::= VERSION(K) FLOAT(V). { ptx_version(ps, &K, &V); }
item ::= TARGET target_names.
item ::= ADDRSIZE(K) NUM(N). { ptx_address_size(ps, &K, &N); }
item ::= FILE(K) NUM(I) STRING(S) file_extra(E). { ptx_file(ps, &K, &I, &S, &E); }
item ::= PRAGMA(K) strings(S) SEMI. { ptx_module_pragma(ps, &K, &S); }
item ::= links(L) decl_head decl_names SEMI(E). { ptx_module_decl(ps, L, &E); }
item ::= func_sig func_end.

target_names ::= IDENT(T). { ptx_target(ps, &T); }
target_names ::= target_names COMMA IDENT(T). { ptx_target(ps, &T); }

%type file_extra {PtxNums}
file_extra(E) ::= . { memset(&E, 0, sizeof E); }
file_extra(E) ::= COMMA NUM(A) COMMA NUM(B). {
    memset(&E, 0, sizeof E);
    E = ptx_num(ps, &E, &A);
    E = ptx_num(ps, &E, &B);
}

%type strings {PtxStrings}
strings(L) ::= STRING(S). { memset(&L, 0, sizeof L); L = ptx_strings(ps, &L, &S); }
strings(L) ::= strings(A) COMMA STRING(S). { L = ptx_strings(ps, &A, &S); }

%type links {unsigned}
links(L) ::= . { L = 0; }
links(L) ::= links(A) LINK(K). { L = A | (unsigned)K.num; }

/* ---- declarations: `.shared .align 4 .b8 tile[1024];`, `.reg .b32 %r<12>;` ---- */

decl_head ::= SPACE(S) words(W). { ptx_decl_head(ps, &S, &W); }

%type words {PtxWords}
words(W) ::= . { memset(&W, 0, sizeof W); }
words(W) ::= words(A) DOTWORD(T). { W = A; ptx_word(ps, &W, &T); }
words(W) ::= words(A) ALIGN NUM(N). { W = A; ptx_word_align(ps, &W, &N); }
words(W) ::= words(A) PTR. { W = A; W.ptr = true; }
words(W) ::= words(A) SPACE(S). { W = A; ptx_word_space(ps, &W, &S); }
words(W) ::= words(A) ATTRIBUTE LPAREN DOTWORD(T) RPAREN. { W = A; ptx_word_attribute(ps, &W, &T); }

decl_names ::= decl_name.
decl_names ::= decl_names COMMA decl_name.

decl_name ::= name(N) dims(D) init(I). { ptx_decl_name(ps, &N, &D, &I); }
decl_name ::= name(N) LT NUM(C) GT(G). { ptx_decl_range(ps, &N, &C, &G); }

%type name {PtxToken}
name(N) ::= IDENT(T). { N = T; }
name(N) ::= PREG(T). { N = T; }
name(N) ::= SINK(T). { N = T; }

%type dims {PtxDims}
dims(D) ::= . { memset(&D, 0, sizeof D); }
dims(D) ::= dims(A) LBRACKET NUM(N) RBRACKET. { D = ptx_dim(ps, &A, &N); }
dims(D) ::= dims(A) LBRACKET(L) RBRACKET. { PtxToken none = L; none.kind = 0; D = ptx_dim(ps, &A, &none); }

%type init {PtxToken}
init(I) ::= . { memset(&I, 0, sizeof I); }
init(I) ::= INIT(T). { I = T; }

/* ---- functions ---- */

func_sig ::= entry_start IDENT(N) params perfs. { ptx_func_name(ps, &N); }
func_sig ::= func_start rets IDENT(N) params perfs. { ptx_func_name(ps, &N); }

entry_start ::= links(L) ENTRY(K). { ptx_begin_func(ps, L, PTX_ENTRY, &K); }
func_start ::= links(L) FUNC(K). { ptx_begin_func(ps, L, PTX_FUNC, &K); }

/* `(.param .b32 retval)` before a .func's or a prototype's name */
rets ::= .
rets ::= rets_open param_list RPAREN.
rets_open ::= LPAREN. { ptx_sig_open(ps, true); }

params ::= .
params ::= params_open param_list RPAREN.
params_open ::= LPAREN. { ptx_sig_open(ps, false); }

param_list ::= .
param_list ::= param_items.
param_items ::= param.
param_items ::= param_items COMMA param.
param ::= decl_head decl_name. { ptx_param(ps); }

perfs ::= .
perfs ::= perfs perf.
perf ::= PERF(K) nums(N). { ptx_perf(ps, &K, &N); }
perf ::= PRAGMA(K) strings(S) SEMI. { ptx_perf_pragma(ps, &K, &S); }

%type nums {PtxNums}
nums(L) ::= . { memset(&L, 0, sizeof L); }
nums(L) ::= num_items(A). { L = A; }
%type num_items {PtxNums}
num_items(L) ::= NUM(N). { memset(&L, 0, sizeof L); L = ptx_num(ps, &L, &N); }
num_items(L) ::= num_items(A) COMMA NUM(N). { L = ptx_num(ps, &A, &N); }

func_end ::= SEMI(E). { ptx_end_func(ps, &E); }
func_end ::= block_open stmts RBRACE(R). { ptx_close_block(ps, &R); ptx_end_func(ps, NULL); }

/* ---- statements ---- */

block_open ::= LBRACE(L). { ptx_open_block(ps, &L); }

stmts ::= .
stmts ::= stmts stmt.

stmt ::= IDENT(N) COLON. { ptx_label(ps, &N); }
stmt ::= decl_head decl_names SEMI(E). { ptx_body_decl(ps, &E); }
stmt ::= block_open stmts RBRACE(R). { ptx_close_block(ps, &R); }
stmt ::= loc_head loc_attrs.
stmt ::= PRAGMA(K) strings(S) SEMI(E). { ptx_pragma(ps, &K, &S, &E); }
stmt ::= proto_start rets SINK params SEMI(E). { ptx_end_proto(ps, &E); }
stmt ::= IDENT(N) COLON CALLTARGETS(K) target_list(L) SEMI(E). { ptx_targets(ps, &N, &K, &L, &E); }
stmt ::= IDENT(N) COLON BRANCHTARGETS(K) target_list(L) SEMI(E). { ptx_targets(ps, &N, &K, &L, &E); }
stmt ::= instr.
stmt ::= guard instr.

/* `.loc 1 13 5, function_name $L__info_string3, inlined_at 1 40 7` */
loc_head ::= LOC(K) NUM(F) NUM(L) NUM(C). { ptx_loc(ps, &K, &F, &L, &C); }
loc_attrs ::= .
loc_attrs ::= loc_attrs COMMA IDENT(W) IDENT(N). { ptx_loc_function(ps, &W, &N, NULL); }
loc_attrs ::= loc_attrs COMMA IDENT(W) IDENT(N) PLUS NUM(O). { ptx_loc_function(ps, &W, &N, &O); }
loc_attrs ::= loc_attrs COMMA IDENT(W) NUM(F) NUM(L) NUM(C). { ptx_loc_inlined(ps, &W, &F, &L, &C); }

proto_start ::= IDENT(N) COLON CALLPROTOTYPE(K). { ptx_begin_proto(ps, &N, &K); }

%type target_list {PtxNameList}
target_list(L) ::= IDENT(N). { memset(&L, 0, sizeof L); L = ptx_names_push(ps, &L, &N); }
target_list(L) ::= target_list(A) COMMA IDENT(N). { L = ptx_names_push(ps, &A, &N); }

guard ::= AT(A) name_op(P). { ptx_guard(ps, &A, P); }
guard ::= AT(A) BANG(B) name_op(P). { ptx_guard(ps, &A, ptx_negate(ps, &B, P)); }

instr ::= opcode(O) operands(L) SEMI(E). { ptx_instr(ps, &O, &L, &E); }

%type opcode {PtxToken}
opcode(O) ::= IDENT(T). { O = T; }
opcode(O) ::= DOTTED(T). { O = T; }

/* ---- operands ---- */

%type operands {PtxOpList}
operands(L) ::= . { memset(&L, 0, sizeof L); }
operands(L) ::= op_items(A). { L = A; }
%type op_items {PtxOpList}
op_items(L) ::= operand(O). { memset(&L, 0, sizeof L); L = ptx_ops_push(ps, &L, O); }
op_items(L) ::= op_items(A) COMMA operand(O). { L = ptx_ops_push(ps, &A, O); }

%type operand {PtxOperand *}
%type name_op {PtxOperand *}
%type addr_base {PtxOperand *}
%type int_imm {PtxOperand *}

operand(O) ::= name_op(A). { O = A; }
operand(O) ::= BANG(B) name_op(A). { O = ptx_negate(ps, &B, A); }
operand(O) ::= name_op(A) PIPE name_op(B). { O = ptx_pair(ps, A, B); }
operand(O) ::= SINK(T). { O = ptx_sink(ps, &T); }
operand(O) ::= int_imm(A). { O = A; }
operand(O) ::= FLOAT(F). { O = ptx_float(ps, NULL, &F); }
operand(O) ::= MINUS(M) FLOAT(F). { O = ptx_float(ps, &M, &F); }
/* [base] and [base+N]; a negative offset is written [base+-N] */
operand(O) ::= LBRACKET(L) addr_base(B) RBRACKET(R). { O = ptx_addr(ps, &L, B, NULL, &R); }
operand(O) ::= LBRACKET(L) addr_base(B) PLUS int_imm(I) RBRACKET(R). { O = ptx_addr(ps, &L, B, I, &R); }
operand(O) ::= LBRACKET(L) operand(A) COMMA op_items(B) RBRACKET(R). { O = ptx_tex(ps, &L, A, &B, &R); }
operand(O) ::= LBRACE(L) op_items(A) RBRACE(R). { O = ptx_group(ps, PTX_OPND_VEC, &L, &A, &R); }
operand(O) ::= LPAREN(L) operands(A) RPAREN(R). { O = ptx_group(ps, PTX_OPND_LIST, &L, &A, &R); }

name_op(O) ::= PREG(T). { O = ptx_name_op(ps, &T); }
name_op(O) ::= IDENT(T). { O = ptx_name_op(ps, &T); }

addr_base(O) ::= PREG(T). { O = ptx_name_op(ps, &T); }
addr_base(O) ::= IDENT(T). { O = ptx_name_op(ps, &T); }
addr_base(O) ::= int_imm(A). { O = A; }

int_imm(O) ::= NUM(N). { O = ptx_int(ps, NULL, &N); }
int_imm(O) ::= MINUS(M) NUM(N). { O = ptx_int(ps, &M, &N); }
