/* Values that travel through memory (docs/language.md 3.6, docs/checker.md
 * item 2): one value per cell per interval.  `local x = rd A[i];` gives
 * the threads of the block that read one cell the same value when no
 * thread of the block writes that cell in the read's barrier interval (for
 * a global array, no thread of another block writes it at all); a cell no
 * thread writes during the kernel has one value for every reader, in any
 * block (of a shared array: of one block).  Each part is a solver query
 * over the two threads T1 and T2; an answer other than "impossible"
 * (unknown included) leaves the value per thread, which is always sound. */
#include "check.h"

#include "encode_int.h"

#include <stdlib.h>

/* A query's budget of work (smt.h's units): these are small formulas, and
 * the kernel's own deadline bounds them all. */
enum { UNIFORM_UNITS = 50000 };

static bool impossible(Enc *e, SmtList *parts)
{
    Z3_ast f = smt_and(e->smt, parts->n, parts->items);
    smt_list_free(parts);
    return !smt_out_of_time(e->smt) && solve_within(e->solver, f, UNIFORM_UNITS) == SMT_UNSAT;
}

static void add_path(SmtList *l, const Path *p)
{
    smt_list_add(l, p->guards);
    smt_list_add(l, p->assumes);
}

/* The cells T1 reads at p1 and T2 touches at p2 are one: for an array
 * with byte accesses, the two instances of one read cover the same bytes,
 * and two different accesses share a byte. */
static Z3_ast same_cell(Enc *e, Path *p1, Path *p2)
{
    const Stmt *a = p1->target, *b = p2->target;
    if (a->u.access.array->u.var.sym->array->has_bytes) {
        Z3_ast lo1, hi1, lo2, hi2;
        enc_byte_range(e, a, &p1->env, &lo1, &hi1);
        enc_byte_range(e, b, &p2->env, &lo2, &hi2);
        if (a == b)
            return smt_and2(e->smt, smt_eq(e->smt, lo1, lo2), smt_eq(e->smt, hi1, hi2));
        return enc_bytes_overlap(e, lo1, hi1, lo2, hi2);
    }
    SmtList eq = {0};
    for (int d = 0; d < a->u.access.nindex && d < b->u.access.nindex; d++)
        smt_list_add(&eq, smt_eq(e->smt, enc_int(e, a->u.access.index[d], &p1->env),
                                 enc_int(e, b->u.access.index[d], &p2->env)));
    Z3_ast r = smt_and(e->smt, eq.n, eq.items);
    smt_list_free(&eq);
    return r;
}

/* Do T1 and T2 of one block, at the same instance of the read (the same
 * enclosing loop iterations), always read one cell? */
static bool index_shared(Enc *e, Z3_ast base, const Stmt *read)
{
    Path p1 = enc_path(e, read, 1, NULL);
    Z3_ast *forced = xcalloc((size_t)e->f->nstmts + 1, sizeof *forced);
    for (int L = 0; L < p1.n; L++)
        if (p1.lv[L].anc->kind == S_LOOP && p1.lv[L].var)
            forced[p1.lv[L].anc->id] = p1.lv[L].var;
    Path p2 = enc_path(e, read, 2, forced);
    SmtList q = {0};
    smt_list_add(&q, base);
    smt_list_add(&q, enc_distinct(e));
    smt_list_add(&q, enc_same_block(e));
    add_path(&q, &p1);
    add_path(&q, &p2);
    smt_list_add(&q, smt_not(e->smt, same_cell(e, &p1, &p2)));
    bool shared = impossible(e, &q);
    path_free(&p1);
    path_free(&p2);
    free(forced);
    return shared;
}

typedef enum { WRITER_SAME_INTERVAL, WRITER_OTHER_BLOCK, WRITER_ANY } WriterScope;

/* May some thread T2 write the cell T1 reads at `read` (in the same block
 * and interval, from another block at any time, or anyone at any time)? */
