/* Source files, locations and compiler-style diagnostics.
 *
 *   file:line:col: error: message
 *      source line
 *      ^~~~
 *
 * Ownership: a SrcFile owns its path and text (src_free releases them); a
 * Loc only borrows its SrcFile, which must outlive every node that points
 * at it.  A Diag owns nothing. */
#ifndef MAPKIT_DIAG_H
#define MAPKIT_DIAG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct SrcFile {
    char *path;
    char *text; /* NUL-terminated copy; may contain NUL bytes before len */
    size_t len;
    uint32_t *line_starts; /* offset of each line's first byte */
    size_t nlines;
} SrcFile;

/* A source range: its first byte and its length in bytes (0 for a point).
 * Lines and columns are derived on demand, so every AST node stays small. */
typedef struct Loc {
    const SrcFile *file;
    uint32_t off, len;
} Loc;

/* 1-based line, and 1-based byte column, of a location's first byte. */
uint32_t loc_line(Loc l);
uint32_t loc_col(Loc l);

typedef enum { SEV_ERROR, SEV_WARNING, SEV_NOTE } Severity;

typedef struct Diag {
    FILE *out;
    bool color;
    int errors, warnings;
    int max_errors; /* 0: unlimited; past it, errors are counted, not printed */
    /* Which diag_init made it (distinct for each call in the process): a
     * message said once per run is said once per Diag. */
    unsigned serial;
} Diag;

enum { DIAG_DEFAULT_MAX_ERRORS = 20 };

void diag_init(Diag *d, FILE *out);

/* Strict UTF-8: the length (1-4) of the character at s, or 0 when the
 * bytes are not valid UTF-8 (overlong, surrogate, truncated, > U+10FFFF). */
size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);

/* Reads a whole file.  On failure reports "path: error: why" and returns
 * NULL (missing file, directory, unreadable, larger than the limit below:
 * devices and FIFOs are read up to it too). */
SrcFile *src_load(const char *path, Diag *d);

/* The limit on one input's size, 64 MiB unless the command line's
 * --max-input-size says otherwise: every file and header read obeys it. */
enum { SRC_DEFAULT_MAX_SIZE = 64 << 20 };
void src_set_max_size(size_t bytes);
size_t src_max_size(void);
/* "BYTES", "64K", "64M", "1G" (powers of 1024): false when not a size. */
bool src_parse_size(const char *text, size_t *bytes);
/* bytes as "64 MiB" (or "1000 bytes"), into out (size n). */
void src_size_text(size_t bytes, char *out, size_t n);
/* "path: error: input larger than 64 MiB (the limit; ...)". */
void src_too_large(Diag *d, const char *path);
/* Up to limit bytes of fp and one more, in chunks (malloc'd, room for a
 * NUL at [*len]); *over: the stream held more than limit. */
char *src_read_bounded(FILE *fp, size_t limit, size_t *len, bool *over);
SrcFile *src_from_memory(const char *name, const char *text, size_t len);
void src_free(SrcFile *f);

/* s as a JSON string literal, quotes included (reports and harness
 * results are JSON lines). */
void json_string(FILE *out, const char *s);

/* A point location at byte offset `off` of f. */
Loc loc_at(const SrcFile *f, size_t off);
/* The smallest range covering a and b (same file). */
Loc loc_span(Loc a, Loc b);

void diag_at(Diag *d, Severity sev, Loc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Same, with a second range marked on the echoed line when it is the same
 * line (races point at both accesses). */
void diag_at2(Diag *d, Severity sev, Loc loc, Loc other, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* "what: error: message", for errors without a position (missing file). */
void diag_plain(Diag *d, Severity sev, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
