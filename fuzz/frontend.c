/* An external front end in place of `infer` (frontend.h). */
#include "frontend.h"

#include "external.h"
#include "parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A protocol larger than this is not one a person could read either. */
enum { FRONTEND_OUTPUT_MAX = 16 << 20 };

const char *frontend_failure_name(FrontendFailure f)
{
    static const char *names[] = {"ok", "crashed", "timed out", "failed", "not started", "unparsable output"};
    return f < FE_NFAILURES ? names[f] : "?";
}

/* The first non-empty line of a file (for the failure's message). */
static void first_line(const char *path, char *buf, size_t size)
{
    *buf = 0;
    FILE *f = fopen(path, "r");
    while (f && !*buf && fgets(buf, (int)size, f))
        buf[strcspn(buf, "\r\n")] = 0;
    if (f)
        fclose(f);
}

static FrontendFailure failure_of(const ExtResult *r)
{
    switch (r->status) {
    case EXT_EXITED: return r->code == 0 ? FE_OK : FE_FAILED;
    case EXT_CRASHED: return FE_CRASHED;
    case EXT_TIMEOUT: return FE_TIMEOUT;
    case EXT_NOSTART: return FE_NOSTART;
    }
    return FE_FAILED;
}

/* "dir/name.cu" -> "name.proto": the protocol's name in diagnostics, and
 * the kernel's name in a Faial-style protocol without `kernel`. */
static void protocol_name(const char *path, char *buf, size_t size)
{
    const char *base = strrchr(path, '/');
    snprintf(buf, size, "%s", base ? base + 1 : path);
    char *dot = strrchr(buf, '.');
    if (dot)
        *dot = 0;
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, ".proto");
}

static Program *parse_output(const char *path, const ExtResult *r, SrcFile **src, Diag *d, FrontendFailure *failure)
{
    char name[512];
    protocol_name(path, name, sizeof name);
    *src = src_from_memory(name, r->output, r->output_len);
    Program *p = load_program(*src, d);
    if (p && p->nkernels > 0)
        return p;
    if (p)
        diag_plain(d, SEV_ERROR, path, "the front end printed no kernel");
    program_free(p);
    src_free(*src);
    *src = NULL;
    *failure = FE_UNPARSABLE;
    return NULL;
}

Program *frontend_load(const Frontend *fe, const char *path, SrcFile **src, Diag *d, FrontendFailure *failure)
{
    *src = NULL;
    *failure = FE_NOSTART;
    char err_path[4096];
    snprintf(err_path, sizeof err_path, "%s/mapkit-frontend-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    int fd = mkstemp(err_path);
    if (fd < 0) {
        diag_plain(d, SEV_ERROR, path, "the front end was not started: no temporary file for its stderr");
        return NULL;
    }
    ExtResult r; /* stdout is the protocol; stderr goes to the file, for a failure's reason */
    external_run_apart(fe->command, path, fe->timeout_ms, FRONTEND_OUTPUT_MAX, fd, &r);
    close(fd);
    char said[512], how[256];
    first_line(err_path, said, sizeof said);
    unlink(err_path);
    *failure = failure_of(&r);
    Program *p = NULL;
    if (*failure == FE_OK && r.truncated) {
        *failure = FE_UNPARSABLE;
        diag_plain(d, SEV_ERROR, path, "the front end printed more than %d MiB", FRONTEND_OUTPUT_MAX >> 20);
    } else if (*failure == FE_OK) {
        p = parse_output(path, &r, src, d, failure);
    } else {
        diag_plain(d, SEV_ERROR, path, "the front end %s%s%s", external_describe(&r, fe->timeout_ms, how, sizeof how),
                   *said ? ": " : "", said);
    }
    external_result_free(&r);
    return p;
}
