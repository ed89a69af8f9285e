/* Progress bars on a terminal (see progress.h). */
#include "progress.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Carriage return, then ANSI "erase to the end of the line". */
static const char erase_line[] = "\r\033[K";

static bool terminal(void)
{
    const char *term = getenv("TERM");
    return isatty(STDERR_FILENO) && !(term && strcmp(term, "dumb") == 0);
}

double progress_now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void progress_init(Progress *p, bool wanted)
{
    memset(p, 0, sizeof *p);
    p->on = wanted && terminal();
}

void progress_show(Progress *p, bool force, const char *fmt, ...)
{
    if (!p->on)
        return;
    double t = progress_now_s();
    if (!force && p->drawn && t - p->shown < 0.2)
        return;
    p->shown = t;
    fflush(stdout); /* what the program printed comes before the bar */
    fputs(erase_line, stderr);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fflush(stderr);
    p->drawn = true;
}

void progress_clear(Progress *p)
{
    if (!p->drawn)
        return;
    fputs(erase_line, stderr);
    fflush(stderr);
    p->drawn = false;
}

void progress_clear_foreign(void)
{
    if (terminal())
        fputs(erase_line, stderr);
}
