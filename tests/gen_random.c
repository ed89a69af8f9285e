/* Random small protocols for the agreement test (the suite's agree/ cases,
 * tests/harness/formats.py; [CAV21], Fig. 2 semantics checked against the
 * SMT engines).
 *
 *   gen_random SEED COUNT OUTDIR [extended|tiles|fences|bytes|loads]
 *
 * writes OUTDIR/r0000.proto ... : COUNT valid protocols, the same ones for
 * the same seed.  Each file starts with
 *
 *   // args: -b BX[,BY] -g GX -p NAME=V ... --values 4
 *
 * the concrete instance that both `mapkit run` and `mapkit check` are given.
 * The generator itself is fuzz/randproto.c, shared with `mapkit fuzz`; this
 * is its legacy configuration, whose bytes the agreement test's seeds were
 * chosen with.  "extended" adds what randproto.h lists under `extended`. */
#include "randproto.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) == EOF || fclose(f) != 0) {
        perror(path);
        return 0;
    }
    return 1;
}

int main(int argc, char **argv)
{
    bool extended = argc == 5 && strcmp(argv[4], "extended") == 0, tiles = argc == 5 && strcmp(argv[4], "tiles") == 0;
    bool fences = argc == 5 && strcmp(argv[4], "fences") == 0;
    bool bytes = argc == 5 && strcmp(argv[4], "bytes") == 0;
    bool loads = argc == 5 && strcmp(argv[4], "loads") == 0;
    if (argc != 4 && !extended && !tiles && !fences && !bytes && !loads) {
        fprintf(stderr, "usage: gen_random SEED COUNT OUTDIR [extended|tiles|fences|bytes|loads]\n");
        return 2;
    }
    RandConfig cfg;
    rand_config_legacy(&cfg);
    cfg.on.extended = extended;
    cfg.on.shared = cfg.on.extended;
    cfg.on.tiles = tiles; /* tile and warp syncs, tile-uniform unknowns */
    cfg.on.fences = fences; /* sync local; sync global; sync exec; */
    cfg.on.bytes = bytes;   /* rd A bytes(o, w); */
    cfg.on.loads = loads;   /* atomic load A[i]; */
    char *end;
    errno = 0;
    unsigned long long seed = strtoull(argv[1], &end, 0);
    if (errno || *end) {
        fprintf(stderr, "gen_random: error: bad seed '%s'\n", argv[1]);
        return 2;
    }
    long count = strtol(argv[2], &end, 10);
    if (*end || count < 0 || count > 99999) {
        fprintf(stderr, "gen_random: error: bad count '%s'\n", argv[2]);
        return 2;
    }
    if (mkdir(argv[3], 0777) != 0 && errno != EEXIST) {
        perror(argv[3]);
        return 2;
    }
    for (long i = 0; i < count; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/r%04ld.proto", argv[3], i);
        char *text = rand_protocol(seed, (uint64_t)i, &cfg, NULL);
        int ok = write_file(path, text);
        free(text);
        if (!ok)
            return 2;
    }
    return 0;
}
