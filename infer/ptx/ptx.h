/* The AST of a PTX module: what nvcc -ptx writes (docs/ptx.md, "Reading
 * PTX"), read by ptx_parse and written back by ptx_print.
 *
 * Ownership: every node, array and string of a PtxModule lives in the
 * Arena given to ptx_parse and is freed with it (arena_free); nothing in
 * it is freed on its own.  Every Loc borrows the SrcFile that was parsed,
 * which must outlive the module.  Names (registers, symbols, labels,
 * modifiers) are interned per module: two equal names are one pointer, so
 * a reader compares registers with ==.
 *
 * What a reader meets:
 *   PtxModule   .version, .target, .address_size, then its items in order
 *               (variables, functions, .file, .pragma), with indexes of the
 *               functions, variables and files, and what was skipped
 *               (.section blocks of debug information, @@DWARF lines)
 *   PtxFunc     an .entry or .func: returns, parameters (PtxVar), the
 *               performance directives, and a body (NULL: a declaration)
 *   PtxStmt     one statement of a body: a label, a register declaration,
 *               a variable declaration, a nested block, a .loc, a .pragma,
 *               a call prototype, a branch/call target list, or an
 *               instruction
 *   PtxInstr    guard, opcode, its dotted modifiers, operands, and the
 *               .loc in effect (the CUDA line it came from, with -lineinfo)
 *   PtxOperand  registers, special registers, symbols, immediates,
 *               addresses, vectors, the sink, pairs and call lists */
#ifndef MAPKIT_PTX_H
#define MAPKIT_PTX_H

#include "arena.h"
#include "diag.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* State spaces ([PTX-ISA "State Spaces"]). */
typedef enum PtxSpace {
    PTX_SPACE_NONE,
    PTX_SPACE_REG,
    PTX_SPACE_CONST,
    PTX_SPACE_GLOBAL,
    PTX_SPACE_LOCAL,
    PTX_SPACE_PARAM,
    PTX_SPACE_SHARED,
    PTX_SPACE_TEX,
} PtxSpace;

/* "global" for PTX_SPACE_GLOBAL ("" for NONE). */
const char *ptx_space_name(PtxSpace s);

/* Linking directives of a module-scope variable or function (bits). */
enum {
    PTX_LINK_VISIBLE = 1,
    PTX_LINK_EXTERN = 2,
    PTX_LINK_WEAK = 4,
    PTX_LINK_COMMON = 8,
};

/* Fundamental types ([PTX-ISA "Fundamental Types"]): the kind of value, not
 * its width. */
typedef enum PtxTypeKind {
    PTX_TYPE_NONE,   /* no type given */
    PTX_TYPE_BITS,   /* .b8 .. .b128 */
    PTX_TYPE_UINT,   /* .u8 .. .u64 */
    PTX_TYPE_SINT,   /* .s8 .. .s64 */
    PTX_TYPE_FLOAT,  /* .f16 .f16x2 .bf16 .bf16x2 .tf32 .f32 .f64, .e4m3 and kin */
    PTX_TYPE_PRED,   /* .pred */
    PTX_TYPE_OPAQUE, /* .texref .samplerref .surfref */
} PtxTypeKind;

typedef struct PtxType {
    const char *name; /* "u32", without its dot; NULL when none */
    PtxTypeKind kind;
    uint16_t bits;    /* of one element: 32 for .u32 and .f16x2, 1 for .pred, 0 opaque */
    uint8_t vec;      /* .v2 .v4 .v8: 2, 4, 8; 0 for a scalar */
} PtxType;

/* The type a name spells ("u32", no dot): false when it is none. */
bool ptx_type_named(const char *name, PtxType *out);

/* A variable: a module-scope or function-local declaration, or a
 * parameter of a function or call prototype (space PARAM or REG). */
typedef struct PtxVar {
    Loc loc;          /* the name */
    unsigned link;    /* PTX_LINK_* */
    PtxSpace space;
    uint32_t align;   /* .align N before the type; 0 when not given */
    PtxType type;
    const char *name; /* "_" in a call prototype's parameter list */
    int64_t *dims;    /* name[4][8]: {4, 8}; name[]: {-1} */
    int ndims;
    bool managed;     /* .attribute(.managed) */
    const char *init; /* the initializer as written after '=' (NULL: none) */
    Loc init_loc;
    /* a kernel parameter's pointer attributes: .ptr [.space] [.align N] */
    bool ptr;
    PtxSpace ptr_space;
    uint32_t ptr_align;
} PtxVar;

