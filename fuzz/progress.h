/* A one-line progress report on standard error, for the long runs
 * (`fixpoint`, `fuzz`).  It is drawn only on a terminal (and not when
 * TERM=dumb), at most a few times a second, and cleared before any other
 * line is written, so no line is ever glued onto it.  Off a terminal
 * nothing is drawn and progress_clear writes nothing.
 *
 * Ownership: a Progress holds no resources. */
#ifndef MAPKIT_FUZZ_PROGRESS_H
#define MAPKIT_FUZZ_PROGRESS_H

#include <stdbool.h>

typedef struct Progress {
    bool on;      /* stderr is a terminal and the caller wants a bar */
    bool drawn;   /* the line shows a bar now */
    double shown; /* when it was last drawn (seconds, monotonic) */
} Progress;

void progress_init(Progress *p, bool wanted);
/* Draws the text (printf style) unless it was drawn less than 0.2 s ago
 * and force is false. */
void progress_show(Progress *p, bool force, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Erases the bar, if one is drawn; call it before writing any other line. */
void progress_clear(Progress *p);
/* Erases whatever is on the terminal's current line (a bar another process
 * drew), when stderr is a terminal: for the worker processes of -j N. */
void progress_clear_foreign(void);
double progress_now_s(void);

#endif
