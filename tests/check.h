/* The C test binaries' one assertion: each check counts, and a failing one
 * prints "FAIL WHAT: message" (WHAT from check_init).  The binary's last
 * line, from check_summary, is "NAME: N passed, M failed": the runner
 * (tests/runner.py) counts every check as one assertion. */
#ifndef MAPKIT_TESTS_CHECK_H
#define MAPKIT_TESTS_CHECK_H

#include <stdbool.h>

void check_init(const char *what);
void check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int check_passed(void);
int check_failed(void);
/* Prints "NAME: N passed, M failed"; the binary's exit status. */
int check_summary(const char *name);

#endif