/* ---- operands ---- */

typedef enum PtxOperandKind {
    PTX_OPND_REG,   /* %r12, %rd3, %p2, or a bare name declared by .reg in an
                       enclosing block (inline asm's r0, p); comp: %v.x */
    PTX_OPND_SREG,  /* a special register: name "%tid", comp 'x' (0: none) */
    PTX_OPND_SYM,   /* a variable, parameter, function or label name */
    PTX_OPND_INT,   /* an integer immediate */
    PTX_OPND_FLOAT, /* a floating-point immediate */
    PTX_OPND_ADDR,  /* [base], [base+offset]: base is REG, SYM or INT */
    PTX_OPND_VEC,   /* {a, b, _, d} */
    PTX_OPND_SINK,  /* _ */
    PTX_OPND_PAIR,  /* %r1|%p2: setp's and shfl's two destinations */
    PTX_OPND_LIST,  /* (a, b): a call's returns and arguments */
    PTX_OPND_TEX,   /* [tex, {x, y}]: a texture or surface and its coordinates */
} PtxOperandKind;

typedef enum PtxFloatForm {
    PTX_FLOAT_HEX32,   /* 0f3F800000: the bits of a .f32 */
    PTX_FLOAT_HEX64,   /* 0d3FF0000000000000: the bits of a .f64 */
    PTX_FLOAT_DECIMAL, /* 1.5, 2e-3 */
} PtxFloatForm;

typedef struct PtxOperand PtxOperand;
struct PtxOperand {
    PtxOperandKind kind;
    Loc loc;
    bool neg;          /* !%p: a negated predicate (guards, setp/selp/vote/bra sources) */
    /* REG, SREG, SYM */
    const char *name;  /* interned; a special register's without its component */
    char comp;         /* 'x', 'y', 'z' or 'w' after a '.', else 0 */
    /* INT: bits is the value in two's complement (-1 is UINT64_MAX), and
     * (int64_t)bits the signed reading; radix and the U suffix as written */
    uint64_t bits;     /* FLOAT: the bit pattern of HEX32 (low 32 bits) and HEX64 */
    bool minus;        /* INT, FLOAT: written with a leading '-' */
    uint8_t radix;     /* INT: 2, 8, 10 or 16 */
    bool usuffix;      /* INT: 'U' */
    PtxFloatForm form; /* FLOAT */
    double value;      /* FLOAT: its value (of a HEX32, the float it encodes), sign applied */
    const char *text;  /* FLOAT DECIMAL: the digits as written, without the sign */
    /* ADDR */
    PtxOperand *base;
    int64_t offset;
    bool has_offset;   /* "+N" written (nvcc writes [param0+0]) */
    /* VEC, PAIR (two), LIST, TEX (the first item is the texture) */
    PtxOperand **items;
    int nitems;
};

/* ---- instructions ---- */

/* The opcodes a reader asks about by name; any other is PTX_OPC_OTHER and
 * keeps its name in PtxInstr.opcode. */
#define PTX_OPCODES(X)                                                                              \
    X(LD, "ld") X(LDU, "ldu") X(ST, "st") X(ATOM, "atom") X(RED, "red") X(BAR, "bar")               \
    X(BARRIER, "barrier") X(MEMBAR, "membar") X(FENCE, "fence") X(CVTA, "cvta") X(CVT, "cvt")       \
    X(MOV, "mov") X(ADD, "add") X(SUB, "sub") X(MUL, "mul") X(MAD, "mad") X(FMA, "fma")             \
    X(DIV, "div") X(REM, "rem") X(SHL, "shl") X(SHR, "shr") X(AND, "and") X(OR, "or")               \
    X(XOR, "xor") X(NOT, "not") X(NEG, "neg") X(ABS, "abs") X(MIN, "min") X(MAX, "max")             \
    X(SETP, "setp") X(SELP, "selp") X(BRA, "bra") X(CALL, "call") X(RET, "ret") X(EXIT, "exit")     \
    X(SHFL, "shfl") X(VOTE, "vote") X(CP, "cp") X(MBARRIER, "mbarrier") X(TEX, "tex")               \
    X(SULD, "suld") X(SUST, "sust") X(TRAP, "trap")

