/* The re2c lexer of PTX (docs/ptx.md, "Reading PTX").  PTX is mostly
 * machine output, so the lexer takes the ISA's whole lexical grammar and
 * leaves meaning to the parser: any word may be an opcode, and a word
 * glued to dotted modifiers (`ld.global.v4.u32`) is one token, DOTTED,
 * which the parser splits.  A directive standing alone (`.global`) is a
 * token of its own kind when the grammar needs to tell it apart, else a
 * DOTWORD (types, vector sizes).  Debug sections are skipped here, whole. */
#include "ptx_lexer.h"

#include "ptx_parser.h"

#include <stdlib.h>
#include <string.h>

/*!re2c
    re2c:define:YYCTYPE  = "unsigned char";
    re2c:define:YYCURSOR = "lx->cur";
    re2c:define:YYMARKER = "lx->marker";
    re2c:define:YYLIMIT  = "lx->lim";
    re2c:yyfill:enable   = 0;
    re2c:eof             = 0;
*/

void ptx_lexer_init(PtxLexer *lx, const SrcFile *file, Diag *diag, Arena *arena, PtxModule *m)
{
    memset(lx, 0, sizeof *lx);
    lx->file = file;
    lx->diag = diag;
    lx->arena = arena;
    lx->m = m;
    lx->cur = file->text;
    lx->lim = file->text + file->len;
}

static Loc span(const PtxLexer *lx, const char *from, const char *to)
{
    return (Loc){lx->file, (uint32_t)(from - lx->file->text), (uint32_t)(to - from)};
}

/* Every lexical error ends the input: PTX is generated, and what follows
 * a broken token would only repeat the damage. */
static int fail(PtxLexer *lx, PtxToken *t)
{
    lx->fatal = true;
    lx->cur = lx->lim;
    t->kind = 0;
    return 0;
}

static int bad_char(PtxLexer *lx, PtxToken *t)
{
    unsigned char c = (unsigned char)*lx->tok;
    Loc at = span(lx, lx->tok, lx->tok + 1);
    if (c == 0)
        diag_at(lx->diag, SEV_ERROR, at, "NUL byte in the input (is this a binary file?)");
    else if (c >= 0x80 || c < 0x20 || c == 0x7F)
        diag_at(lx->diag, SEV_ERROR, at, "unexpected byte 0x%02X", c);
    else
        diag_at(lx->diag, SEV_ERROR, at, "unexpected character '%c'", c);
    return fail(lx, t);
}

static void skipped(PtxLexer *lx, const char *from, const char *what)
{
    PtxSkipped s = {span(lx, from, lx->cur), what};
    ARENA_PUSH(lx->arena, lx->m->skipped, lx->m->nskipped, s);
}

/* Past a comment or string that starts at p (p < lim), or p itself. */
static const char *past_comment_or_string(const char *p, const char *lim)
{
    if (p + 1 < lim && p[0] == '/' && p[1] == '/') {
        while (p < lim && *p != '\n')
            p++;
    } else if (p + 1 < lim && p[0] == '/' && p[1] == '*') {
        const char *end = NULL;
        for (const char *q = p + 2; q + 1 < lim && !end; q++)
            if (q[0] == '*' && q[1] == '/')
                end = q + 2;
        p = end ? end : lim;
    } else if (*p == '"') {
        for (p++; p < lim && *p != '"' && *p != '\n'; p++)
            if (*p == '\\' && p + 1 < lim)
                p++;
        if (p < lim && *p == '"')
            p++;
    }
    return p;
}

/* .section NAME { ... }: nvcc's DWARF (-G, -lineinfo's .debug_str).  The
 * block is skipped to its matching brace, braces inside comments and
 * strings aside, and recorded. */
