/* What the lemon grammar of PTX (ptx_parser.y) shares with ptx_parse.c,
 * which builds the AST for its actions.  Internal to infer/ptx/.
 * Everything allocated lands in the module's arena, but for the parse's
 * own scratch (the brace stack, the intern table, the register scopes),
 * which ptx_parse frees. */
#ifndef MAPKIT_PTX_STATE_H
#define MAPKIT_PTX_STATE_H

#include "ptx_lexer.h"

/* The words between a declaration's state space and its name:
 * `.align 4 .v4 .f32`, a parameter's `.ptr .global .align 8`. */
typedef struct PtxWords {
    PtxType type;
    uint32_t align;
    bool ptr;
    PtxSpace ptr_space;
    uint32_t ptr_align;
    bool managed;
} PtxWords;

typedef struct PtxDims {
    int64_t *items;
    int n;
} PtxDims;

typedef struct PtxOpList {
    PtxOperand **items;
    int n;
} PtxOpList;

/* Up to three numbers: .maxntid's, .file's timestamp and size. */
typedef struct PtxNums {
    uint64_t v[3];
    int n;
    Loc loc;
} PtxNums;

typedef struct PtxNameList {
    const char **items;
    int n;
} PtxNameList;

/* A name of the declaration being read, before its end says what it is. */
typedef struct PtxPending {
    PtxToken name;
    Loc loc;       /* the name, and its range: %r<12> */
    PtxDims dims;
    PtxToken init; /* kind 0: none */
    bool range;    /* name<count> */
    uint32_t count;
} PtxPending;

typedef struct PtxState {
    Arena *arena;
    Diag *diag;
    PtxModule *m;
    PtxToken last, prev; /* the token being fed and the one before it */
    bool failed;         /* a syntax error, or one in an action: stop */
    /* the '{' still open, for "to match this '{'" at the end (malloc'd) */
    Loc *braces;
    int nbraces, capbraces;
    NameTable names; /* interned: the strings in the arena, the table malloc'd */
    /* the declaration being read: its space and words, its names so far */
    PtxSpace space;
    Loc space_loc;
    PtxWords words;
    PtxPending *pending;
    int npending;
    /* the function or call prototype whose parameters are being read */
    PtxVar **sig_rets, **sig_params;
    int *sig_nrets, *sig_nparams;
    bool *sig_has_rets, *sig_has_params;
    bool in_rets;
    PtxFunc *func;
    PtxStmt *proto;
    /* the blocks open in the function's body, innermost last */
    PtxBlock **blocks;
    int nblocks, capblocks;
    /* bare register names (inline asm's `.reg .u32 r0;`) and the depth of
     * the block that declared each (malloc'd) */
    const char **scope_names;
    int *scope_depths;
    int nscope, capscope;
    PtxOperand *guard;  /* the guard read before the instruction */
    PtxStmt *loc_stmt;  /* the .loc being read */
    const PtxLocDir *src; /* the .loc in effect */
} PtxState;

void ptx_syntax_error(PtxState *ps, const PtxToken *t);

const char *ptx_intern(PtxState *ps, const char *s, size_t n);
/* The token's text, interned. */
const char *ptx_text(PtxState *ps, const PtxToken *t);

/* ---- module scope ---- */
void ptx_version(PtxState *ps, const PtxToken *kw, const PtxToken *v);
void ptx_target(PtxState *ps, const PtxToken *name);
void ptx_address_size(PtxState *ps, const PtxToken *kw, const PtxToken *n);
void ptx_file(PtxState *ps, const PtxToken *kw, const PtxToken *index, const PtxToken *name, const PtxNums *extra);
void ptx_module_pragma(PtxState *ps, const PtxToken *kw, const PtxStrings *s);
void ptx_module_decl(PtxState *ps, unsigned link, const PtxToken *end);
PtxStrings ptx_strings(PtxState *ps, const PtxStrings *list, const PtxToken *s);

