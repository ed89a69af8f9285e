/* A growing string, for the sources emulate_build.c and emulate_opencl.c
 * write (always NUL-terminated; the caller frees s). */
#ifndef MAPKIT_EMULATE_BUF_H
#define MAPKIT_EMULATE_BUF_H

#include <stdlib.h>
#include <string.h>

typedef struct Buf {
    char *s;
    size_t n, cap;
} Buf;

static inline void buf_add(Buf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        b->cap = (b->n + n + 1) * 2;
        b->s = realloc(b->s, b->cap);
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
}

#endif
