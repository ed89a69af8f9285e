/* Basic blocks, dominators, natural loops and region post-dominators of a
 * PTX body (ptx_cfg.h).  nvcc's PTX from structured C is reducible: every
 * retreating edge goes to a block that dominates its source. */
#include "ptx_cfg.h"

#include <stdlib.h>
#include <string.h>

typedef struct Builder {
    PtxCfg *g;
    const char **labels; /* label names and the instruction index they precede */
    int *label_at;
    int nlabels, caplabels;
    int capinstrs, capvars;
    bool *leader;        /* instruction i starts a block */
    int capleader;
} Builder;

static bool is_terminator(const PtxInstr *in)
{
    return in->op == PTX_OPC_BRA || in->op == PTX_OPC_RET || in->op == PTX_OPC_EXIT || in->op == PTX_OPC_TRAP ||
           strcmp(in->opcode, "brx") == 0;
}

/* The body's labels and instructions in order, nested blocks (call
 * sequences, inline asm) read as if inline. */
static void flatten(Builder *b, const PtxBlock *blk)
{
    PtxCfg *g = b->g;
    for (int i = 0; i < blk->n; i++) {
        const PtxStmt *s = blk->items[i];
        switch (s->kind) {
        case PTX_S_LABEL:
            if (b->nlabels == b->caplabels) {
                b->caplabels = b->caplabels ? 2 * b->caplabels : 16;
                b->labels = xrealloc(b->labels, (size_t)b->caplabels * sizeof *b->labels);
                b->label_at = xrealloc(b->label_at, (size_t)b->caplabels * sizeof *b->label_at);
            }
            b->labels[b->nlabels] = s->u.label;
            b->label_at[b->nlabels++] = g->ninstrs;
            break;
        case PTX_S_INSTR:
            VEC_PUSH(g->instrs, g->ninstrs, b->capinstrs, &s->u.instr);
            break;
        case PTX_S_VAR:
            VEC_PUSH(g->vars, g->nvars, b->capvars, &s->u.var);
            break;
        case PTX_S_BLOCK:
            flatten(b, &s->u.block);
            break;
        default:
            break;
        }
    }
}

static int label_index(const Builder *b, const char *name)
{
    for (int i = 0; i < b->nlabels; i++)
        if (strcmp(b->labels[i], name) == 0)
            return b->label_at[i];
    return -1;
}

/* Leaders: the first instruction, every labelled one, every one after a
 * terminator; then the blocks between them. */
static void split_blocks(Builder *b)
{
    PtxCfg *g = b->g;
    int n = g->ninstrs;
    bool *leader = xcalloc((size_t)n + 1, sizeof *leader);
    leader[0] = true;
    for (int i = 0; i < b->nlabels; i++)
        leader[b->label_at[i]] = true;
    for (int i = 0; i < n; i++)
        if (is_terminator(g->instrs[i]))
            leader[i + 1] = true;
    g->blocks = xcalloc((size_t)n + 1, sizeof *g->blocks);
    for (int i = 0; i < n; i++) {
        if (leader[i]) {
            g->blocks[g->nblocks].first = i;
            g->nblocks++;
        }
        g->blocks[g->nblocks - 1].last = i + 1;
    }
    if (g->nblocks == 0) { /* an empty body: one empty block */
        g->nblocks = 1;
        g->blocks[0].first = g->blocks[0].last = 0;
    }
    b->leader = leader;
}

static int block_of_instr(const PtxCfg *g, int i)
{
    for (int k = 0; k < g->nblocks; k++)
        if (g->blocks[k].first == i && (g->blocks[k].last > i || i == g->ninstrs))
            return k;
    return g->nblocks; /* past the end: the exit */
}