/* ---- declarations ---- */
void ptx_decl_head(PtxState *ps, const PtxToken *space, const PtxWords *w);
void ptx_word(PtxState *ps, PtxWords *w, const PtxToken *word);
void ptx_word_align(PtxState *ps, PtxWords *w, const PtxToken *n);
void ptx_word_space(PtxState *ps, PtxWords *w, const PtxToken *space);
void ptx_word_attribute(PtxState *ps, PtxWords *w, const PtxToken *attr);
void ptx_decl_name(PtxState *ps, const PtxToken *name, const PtxDims *dims, const PtxToken *init);
void ptx_decl_range(PtxState *ps, const PtxToken *name, const PtxToken *count, const PtxToken *gt);
PtxDims ptx_dim(PtxState *ps, const PtxDims *dims, const PtxToken *n);
void ptx_body_decl(PtxState *ps, const PtxToken *end);

/* ---- functions ---- */
void ptx_begin_func(PtxState *ps, unsigned link, PtxFuncKind kind, const PtxToken *kw);
void ptx_func_name(PtxState *ps, const PtxToken *name);
void ptx_sig_open(PtxState *ps, bool rets);
void ptx_param(PtxState *ps);
void ptx_perf(PtxState *ps, const PtxToken *kw, const PtxNums *nums);
void ptx_perf_pragma(PtxState *ps, const PtxToken *kw, const PtxStrings *s);
void ptx_end_func(PtxState *ps, const PtxToken *end);
PtxNums ptx_num(PtxState *ps, const PtxNums *list, const PtxToken *n);

/* ---- bodies ---- */
void ptx_open_block(PtxState *ps, const PtxToken *lbrace);
void ptx_close_block(PtxState *ps, const PtxToken *rbrace);
void ptx_label(PtxState *ps, const PtxToken *name);
void ptx_loc(PtxState *ps, const PtxToken *kw, const PtxToken *file, const PtxToken *line, const PtxToken *col);
void ptx_loc_function(PtxState *ps, const PtxToken *word, const PtxToken *label, const PtxToken *offset);
void ptx_loc_inlined(PtxState *ps, const PtxToken *word, const PtxToken *f, const PtxToken *l, const PtxToken *c);
void ptx_pragma(PtxState *ps, const PtxToken *kw, const PtxStrings *s, const PtxToken *end);
void ptx_begin_proto(PtxState *ps, const PtxToken *name, const PtxToken *kw);
void ptx_end_proto(PtxState *ps, const PtxToken *end);
void ptx_targets(PtxState *ps, const PtxToken *name, const PtxToken *kw, const PtxNameList *names,
                 const PtxToken *end);
PtxNameList ptx_names_push(PtxState *ps, const PtxNameList *list, const PtxToken *name);
void ptx_guard(PtxState *ps, const PtxToken *at, PtxOperand *pred);
void ptx_instr(PtxState *ps, const PtxToken *opcode, const PtxOpList *ops, const PtxToken *end);

/* ---- operands ---- */
PtxOperand *ptx_name_op(PtxState *ps, const PtxToken *name);
PtxOperand *ptx_negate(PtxState *ps, const PtxToken *bang, PtxOperand *o);
PtxOperand *ptx_sink(PtxState *ps, const PtxToken *t);
PtxOperand *ptx_int(PtxState *ps, const PtxToken *minus, const PtxToken *n);
PtxOperand *ptx_float(PtxState *ps, const PtxToken *minus, const PtxToken *f);
PtxOperand *ptx_addr(PtxState *ps, const PtxToken *lb, PtxOperand *base, const PtxOperand *off, const PtxToken *rb);
PtxOperand *ptx_group(PtxState *ps, PtxOperandKind kind, const PtxToken *open, const PtxOpList *items,
                      const PtxToken *close);
PtxOperand *ptx_pair(PtxState *ps, PtxOperand *a, PtxOperand *b);
PtxOperand *ptx_tex(PtxState *ps, const PtxToken *lb, PtxOperand *first, const PtxOpList *rest,
                    const PtxToken *rb);
PtxOpList ptx_ops_push(PtxState *ps, const PtxOpList *list, PtxOperand *o);

#endif