static bool skip_section(PtxLexer *lx)
{
    const char *p = lx->cur, *lim = lx->lim;
    while (p < lim && (*p == ' ' || *p == '\t'))
        p++;
    const char *name = p;
    while (p < lim && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n' && *p != '{' && *p)
        p++;
    const char *name_end = p;
    while (p < lim && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    if (name == name_end || p >= lim || *p != '{') {
        diag_at(lx->diag, SEV_ERROR, span(lx, lx->tok, name_end),
                "expected a section name and '{' after '.section'");
        return false;
    }
    int depth = 0;
    while (p < lim) {
        const char *q = past_comment_or_string(p, lim);
        if (q != p) {
            p = q;
            continue;
        }
        if (*p == 0)
            break;
        if (*p == '{')
            depth++;
        else if (*p == '}' && --depth == 0)
            break;
        p++;
    }
    if (p >= lim || *p != '}') {
        diag_at(lx->diag, SEV_ERROR, span(lx, lx->tok, name_end), "unterminated '.section' block");
        return false;
    }
    lx->cur = p + 1;
    size_t n = (size_t)(name_end - name);
    char *what = arena_alloc(lx->arena, n + sizeof ".section ");
    memcpy(what, ".section ", sizeof ".section " - 1);
    memcpy(what + sizeof ".section " - 1, name, n);
    skipped(lx, lx->tok, what);
    return true;
}

/* `= ...;`: an initializer is kept as text (values, nested braces,
 * generic(sym) and sym+N), so the token runs to the ';' that ends the
 * declaration, outside braces, comments and strings; the ';' is left. */
static int initializer(PtxLexer *lx, PtxToken *t)
{
    const char *p = lx->cur, *lim = lx->lim;
    int depth = 0;
    while (p < lim && *p && !(*p == ';' && depth == 0)) {
        const char *q = past_comment_or_string(p, lim);
        if (q != p) {
            p = q;
            continue;
        }
        depth += *p == '{' ? 1 : *p == '}' ? -1 : 0;
        p++;
    }
    if (p >= lim || *p != ';') {
        diag_at(lx->diag, SEV_ERROR, span(lx, lx->tok, lx->cur), "initializer without its ';'");
        return fail(lx, t);
    }
    const char *from = lx->cur, *to = p;
    while (from < to && (*from == ' ' || *from == '\t' || *from == '\r' || *from == '\n'))
        from++;
    while (to > from && (to[-1] == ' ' || to[-1] == '\t' || to[-1] == '\r' || to[-1] == '\n'))
        to--;
    if (from == to) {
        diag_at(lx->diag, SEV_ERROR, span(lx, lx->tok, lx->cur), "empty initializer after '='");
        return fail(lx, t);
    }
    lx->cur = p;
    t->loc = span(lx, from, to);
    return t->kind = PTK_INIT;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c - 'A' + 10;
}

/* 0x1F, 017 (octal), 0b101, 42, each with an optional U. */
static int integer(PtxLexer *lx, PtxToken *t)
{
    const char *p = lx->tok, *end = lx->cur;
    if (end[-1] == 'U') {
        t->usuffix = true;
        end--;
    }
    t->radix = 10;
    if (end - p > 1 && p[0] == '0') {
        t->radix = p[1] == 'x' || p[1] == 'X' ? 16 : p[1] == 'b' || p[1] == 'B' ? 2 : 8;
        p += t->radix == 8 ? 1 : 2;
    }
    uint64_t v = 0;
    for (; p < end; p++) {
        uint64_t d = (uint64_t)hex_digit(*p);
        if (v > (UINT64_MAX - d) / t->radix) {
            diag_at(lx->diag, SEV_ERROR, t->loc, "integer '%.*s' does not fit in 64 bits",
                    (int)(lx->cur - lx->tok > 40 ? 40 : lx->cur - lx->tok), lx->tok);
            return fail(lx, t);
        }
        v = v * t->radix + d;
    }
    t->num = v;
    return t->kind = PTK_NUM;
}

/* 0f3F800000 (a .f32's bits), 0d3FF0000000000000 (a .f64's), 1.5e3. */
static int floating(PtxLexer *lx, PtxToken *t, PtxFloatForm form)
{
    t->form = form;
    if (form == PTX_FLOAT_DECIMAL) {
        char buf[80];
        size_t n = (size_t)(lx->cur - lx->tok);
        if (n >= sizeof buf) {
            diag_at(lx->diag, SEV_ERROR, t->loc, "floating-point literal longer than %zu characters",
                    sizeof buf - 1);
            return fail(lx, t);
        }
        memcpy(buf, lx->tok, n);
        buf[n] = '\0';
        t->value = strtod(buf, NULL);
        return t->kind = PTK_FLOAT;
    }
    uint64_t bits = 0;
    for (const char *p = lx->tok + 2; p < lx->cur; p++)
        bits = bits << 4 | (uint64_t)hex_digit(*p);
    t->num = bits;
    if (form == PTX_FLOAT_HEX32) {
        uint32_t b32 = (uint32_t)bits;
        float f;
        memcpy(&f, &b32, sizeof f);
        t->value = f;
    } else {
        memcpy(&t->value, &bits, sizeof t->value);
    }
    return t->kind = PTK_FLOAT;
}

/* The token a directive standing alone is, and which one it is (*which):
 * the directives the grammar tells apart; 0 for any other, a DOTWORD. */
static int directive(const char *s, size_t n, uint64_t *which)
{
    char word[24];
    if (n >= sizeof word)
        return 0;
    memcpy(word, s, n);
    word[n] = '\0';
    const unsigned char *cur = (const unsigned char *)word, *marker;
    (void)marker;
    *which = 0;
    /*!local:re2c
        re2c:define:YYCURSOR = "cur";
        re2c:define:YYMARKER = "marker";
        re2c:yyfill:enable   = 0;
        re2c:eof             = -1;
        ".version" "\x00" { return PTK_VERSION; }
        ".target" "\x00" { return PTK_TARGET; }
        ".address_size" "\x00" { return PTK_ADDRSIZE; }
        ".file" "\x00" { return PTK_FILE; }
        ".loc" "\x00" { return PTK_LOC; }
        ".visible" "\x00" { *which = PTX_LINK_VISIBLE; return PTK_LINK; }
        ".extern" "\x00" { *which = PTX_LINK_EXTERN; return PTK_LINK; }
        ".weak" "\x00" { *which = PTX_LINK_WEAK; return PTK_LINK; }
        ".common" "\x00" { *which = PTX_LINK_COMMON; return PTK_LINK; }
        ".entry" "\x00" { return PTK_ENTRY; }
        ".func" "\x00" { return PTK_FUNC; }
        ".reg" "\x00" { *which = PTX_SPACE_REG; return PTK_SPACE; }
        ".const" "\x00" { *which = PTX_SPACE_CONST; return PTK_SPACE; }
        ".global" "\x00" { *which = PTX_SPACE_GLOBAL; return PTK_SPACE; }
        ".local" "\x00" { *which = PTX_SPACE_LOCAL; return PTK_SPACE; }
        ".param" "\x00" { *which = PTX_SPACE_PARAM; return PTK_SPACE; }
        ".shared" "\x00" { *which = PTX_SPACE_SHARED; return PTK_SPACE; }
        ".tex" "\x00" { *which = PTX_SPACE_TEX; return PTK_SPACE; }
        ".align" "\x00" { return PTK_ALIGN; }
        ".ptr" "\x00" { return PTK_PTR; }
        ".attribute" "\x00" { return PTK_ATTRIBUTE; }
        ".maxntid" "\x00" { *which = PTX_PERF_MAXNTID; return PTK_PERF; }
        ".reqntid" "\x00" { *which = PTX_PERF_REQNTID; return PTK_PERF; }
        ".minnctapersm" "\x00" { *which = PTX_PERF_MINNCTAPERSM; return PTK_PERF; }
        ".maxnreg" "\x00" { *which = PTX_PERF_MAXNREG; return PTK_PERF; }
        ".maxclusterrank" "\x00" { *which = PTX_PERF_MAXCLUSTERRANK; return PTK_PERF; }
        ".reqnctapercluster" "\x00" { *which = PTX_PERF_REQNCTAPERCLUSTER; return PTK_PERF; }
        ".explicitcluster" "\x00" { *which = PTX_PERF_EXPLICITCLUSTER; return PTK_PERF; }
        ".noreturn" "\x00" { *which = PTX_PERF_NORETURN; return PTK_PERF; }
        ".pragma" "\x00" { return PTK_PRAGMA; }
        ".callprototype" "\x00" { return PTK_CALLPROTOTYPE; }
        ".calltargets" "\x00" { return PTK_CALLTARGETS; }
        ".branchtargets" "\x00" { return PTK_BRANCHTARGETS; }
        * { return 0; }
    */
}

int ptx_lex(PtxLexer *lx, PtxToken *t)
{
    for (;;) {
        memset(t, 0, sizeof *t);
        lx->tok = lx->cur;
#define TOKEN(k) do { t->loc = span(lx, lx->tok, lx->cur); return t->kind = (k); } while (0)
        /*!re2c
            fs = [a-zA-Z0-9_$];
            ident = [a-zA-Z] fs* | [_$] fs+;
            word = [a-zA-Z0-9_]+;
            modifier = "." word ("::" word)*;

            $ { t->loc = span(lx, lx->tok, lx->tok); return t->kind = 0; }

            [ \t\r\n\v\f]+ { continue; }
            "//" [^\n\x00]* { continue; }
            "/*" ([^*\x00] | "*"+ [^*/\x00])* "*"+ "/" { continue; }
            "/*" {
                diag_at(lx->diag, SEV_ERROR, span(lx, lx->tok, lx->cur), "unterminated comment");
                return fail(lx, t);
            }
            "@@DWARF" [^\n\x00]* { skipped(lx, lx->tok, "@@DWARF"); continue; }
            ".section" {
                if (!skip_section(lx))
                    return fail(lx, t);
                continue;
            }

            "." [a-zA-Z_] [a-zA-Z0-9_]* ("::" word)* {
                int kind = directive(lx->tok, (size_t)(lx->cur - lx->tok), &t->num);
                TOKEN(kind ? kind : PTK_DOTWORD);
            }
            ident modifier+ { TOKEN(PTK_DOTTED); }
            ident { TOKEN(PTK_IDENT); }
            "_" { TOKEN(PTK_SINK); }
            "%" fs+ ("." [xyzw])? { TOKEN(PTK_PREG); }

            ([1-9] [0-9]* | "0" | "0" [0-7]+ | "0" [xX] [0-9a-fA-F]+ | "0" [bB] [01]+) "U"? {
                t->loc = span(lx, lx->tok, lx->cur);
                return integer(lx, t);
            }
            "0" [fF] [0-9a-fA-F]{8} { t->loc = span(lx, lx->tok, lx->cur); return floating(lx, t, PTX_FLOAT_HEX32); }
            "0" [dD] [0-9a-fA-F]{16} { t->loc = span(lx, lx->tok, lx->cur); return floating(lx, t, PTX_FLOAT_HEX64); }
            [0-9]+ "." [0-9]+ ([eE] [+-]? [0-9]+)? | [0-9]+ [eE] [+-]? [0-9]+ {
                t->loc = span(lx, lx->tok, lx->cur);
                return floating(lx, t, PTX_FLOAT_DECIMAL);
            }
            [0-9] [0-9a-zA-Z_.$]* {
                t->loc = span(lx, lx->tok, lx->cur);
                diag_at(lx->diag, SEV_ERROR, t->loc, "invalid number '%.*s'",
                        (int)(lx->cur - lx->tok > 40 ? 40 : lx->cur - lx->tok), lx->tok);
                return fail(lx, t);
            }

            "\"" ([^"\\\n\x00] | "\\" [^\n\x00])* "\"" { TOKEN(PTK_STRING); }
            "\"" {
                diag_at(lx->diag, SEV_ERROR, span(lx, lx->tok, lx->cur), "unterminated string");
                return fail(lx, t);
            }

            "=" { return initializer(lx, t); }
            "{" { TOKEN(PTK_LBRACE); }
            "}" { TOKEN(PTK_RBRACE); }
            "(" { TOKEN(PTK_LPAREN); }
            ")" { TOKEN(PTK_RPAREN); }
            "[" { TOKEN(PTK_LBRACKET); }
            "]" { TOKEN(PTK_RBRACKET); }
            ";" { TOKEN(PTK_SEMI); }
            "," { TOKEN(PTK_COMMA); }
            ":" { TOKEN(PTK_COLON); }
            "<" { TOKEN(PTK_LT); }
            ">" { TOKEN(PTK_GT); }
            "@" { TOKEN(PTK_AT); }
            "!" { TOKEN(PTK_BANG); }
            "+" { TOKEN(PTK_PLUS); }
            "-" { TOKEN(PTK_MINUS); }
            "|" { TOKEN(PTK_PIPE); }

            * { return bad_char(lx, t); }
        */
#undef TOKEN
    }
}
