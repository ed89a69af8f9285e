/* `check --explain`: each thread's path to its racing access, line by
 * line (see explain.h). */
#include "explain.h"
#include "fence.h"

#include <inttypes.h>
#include <string.h>

enum { MAX_PATH = 256 }; /* nesting deeper than this is cut, and says so */

/* The statements from the kernel's body down to target: path[0] is
 * outermost, path[n-1] the target; each level's syncs before the step
 * taken are on it too.  Returns the length, 0 when target is not in b. */
static int find_path(const Block *b, const Stmt *target, const Stmt **path, int depth)
{
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        if (depth >= MAX_PATH)
            return 0;
        path[depth] = s;
        if (s == target)
            return depth + 1;
        Block *inner[2];
        int nb = stmt_blocks((Stmt *)s, inner);
        for (int j = 0; j < nb; j++) {
            int n = find_path(inner[j], target, path, depth + 1);
            if (n)
                return n;
        }
    }
    return 0;
}

/* Is s in the then-branch of the if `cond`? */
static bool in_block(const Block *b, const Stmt *s)
{
    for (int i = 0; i < b->n; i++) {
        if (b->items[i] == s)
            return true;
        Block *inner[2];
        int nb = stmt_blocks(b->items[i], inner);
        for (int j = 0; j < nb; j++)
            if (in_block(inner[j], s))
                return true;
    }
    return false;
}

/* The source line of l, trimmed, into buf. */
static void source_line(Loc l, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!l.file || size == 0)
        return;
    const SrcFile *f = l.file;
    size_t line = loc_line(l) - 1;
    size_t start = f->line_starts[line];
    size_t end = line + 1 < f->nlines ? f->line_starts[line + 1] : f->len;
    while (start < end && (f->text[start] == ' ' || f->text[start] == '\t'))
        start++;
    while (end > start && strchr(" \t\r\n", f->text[end - 1]))
        end--;
    size_t n = end - start < size - 1 ? end - start : size - 1;
    memcpy(buf, f->text + start, n);
    buf[n] = '\0';
}

static void step_line(FILE *out, const Stmt *s, const char *note)
{
    char text[160];
    source_line(s->loc, text, sizeof text);
    fprintf(out, "      line %u: %s%s%s\n", loc_line(s->loc), text, note[0] ? "   <- " : "", note);
}

/* The value of loop variable v in thread `thread`, when the witness has it. */
static bool loop_value(const Witness *w, const Stmt *loop, int thread, int64_t *v)
{
    const Sym *var = loop->u.loop.var->u.var.sym;
    for (int i = 0; i < w->nlocals; i++) {
        const LocalRow *r = &w->locals[i];
        if (r->sym == var && (thread == 1 ? r->has1 : r->has2)) {
            *v = thread == 1 ? r->v1 : r->v2;
            return true;
        }
    }
    return false;
}

/* A barrier whose fence flags leave out the racing array's space
 * (dsl/fence.h) is passed without ordering it: say so. */
static const char *barrier_note(const Stmt *sync, const Stmt *target)
{
    const Sym *array = target->u.access.array->u.var.sym;
    if (!array || !array->array || sync_orders(sync, array->array->mem))
        return "a barrier";
    return array->array->mem == MEM_SHARED ? "a barrier that does not order shared memory"
                                           : "a barrier that does not order global memory";
}

static void explain_thread(FILE *out, const Kernel *k, const Witness *w, int thread, const Stmt *target)
{
    const Stmt *path[MAX_PATH];
    int n = find_path(&k->body, target, path, 0);
    fprintf(out, "    T%d's path to its %s:\n", thread,
            access_mode_name((AccessMode)target->u.access.mode));
    if (!n) {
        fprintf(out, "      (not found in kernel %s)\n", k->name);
        return;
    }
    const Block *block = &k->body;
    for (int d = 0; d < n; d++) {
        /* the barriers this thread passed in this block before going on */
        for (int i = 0; i < block->n && block->items[i] != path[d]; i++)
            if (block->items[i]->kind == S_SYNC)
                step_line(out, block->items[i], barrier_note(block->items[i], target));
        const Stmt *s = path[d];
        char note[96] = "";
        if (s == target) {
            snprintf(note, sizeof note, "the racing %s", access_mode_name((AccessMode)s->u.access.mode));
        } else if (s->kind == S_LOOP) {
            int64_t v;
            if (loop_value(w, s, thread, &v))
                snprintf(note, sizeof note, "%s = %" PRId64, s->u.loop.var->u.var.name, v);
            else
                snprintf(note, sizeof note, "in the loop");
            block = &s->u.loop.body;
        } else if (s->kind == S_IF) {
            bool then = in_block(&s->u.if_.then, path[d + 1]);
            snprintf(note, sizeof note, "%s", then ? "the condition holds" : "else: the condition fails");
            block = then ? &s->u.if_.then : &s->u.if_.els;
        }
        step_line(out, s, note);
    }
}

void explain_race(FILE *out, const Kernel *k, const Witness *w)
{
    explain_thread(out, k, w, 1, w->stmt1);
    explain_thread(out, k, w, 2, w->stmt2);
}
