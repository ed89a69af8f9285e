#include "check.h"

#include <stdarg.h>
#include <stdio.h>

static const char *check_what = "test";
static int passed, failed;

void check_init(const char *what)
{
    check_what = what;
}

void check(bool ok, const char *fmt, ...)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL %s: ", check_what);
    vprintf(fmt, ap);
    fputc('\n', stdout);
    va_end(ap);
}

int check_passed(void)
{
    return passed;
}

int check_failed(void)
{
    return failed;
}

int check_summary(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, passed, failed);
    return failed ? 1 : 0;
}