typedef enum PtxOpcode {
#define PTX_OPC_ENUM(e, s) PTX_OPC_##e,
    PTX_OPCODES(PTX_OPC_ENUM)
#undef PTX_OPC_ENUM
    PTX_OPC_OTHER,
} PtxOpcode;

PtxOpcode ptx_opcode_named(const char *name);

typedef struct PtxLocDir PtxLocDir;

typedef struct PtxInstr {
    PtxOperand *guard;    /* @%p1 / @!%p1 (neg set); NULL when unguarded */
    PtxOpcode op;
    const char *opcode;   /* "ld", interned */
    const char **mods;    /* "global", "v4", "u32", "L2::128B": without the dot, in order */
    int nmods;
    PtxOperand **ops;
    int nops;
    const PtxLocDir *src; /* the .loc in effect (the last one before it in its
                             function); NULL before any */
} PtxInstr;

/* Is `mod` (no dot) among the instruction's modifiers? */
bool ptx_has_mod(const PtxInstr *in, const char *mod);

/* A call's parts: call[.uni] [(rets),] callee[, (args)][, prototype].
 * rets, args and proto are NULL where absent.  False when `in` is no
 * call or its operands are not of that form. */
typedef struct PtxCall {
    const PtxOperand *rets, *callee, *args, *proto;
} PtxCall;
bool ptx_call_parts(const PtxInstr *in, PtxCall *out);

/* ---- statements ---- */

/* `.loc FILE LINE COL[, function_name LABEL[+N]][, inlined_at F L C]`. */
struct PtxLocDir {
    uint32_t file, line, col; /* file: a .file index; line 0: no line */
    const char *function_name; /* NULL when absent */
    int64_t function_offset;  /* function_name LABEL+N */
    bool inlined;
    uint32_t inlined_file, inlined_line, inlined_col;
};

/* `.reg .b32 %r<12>` declares %r0 .. %r11 (count 12); `.reg .pred p`
 * declares one register (count 0). */
typedef struct PtxRegName {
    Loc loc;
    const char *name;
    uint32_t count;
} PtxRegName;

typedef struct PtxRegDecl {
    PtxType type;
    PtxRegName *names;
    int nnames;
} PtxRegDecl;

typedef struct PtxStrings {
    const char **items; /* the contents, escapes as written, quotes dropped */
    int n;
} PtxStrings;

/* `NAME: .callprototype [(rets)] _ (params);` */
typedef struct PtxProto {
    const char *name;
    bool has_rets;
    PtxVar *rets;
    int nrets;
    PtxVar *params;
    int nparams;
} PtxProto;

/* `NAME: .branchtargets L1, L2;` or `.calltargets f, g;` */
typedef struct PtxTargets {
    const char *name;
    bool calls;
    const char **names;
    int n;
} PtxTargets;

typedef struct PtxStmt PtxStmt;

typedef struct PtxBlock {
    PtxStmt **items;
    int n;
    Loc open, close; /* its braces */
} PtxBlock;

typedef enum PtxStmtKind {
    PTX_S_LABEL,     /* u.label */
    PTX_S_REG,       /* u.reg */
    PTX_S_VAR,       /* u.var: .local, .shared, .param, .const in a body */
    PTX_S_BLOCK,     /* u.block: { ... } (a call sequence, inline asm) */
    PTX_S_INSTR,     /* u.instr */
    PTX_S_LOC,       /* u.src */
    PTX_S_PRAGMA,    /* u.pragma */
    PTX_S_PROTOTYPE, /* u.proto */
    PTX_S_TARGETS,   /* u.targets */
} PtxStmtKind;

struct PtxStmt {
    PtxStmtKind kind;
    Loc loc;
    union {
        const char *label;
        PtxRegDecl reg;
        PtxVar var;
        PtxBlock block;
        PtxInstr instr;
        PtxLocDir src;
        PtxStrings pragma;
        PtxProto proto;
        PtxTargets targets;
    } u;
};

