/* The re2c lexer of the .proto language (docs/language.md, "Lexical structure"). */
#include "lexer.h"

#include "parser.h"

#include <string.h>

/*!re2c
    re2c:define:YYCTYPE  = "unsigned char";
    re2c:define:YYCURSOR = "lx->cur";
    re2c:define:YYMARKER = "lx->marker";
    re2c:define:YYLIMIT  = "lx->lim";
    re2c:yyfill:enable   = 0;
    re2c:eof             = 0;
*/

void lexer_init(Lexer *lx, Program *prog, const SrcFile *file, Diag *diag)
{
    memset(lx, 0, sizeof *lx);
    lx->prog = prog;
    lx->diag = diag;
    lx->file = file;
    lx->cur = lx->line_start = file->text;
    lx->lim = file->text + file->len;
}

static Loc token_loc(const Lexer *lx)
{
    return (Loc){lx->file, (uint32_t)(lx->tok - lx->file->text), (uint32_t)(lx->cur - lx->tok)};
}

/* Comments and whitespace may span lines; keep line and column exact. */
static void count_lines(Lexer *lx, const char *from, const char *to)
{
    for (const char *p = from; p < to; p++) {
        if (*p == '\n')
            lx->line_start = p + 1;
    }
}

static void keep_comment(Lexer *lx)
{
    bool own_line = true;
    for (const char *p = lx->line_start; p < lx->tok; p++)
        if (*p != ' ' && *p != '\t' && *p != '\r')
            own_line = false;
    Comment c = {(uint32_t)(lx->tok - lx->file->text), (uint32_t)(lx->cur - lx->tok), own_line};
    ARENA_PUSH(&lx->prog->arena, lx->prog->comments, lx->prog->ncomments, c);
}

/* At most 40 characters of a literal in a message, with "..." when cut. */
static void quote_literal(const Lexer *lx, char *buf, size_t size)
{
    int n = (int)(lx->cur - lx->tok);
    snprintf(buf, size, "%.*s%s", n > 40 ? 40 : n, lx->tok, n > 40 ? "..." : "");
}