/* The successors of each block, from the instruction that ends it. */
static bool link_blocks(Builder *b, const char **why)
{
    PtxCfg *g = b->g;
    int exit = g->nblocks;
    for (int k = 0; k < g->nblocks; k++) {
        PtxBB *bb = &g->blocks[k];
        int next = k + 1 < g->nblocks ? k + 1 : exit;
        const PtxInstr *t = bb->last > bb->first ? g->instrs[bb->last - 1] : NULL;
        bb->loop = -1;
        if (!t || !is_terminator(t)) {
            bb->succ[0] = next;
            bb->nsucc = 1;
            continue;
        }
        bb->term = t;
        int target;
        if (t->op == PTX_OPC_BRA) {
            if (t->nops < 1 || t->ops[0]->kind != PTX_OPND_SYM) {
                *why = "a branch whose target is not a label";
                return false;
            }
            int at = label_index(b, t->ops[0]->name);
            if (at < 0) {
                *why = "a branch to a label this function does not define";
                return false;
            }
            target = block_of_instr(g, at);
        } else if (t->op == PTX_OPC_RET || t->op == PTX_OPC_EXIT || t->op == PTX_OPC_TRAP) {
            target = exit;
        } else {
            *why = "an indirect branch (brx.idx)";
            return false;
        }
        bb->succ[0] = target;
        bb->nsucc = 1;
        if (t->guard) {
            bb->cond = true;
            bb->succ[1] = next;
            bb->nsucc = 2;
        }
    }
    return true;
}

/* ---- dominators (Cooper, Harvey and Kennedy's iteration over the reverse postorder) ---- */

static void postorder(const PtxCfg *g, int *order, int *n)
{
    int nb = g->nblocks;
    bool *seen = xcalloc((size_t)nb + 1, sizeof *seen);
    int *stack = xcalloc((size_t)nb + 1, sizeof *stack), *next = xcalloc((size_t)nb + 1, sizeof *next);
    int sp = 0;
    stack[sp++] = 0;
    seen[0] = true;
    while (sp) {
        int v = stack[sp - 1];
        if (next[v] < g->blocks[v].nsucc) {
            int s = g->blocks[v].succ[next[v]++];
            if (s < nb && !seen[s]) {
                seen[s] = true;
                stack[sp++] = s;
            }
        } else {
            order[(*n)++] = v;
            sp--;
        }
    }
    free(seen);
    free(stack);
    free(next);
}

static int intersect(const int *idom, const int *po, int a, int b)
{
    while (a != b) {
        while (po[a] < po[b])
            a = idom[a];
        while (po[b] < po[a])
            b = idom[b];
    }
    return a;
}

/* The same walk toward the sink: a post-dominator has the smaller number. */
static int intersect_post(const int *ipdom, const int *po, int a, int b)
{
    while (a != b) {
        while (po[a] > po[b])
            a = ipdom[a];
        while (po[b] > po[a])
            b = ipdom[b];
    }
    return a;
}

static void dominators(PtxCfg *g, int *po_num, int *rpo, int nrpo)
{
    int nb = g->nblocks;
    g->idom = xcalloc((size_t)nb + 1, sizeof *g->idom);
    for (int i = 0; i <= nb; i++)
        g->idom[i] = -1;
    g->idom[0] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 1; i < nrpo; i++) {
            int v = rpo[i], nd = -1;
            for (int p = 0; p < nb; p++)
                for (int s = 0; s < g->blocks[p].nsucc; s++)
                    if (g->blocks[p].succ[s] == v && g->idom[p] >= 0)
                        nd = nd < 0 ? p : intersect(g->idom, po_num, p, nd);
            if (nd != g->idom[v]) {
                g->idom[v] = nd;
                changed = true;
            }
        }
    }
}

bool ptx_cfg_dominates(const PtxCfg *g, int a, int b)
{
    if (b >= g->nblocks || g->idom[b] < 0)
        return false;
    for (;;) {
        if (a == b)
            return true;
        if (b == 0)
            return false;
        b = g->idom[b];
    }
}

/* ---- natural loops ---- */

static PtxLoop *loop_of_header(PtxCfg *g, int h)
{
    for (int i = 0; i < g->nloops; i++)
        if (g->loops[i].header == h)
            return &g->loops[i];
    g->loops = xrealloc(g->loops, (size_t)(g->nloops + 1) * sizeof *g->loops);
    PtxLoop *l = &g->loops[g->nloops++];
    memset(l, 0, sizeof *l);
    l->header = h;
    l->body = xcalloc((size_t)g->nblocks + 1, sizeof *l->body);
    l->body[h] = true;
    l->parent = -1;
    return l;
}

/* The body of a back edge latch -> header: the blocks that reach the
 * latch without passing the header. */