/* ---- functions and the module ---- */

typedef enum PtxFuncKind {
    PTX_ENTRY, /* .entry: a kernel */
    PTX_FUNC,  /* .func */
} PtxFuncKind;

typedef enum PtxPerfKind {
    PTX_PERF_MAXNTID,
    PTX_PERF_REQNTID,
    PTX_PERF_MINNCTAPERSM,
    PTX_PERF_MAXNREG,
    PTX_PERF_MAXCLUSTERRANK,
    PTX_PERF_REQNCTAPERCLUSTER,
    PTX_PERF_EXPLICITCLUSTER,
    PTX_PERF_NORETURN,
    PTX_PERF_PRAGMA,
} PtxPerfKind;

/* "maxntid" for PTX_PERF_MAXNTID. */
const char *ptx_perf_name(PtxPerfKind k);

/* A performance-tuning directive of a function's header: `.maxntid 256,
 * 1, 1` (vals, nvals), `.pragma "nounroll";` (pragma). */
typedef struct PtxPerf {
    PtxPerfKind kind;
    Loc loc;
    uint32_t vals[3];
    int nvals;
    PtxStrings pragma;
} PtxPerf;

typedef struct PtxFunc {
    Loc loc;          /* the name */
    unsigned link;    /* PTX_LINK_* */
    PtxFuncKind kind;
    const char *name;
    bool has_rets;    /* .func (rets) name: parentheses written */
    PtxVar *rets;
    int nrets;
    bool has_params;  /* parentheses written after the name */
    PtxVar *params;
    int nparams;
    PtxPerf *perf;
    int nperf;
    PtxBlock *body;   /* NULL: a declaration, ended by ';' */
} PtxFunc;

/* `.file N "name"[, timestamp, size]` */
typedef struct PtxFile {
    Loc loc;
    uint32_t index;
    const char *name;
    bool has_stamp;
    uint64_t timestamp, size;
} PtxFile;

/* What was read and not parsed: a `.section .debug_* { ... }` block or an
 * `@@DWARF` line (debug information; the .loc lines carry what reports
 * need).  Its text is loc's, which ptx_print writes back verbatim. */
typedef struct PtxSkipped {
    Loc loc;
    const char *what; /* ".section .debug_info", "@@DWARF" */
} PtxSkipped;

typedef enum PtxItemKind {
    PTX_ITEM_VAR,
    PTX_ITEM_FUNC,
    PTX_ITEM_FILE,
    PTX_ITEM_PRAGMA,
} PtxItemKind;

typedef struct PtxItem {
    PtxItemKind kind;
    Loc loc;
    union {
        PtxVar *var;
        PtxFunc *func;
        PtxFile *file;
        PtxStrings *pragma;
    } u;
} PtxItem;

typedef struct PtxModule {
    const SrcFile *src;
    uint32_t version_major, version_minor;
    const char **targets; /* .target sm_75, debug: {"sm_75", "debug"} */
    int ntargets;
    uint32_t address_size; /* 0: not given (32 then, per [PTX-ISA]) */
    PtxItem *items;        /* module scope, in order */
    int nitems;
    PtxFunc **funcs;       /* the PTX_ITEM_FUNC items */
    int nfuncs;
    PtxVar **vars;         /* the PTX_ITEM_VAR items */
    int nvars;
    PtxFile **files;       /* the PTX_ITEM_FILE items */
    int nfiles;
    PtxSkipped *skipped;
    int nskipped;
} PtxModule;

/* Lexes and parses a .ptx file into `arena`.  Errors are reported on d
 * (file:line:col: error: ..., the line and a caret), and parsing stops at
 * the first: NULL then.  Whatever it allocated stays in the arena. */
PtxModule *ptx_parse(const SrcFile *file, Arena *arena, Diag *d);

/* Writes the module as PTX.  Canonical: printing what it prints parses to
 * a module that prints the same (the round trip the tests check).  The
 * skipped debug sections are written last, as read, from the SrcFile. */
void ptx_print(FILE *out, const PtxModule *m);

/* The name .file gave index `index`; NULL when none did. */
const char *ptx_file_name(const PtxModule *m, uint32_t index);

#endif
