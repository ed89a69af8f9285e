/* A deliberately faulty program, built by tests/cases/harness/sanitizer.test only: it
 * proves that the suite reads a sanitizer's report as a failure, without a
 * fault planted in mapkit.  Usage: sanitizer_probe ok|heap|ub|leak|abort [STATUS]
 * (ok exits STATUS, default 0: a stand-in for a verdict). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Out of the optimiser's sight, so the faults below stay in the binary. */
static volatile int offset = 6;

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "ok";
    if (strcmp(mode, "heap") == 0) {
        char *p = malloc(8);
        free(p);
        printf("%d\n", p[offset]); /* heap-use-after-free: AddressSanitizer */
    } else if (strcmp(mode, "ub") == 0) {
        int shift = 26 + offset;
        printf("%d\n", 1 << shift); /* shift past the width: UBSan */
    } else if (strcmp(mode, "leak") == 0) {
        char *volatile p = malloc(40);
        p[0] = 1;
        p = NULL; /* lost: LeakSanitizer, at exit */
    } else if (strcmp(mode, "abort") == 0) {
        abort(); /* SIGABRT: a crash, with or without sanitizers */
    }
    return argc > 2 ? atoi(argv[2]) : 0;
}