static void add_back_edge(PtxCfg *g, PtxLoop *l, int latch)
{
    l->latches = xrealloc(l->latches, (size_t)(l->nlatches + 1) * sizeof *l->latches);
    l->latches[l->nlatches++] = latch;
    int *work = xcalloc((size_t)g->nblocks + 1, sizeof *work), n = 0;
    if (!l->body[latch]) {
        l->body[latch] = true;
        work[n++] = latch;
    }
    while (n) {
        int v = work[--n];
        for (int p = 0; p < g->nblocks; p++)
            for (int s = 0; s < g->blocks[p].nsucc; s++)
                if (g->blocks[p].succ[s] == v && !l->body[p] && g->idom[p] >= 0) {
                    l->body[p] = true;
                    work[n++] = p;
                }
    }
    free(work);
}

static bool find_loops(PtxCfg *g, const int *po_num, const char **why)
{
    for (int v = 0; v < g->nblocks; v++) {
        if (g->idom[v] < 0)
            continue;
        for (int s = 0; s < g->blocks[v].nsucc; s++) {
            int h = g->blocks[v].succ[s];
            if (h >= g->nblocks || po_num[h] < po_num[v])
                continue; /* a forward edge */
            if (!ptx_cfg_dominates(g, h, v)) {
                *why = "control flow that is not structured (a loop with two entries)";
                return false;
            }
            add_back_edge(g, loop_of_header(g, h), v);
        }
    }
    for (int i = 0; i < g->nloops; i++)
        for (int b = 0; b < g->nblocks; b++)
            g->loops[i].size += g->loops[i].body[b];
    /* innermost loop of each block and each loop's parent: the smallest
     * loop around it */
    for (int b = 0; b < g->nblocks; b++) {
        int best = -1;
        for (int i = 0; i < g->nloops; i++)
            if (g->loops[i].body[b] && (best < 0 || g->loops[i].size < g->loops[best].size))
                best = i;
        g->blocks[b].loop = best;
    }
    for (int i = 0; i < g->nloops; i++) {
        int best = -1;
        for (int j = 0; j < g->nloops; j++)
            if (j != i && g->loops[j].body[g->loops[i].header] && g->loops[j].size > g->loops[i].size &&
                (best < 0 || g->loops[j].size < g->loops[best].size))
                best = j;
        g->loops[i].parent = best;
    }
    return true;
}

bool ptx_cfg_in_loop(const PtxCfg *g, int l, int b)
{
    return l < 0 || (b < g->nblocks && g->loops[l].body[b]);
}

PtxCfg *ptx_cfg_build(const PtxFunc *f, const char **why)
{
    PtxCfg *g = xcalloc(1, sizeof *g);
    Builder b = {.g = g};
    if (f->body)
        flatten(&b, f->body);
    split_blocks(&b);
    bool ok = link_blocks(&b, why);
    if (ok) {
        int nb = g->nblocks, npo = 0;
        int *po = xcalloc((size_t)nb + 1, sizeof *po), *po_num = xcalloc((size_t)nb + 1, sizeof *po_num);
        postorder(g, po, &npo);
        for (int i = 0; i <= nb; i++)
            po_num[i] = -1;
        for (int i = 0; i < npo; i++)
            po_num[po[i]] = i;
        int *rpo = xcalloc((size_t)nb + 1, sizeof *rpo);
        for (int i = 0; i < npo; i++)
            rpo[i] = po[npo - 1 - i];
        dominators(g, po_num, rpo, npo);
        ok = find_loops(g, po_num, why);
        free(po);
        free(po_num);
        free(rpo);
    }
    free(b.labels);
    free(b.label_at);
    free(b.leader);
    if (!ok) {
        ptx_cfg_free(g);
        return NULL;
    }
    return g;
}

void ptx_cfg_free(PtxCfg *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->nloops; i++) {
        free(g->loops[i].body);
        free(g->loops[i].latches);
    }
    free(g->loops);
    free(g->instrs);
    free(g->blocks);
    free(g->idom);
    free(g->vars);
    free(g);
}

/* ---- regions ---- */