static bool scan_number(Lexer *lx, Token *t, int base)
{
    const char *p = lx->tok + (base == 16 ? 2 : 0);
    uint64_t v = 0;
    bool overflow = false;
    for (; p < lx->cur; p++) {
        int c = (unsigned char)*p, d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (base == 16 && c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (base == 16 && c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            break; /* an integer suffix (u, U, l, L): ignored */
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            overflow = true;
        v = v * (uint64_t)base + (uint64_t)d;
    }
    if (overflow) {
        char text[48];
        quote_literal(lx, text, sizeof text);
        diag_at(lx->diag, SEV_ERROR, t->loc, "integer literal '%s' does not fit in 64 bits", text);
        v = 0;
    }
    t->num = v;
    return true;
}

/* A run of bad bytes is reported once.  A valid UTF-8 character is named;
 * anything else is shown as the byte it is.  Scanning resumes right after
 * the character, so its neighbours are lexed normally. */
static void report_bad_bytes(Lexer *lx, Token *t)
{
    const unsigned char *s = (const unsigned char *)lx->tok;
    uint32_t cp;
    size_t len = utf8_decode(s, (size_t)(lx->lim - lx->tok), &cp);
    lx->cur = lx->tok + (len ? len : 1);
    t->loc.len = (uint32_t)(lx->cur - lx->tok);
    if (lx->bad_run)
        return;
    lx->bad_run = true;
    if (cp == 0xFEFF && len == 3)
        diag_at(lx->diag, SEV_ERROR, t->loc, "byte-order mark (U+FEFF) in the middle of the text");
    else if (len > 1)
        diag_at(lx->diag, SEV_ERROR, t->loc,
                "non-ASCII character U+%04X outside a comment (identifiers are ASCII)", cp);
    else if (s[0] >= 0x80)
        diag_at(lx->diag, SEV_ERROR, t->loc, "invalid byte 0x%02X (not UTF-8 text)", s[0]);
    else if (s[0] < 0x20 || s[0] == 0x7F)
        diag_at(lx->diag, SEV_ERROR, t->loc, "unexpected control character 0x%02X", s[0]);
    else
        diag_at(lx->diag, SEV_ERROR, t->loc, "unexpected character '%c'", s[0]);
}

/* Reports an unterminated comment, or the NUL byte that cut it short. */
static void unterminated_comment(Lexer *lx, Token *t)
{
    const char *nul = memchr(lx->tok, 0, (size_t)(lx->lim - lx->tok));
    if (nul) {
        count_lines(lx, lx->tok, nul);
        lx->tok = nul;
        lx->cur = nul + 1;
        t->loc = token_loc(lx);
        diag_at(lx->diag, SEV_ERROR, t->loc, "NUL byte in the input (is this a binary file?)");
    } else {
        t->loc = token_loc(lx);
        diag_at(lx->diag, SEV_ERROR, t->loc, "unterminated comment");
    }
    lx->fatal = true;
    lx->cur = lx->lim;
}


/* The keyword that the n bytes at s spell, or 0: the one list of the
 * language's reserved words, which the front end also asks when it names
 * CUDA variables (a variable called `sync` must be renamed). */
int lexer_keyword(const char *s, size_t n)
{
    char word[16];
    if (n >= sizeof word)
        return 0;
    memcpy(word, s, n);
    word[n] = '\0';
    const unsigned char *cur = (const unsigned char *)word, *marker;
    (void)marker;
    /*!local:re2c
        re2c:define:YYCURSOR = "cur";
        re2c:define:YYMARKER = "marker";
        re2c:yyfill:enable   = 0;
        re2c:eof             = -1;
        "shared" "\x00" { return TK_SHARED; }
        "global" "\x00" { return TK_GLOBAL; }
        "const" "\x00" { return TK_CONST; }
        "local" "\x00" { return TK_LOCAL; }
        "where" "\x00" { return TK_WHERE; }
        "uniform" "\x00" { return TK_UNIFORM; }
        "kernel" "\x00" { return TK_KERNEL; }
        "rd" "\x00" | "ro" "\x00" { return TK_RD; }
        "wr" "\x00" | "rw" "\x00" { return TK_WR; }
        "atomic" "\x00" { return TK_ATOMIC; }
        "sync" "\x00" { return TK_SYNC; }
        "opaque" "\x00" { return TK_OPAQUE; }
        "if" "\x00" { return TK_IF; }
        "else" "\x00" { return TK_ELSE; }
        "foreach" "\x00" { return TK_FOREACH; }
        "for" "\x00" { return TK_FOR; }
        "in" "\x00" { return TK_IN; }
        "let" "\x00" { return TK_LET; }
        "assume" "\x00" { return TK_ASSUME; }
        "distinct" "\x00" { return TK_DISTINCT; }
        "pow2" "\x00" { return TK_POW2; }
        "min" "\x00" { return TK_MIN; }
        "max" "\x00" { return TK_MAX; }
        "true" "\x00" { return TK_TRUE; }
        "false" "\x00" { return TK_FALSE; }
        * { return 0; }
    */
}

int lexer_next(Lexer *lx, Token *t)
{
    for (;;) {
        lx->tok = lx->cur;
        t->name = NULL;
        t->num = 0;
#define TOKEN(k) do { t->loc = token_loc(lx); lx->bad_run = false; return t->kind = (k); } while (0)
        /*!re2c
            ident = [a-zA-Z_][a-zA-Z0-9_]* ("." [a-zA-Z_][a-zA-Z0-9_]*)*;
            suffix = [uUlL]*;

            $ { t->loc = token_loc(lx); return t->kind = 0; }
            "\x00" {
                t->loc = token_loc(lx);
                diag_at(lx->diag, SEV_ERROR, t->loc, "NUL byte in the input (is this a binary file?)");
                lx->fatal = true;
                lx->cur = lx->lim;
                return t->kind = 0;
            }
            "\xEF\xBB\xBF" {
                if (lx->tok != lx->file->text) {
                    t->loc = token_loc(lx);
                    report_bad_bytes(lx, t);
                }
                continue; /* a byte-order mark opening the file is fine */
            }

            [ \t\r\v\f]+ { continue; }
            "\n" { lx->line_start = lx->cur; continue; }
            "//" [^\n\x00]* { keep_comment(lx); continue; }
            "#" ([^|\n\x00] [^\n\x00]*)? { keep_comment(lx); continue; }
            "/*" ([^*\x00] | "*"+ [^*/\x00])* "*"+ "/" { keep_comment(lx); count_lines(lx, lx->tok, lx->cur); continue; }
            "#|" ([^|\x00] | "|"+ [^|#\x00])* "|"+ "#" { keep_comment(lx); count_lines(lx, lx->tok, lx->cur); continue; }
            "/*" | "#|" {
                unterminated_comment(lx, t);
                return t->kind = 0;
            }

            ident {
                size_t n = (size_t)(lx->cur - lx->tok);
                int keyword = lexer_keyword(lx->tok, n);
                if (keyword)
                    TOKEN(keyword);
                t->name = program_intern(lx->prog, lx->tok, n);
                TOKEN(TK_IDENT);
            }
            [0-9]+ suffix { t->loc = token_loc(lx); scan_number(lx, t, 10); TOKEN(TK_NUM); }
            "0" [xX] [0-9a-fA-F]+ suffix { t->loc = token_loc(lx); scan_number(lx, t, 16); TOKEN(TK_NUM); }
            [0-9]+ [a-zA-Z_]+ [a-zA-Z0-9_]* {
                char text[48];
                quote_literal(lx, text, sizeof text);
                t->loc = token_loc(lx);
                diag_at(lx->diag, SEV_ERROR, t->loc, "invalid number '%s'", text);
                TOKEN(TK_NUM);
            }
            [0-9]* "." [0-9]+ ([eE] [+-]? [0-9]+)? [fF]? | [0-9]+ [eE] [+-]? [0-9]+ [fF]? {
                t->loc = token_loc(lx);
                diag_at(lx->diag, SEV_ERROR, t->loc,
                        "floating-point literals are not supported: protocols compute on naturals");
                TOKEN(TK_NUM);
            }

            "("   { TOKEN(TK_LPAREN); }
            ")"   { TOKEN(TK_RPAREN); }
            "{"   { TOKEN(TK_LBRACE); }
            "}"   { TOKEN(TK_RBRACE); }
            "["   { TOKEN(TK_LBRACKET); }
            "]"   { TOKEN(TK_RBRACKET); }
            ";"   { TOKEN(TK_SEMI); }
            ","   { TOKEN(TK_COMMA); }
            ":"   { TOKEN(TK_COLON); }
            "?"   { TOKEN(TK_QUESTION); }
            ".."  { TOKEN(TK_DOTDOT); }
            "@"   { TOKEN(TK_AT); }
            "="   { TOKEN(TK_ASSIGN); }
            "+="  { TOKEN(TK_PLUSEQ); }
            "-="  { TOKEN(TK_MINUSEQ); }
            "*="  { TOKEN(TK_STAREQ); }
            "/="  { TOKEN(TK_SLASHEQ); }
            "<<=" { TOKEN(TK_SHLEQ); }
            ">>=" { TOKEN(TK_SHREQ); }
            "++"  { TOKEN(TK_PLUSPLUS); }
            "--"  { TOKEN(TK_MINUSMINUS); }
            "+"   { TOKEN(TK_PLUS); }
            "-"   { TOKEN(TK_MINUS); }
            "*"   { TOKEN(TK_STAR); }
            "/"   { TOKEN(TK_SLASH); }
            "%"   { TOKEN(TK_PERCENT); }
            "<<"  { TOKEN(TK_SHL); }
            ">>"  { TOKEN(TK_SHR); }
            "<"   { TOKEN(TK_LT); }
            "<="  { TOKEN(TK_LE); }
            ">"   { TOKEN(TK_GT); }
            ">="  { TOKEN(TK_GE); }
            "=="  { TOKEN(TK_EQ); }
            "!="  { TOKEN(TK_NE); }
            "&&"  { TOKEN(TK_ANDAND); }
            "||"  { TOKEN(TK_OROR); }
            "&"   { TOKEN(TK_BAND); }
            "|"   { TOKEN(TK_BOR); }
            "^"   { TOKEN(TK_BXOR); }
            "~"   { TOKEN(TK_TILDE); }
            "!"   { TOKEN(TK_BANG); }

            [^] {
                t->loc = token_loc(lx);
                report_bad_bytes(lx, t);
                continue;
            }
        */
#undef TOKEN
    }
}

const char *token_describe(int kind)
{
    switch (kind) {
    case 0: return "end of file";
    case TK_IDENT: return "identifier";
    case TK_NUM: return "number";
    case TK_SHARED: return "'shared'";
    case TK_GLOBAL: return "'global'";
    case TK_CONST: return "'const'";
    case TK_LOCAL: return "'local'";
    case TK_WHERE: return "'where'";
    case TK_UNIFORM: return "'uniform'";
    case TK_KERNEL: return "'kernel'";
    case TK_RD: return "read access";
    case TK_WR: return "write access";
    case TK_ATOMIC: return "'atomic'";
    case TK_SYNC: return "'sync'";
    case TK_OPAQUE: return "'opaque'";
    case TK_IF: return "'if'";
    case TK_ELSE: return "'else'";
    case TK_FOREACH: return "'foreach'";
    case TK_FOR: return "'for'";
    case TK_IN: return "'in'";
    case TK_LET: return "'let'";
    case TK_ASSUME: return "'assume'";
    case TK_DISTINCT: return "'distinct'";
    case TK_POW2: return "'pow2'";
    case TK_MIN: return "'min'";
    case TK_MAX: return "'max'";
    case TK_TRUE: return "'true'";
    case TK_FALSE: return "'false'";
    case TK_LPAREN: return "'('";
    case TK_RPAREN: return "')'";
    case TK_LBRACE: return "'{'";
    case TK_RBRACE: return "'}'";
    case TK_LBRACKET: return "'['";
    case TK_RBRACKET: return "']'";
    case TK_SEMI: return "';'";
    case TK_COMMA: return "','";
    case TK_COLON: return "':'";
    case TK_QUESTION: return "'?'";
    case TK_DOTDOT: return "'..'";
    case TK_AT: return "'@'";
    case TK_ASSIGN: return "'='";
    case TK_PLUSEQ: return "'+='";
    case TK_MINUSEQ: return "'-='";
    case TK_STAREQ: return "'*='";
    case TK_SLASHEQ: return "'/='";
    case TK_SHLEQ: return "'<<='";
    case TK_SHREQ: return "'>>='";
    case TK_PLUSPLUS: return "'++'";
    case TK_MINUSMINUS: return "'--'";
    case TK_PLUS: return "'+'";
    case TK_MINUS: return "'-'";
    case TK_STAR: return "'*'";
    case TK_SLASH: return "'/'";
    case TK_PERCENT: return "'%'";
    case TK_SHL: return "'<<'";
    case TK_SHR: return "'>>'";
    case TK_LT: return "'<'";
    case TK_LE: return "'<='";
    case TK_GT: return "'>'";
    case TK_GE: return "'>='";
    case TK_EQ: return "'=='";
    case TK_NE: return "'!='";
    case TK_ANDAND: return "'&&'";
    case TK_OROR: return "'||'";
    case TK_BAND: return "'&'";
    case TK_BOR: return "'|'";
    case TK_BXOR: return "'^'";
    case TK_TILDE: return "'~'";
    case TK_BANG: return "'!'";
    default: return "token";
    }
}