static bool no_writer(Enc *e, Z3_ast base, const Stmt *read, const Sym *array, WriterScope scope)
{
    const Facts *f = e->f;
    for (int i = 0; i < f->nsites; i++) {
        const Site *w = &f->sites[i];
        if (w->array != array || !access_writes(w->stmt))
            continue;
        Path p1 = enc_path(e, read, 1, NULL), p2 = enc_path(e, w->stmt, 2, NULL);
        SmtList q = {0};
        smt_list_add(&q, base);
        add_path(&q, &p1);
        add_path(&q, &p2);
        smt_list_add(&q, same_cell(e, &p1, &p2));
        if (scope == WRITER_SAME_INTERVAL) {
            smt_list_add(&q, enc_distinct(e));
            smt_list_add(&q, enc_same_block(e));
            uint8_t saved = e->ordering;
            e->ordering = enc_ordering_for(e, array->array->mem); /* the syncs that order it */
            smt_list_add(&q, enc_same_interval(e, &p1, &p2));
            e->ordering = saved;
        } else if (scope == WRITER_OTHER_BLOCK) {
            smt_list_add(&q, smt_not(e->smt, enc_same_block(e)));
        }
        bool none = impossible(e, &q);
        path_free(&p1);
        path_free(&p2);
        if (!none)
            return false;
    }
    return true;
}

/* The writes and atomics of `array` (in the stretch `region`, or anywhere
 * with region < 0).  A syntactic look, which no solver answer replaces in
 * the stretch: a thread's own write between two of its reads of one cell. */
static int count_writes(const Facts *f, const Sym *array, int region)
{
    int n = 0;
    for (int i = 0; i < f->nsites; i++)
        n += f->sites[i].array == array && access_writes(f->sites[i].stmt) &&
             (region < 0 || f->sites[i].region == region);
    return n;
}

/* Reads at a per-thread index are looked at only against this many
 * writes of their array: each costs up to three queries, and most such
 * values are never compared (a benign pair, a condition) anyway. */
enum { MAX_WRITES_PER_THREAD_INDEX = 16 };

typedef struct ReadShare {
    ShareGroup group;
    ShareKey key;
} ReadShare;

/* Cheapest first: a cell nobody writes keeps one value all kernel long
 * (no query when the array has no write at all); else the block's rule.
 * A stretch with a write of the array keeps the statement in the key: the
 * thread itself may write the cell between two reads. */
static ReadShare read_share(Enc *e, Z3_ast base, const Site *site)
{
    const Stmt *read = site->stmt;
    const Sym *array = site->array;
    bool global = array->array->mem == MEM_GLOBAL;
    ReadShare own = {GROUP_THREAD, KEY_INSTANCE};
    bool uniform = index_shared(e, base, read);
    int nwrites = count_writes(e->f, array, -1);
    if (!uniform && nwrites > MAX_WRITES_PER_THREAD_INDEX)
        return own;
    if (nwrites == 0 || no_writer(e, base, read, array, WRITER_ANY))
        return (ReadShare){global ? GROUP_GRID : GROUP_BLOCK, KEY_CELL};
    if (!no_writer(e, base, read, array, WRITER_SAME_INTERVAL) ||
        (global && !no_writer(e, base, read, array, WRITER_OTHER_BLOCK)))
        return own;
    if (!count_writes(e->f, array, site->region))
        return (ReadShare){GROUP_BLOCK, KEY_REGION};
    return (ReadShare){GROUP_BLOCK, uniform ? KEY_INSTANCE : KEY_INSTANCE_CELL};
}

/* In program order: a read whose index uses an earlier shared value is
 * looked at with that value shared. */
void uniform_reads_decide(Enc *e)
{
    const Facts *f = e->f;
    if (f->groups->decided || e->cfg->for_vacuity)
        return;
    f->groups->decided = true;
    Z3_ast base = NULL;
    for (int i = 0; i < f->nsites && !smt_out_of_time(e->smt); i++) {
        const Stmt *s = f->sites[i].stmt;
        if (!s->u.access.into)
            continue;
        if (!base)
            base = enc_base(e);
        ReadShare r = read_share(e, base, &f->sites[i]);
        int sym = s->u.access.into->u.var.sym->index;
        f->groups->of[sym] = (uint8_t)r.group;
        f->groups->key[sym] = (uint8_t)r.key;
        f->groups->region[sym] = f->sites[i].region;
    }
}