int ptx_region_map(const PtxCfg *g, int loop, int t)
{
    int sink = g->nblocks + 1;
    if (t >= g->nblocks)
        return sink;
    if (loop >= 0 && (t == g->loops[loop].header || !g->loops[loop].body[t]))
        return sink;
    /* a block of a loop nested in this region: that loop's header */
    for (int l = g->blocks[t].loop; l >= 0; l = g->loops[l].parent)
        if (g->loops[l].parent == loop)
            return g->loops[l].header;
    return t;
}

static bool is_child_header(const PtxCfg *g, int loop, int n)
{
    if (n >= g->nblocks)
        return false;
    int l = g->blocks[n].loop;
    return l >= 0 && l != loop && g->loops[l].header == n && g->loops[l].parent == loop;
}

int ptx_region_succs(const PtxCfg *g, const PtxRegion *r, int n, int out[], int cap)
{
    int k = 0;
    if (n >= g->nblocks)
        return 0;
    if (is_child_header(g, r->loop, n)) {
        const PtxLoop *c = &g->loops[g->blocks[n].loop];
        for (int b = 0; b < g->nblocks; b++) {
            if (!c->body[b])
                continue;
            for (int s = 0; s < g->blocks[b].nsucc; s++) {
                int t = g->blocks[b].succ[s];
                if (t < g->nblocks && c->body[t])
                    continue;
                int m = ptx_region_map(g, r->loop, t);
                bool dup = false;
                for (int j = 0; j < k; j++)
                    dup |= out[j] == m;
                if (!dup && k < cap)
                    out[k++] = m;
            }
        }
        return k;
    }
    for (int s = 0; s < g->blocks[n].nsucc && k < cap; s++)
        out[k++] = ptx_region_map(g, r->loop, g->blocks[n].succ[s]);
    return k;
}

static void region_postorder(const PtxCfg *g, const PtxRegion *r, int v, int *po_num, int *counter, bool *seen)
{
    int succ[64];
    seen[v] = true;
    int n = ptx_region_succs(g, r, v, succ, 64);
    for (int i = 0; i < n; i++)
        if (!seen[succ[i]])
            region_postorder(g, r, succ[i], po_num, counter, seen);
    po_num[v] = (*counter)++;
}

/* Immediate post-dominators of the region's DAG, successors first. */
void ptx_region_build(const PtxCfg *g, int loop, PtxRegion *r)
{
    int nn = g->nblocks + 2;
    r->loop = loop;
    r->entry = loop >= 0 ? g->loops[loop].header : 0;
    r->sink = g->nblocks + 1;
    r->ipdom = xcalloc((size_t)nn, sizeof *r->ipdom);
    int *po_num = xcalloc((size_t)nn, sizeof *po_num), *by_po = xcalloc((size_t)nn, sizeof *by_po);
    bool *seen = xcalloc((size_t)nn, sizeof *seen);
    int counter = 0;
    for (int i = 0; i < nn; i++)
        r->ipdom[i] = -1;
    if (loop >= 0) { /* the entry's own edges: it is not collapsed in its own region */
        seen[r->sink] = true;
        po_num[r->sink] = counter++;
    }
    region_postorder(g, r, r->entry, po_num, &counter, seen);
    if (!seen[r->sink]) {
        seen[r->sink] = true;
        po_num[r->sink] = counter++;
        /* a region with no path to its sink has none; give the sink the lowest number */
        for (int i = 0; i < nn; i++)
            if (seen[i] && i != r->sink)
                po_num[i]++;
        po_num[r->sink] = 0;
    }
    for (int i = 0; i < nn; i++)
        if (seen[i])
            by_po[po_num[i]] = i;
    r->ipdom[r->sink] = r->sink;
    for (int k = 0; k < counter; k++) {
        int v = by_po[k], succ[64];
        if (v == r->sink)
            continue;
        int n = ptx_region_succs(g, r, v, succ, 64), d = -1;
        for (int i = 0; i < n; i++)
            d = d < 0 ? succ[i] : intersect_post(r->ipdom, po_num, succ[i], d);
        r->ipdom[v] = d < 0 ? r->sink : d;
    }
    free(po_num);
    free(by_po);
    free(seen);
}

void ptx_region_free(PtxRegion *r)
{
    free(r->ipdom);
    r->ipdom = NULL;
}
