/* Projects (docs/projects.md): kernels defined in one translation unit
 * and launched from others.  A unit is first indexed (the kernels it
 * defines, the kernels it names, the project files it includes); the
 * driver links each kernel to the units that name it, and infers each
 * kernel once, in the unit that owns it, with the launch sites of every
 * unit linked to it read before resolution (a launch that passes one
 * buffer twice changes the protocol: infer/host/alias.c).
 *
 * A kernel is known across units by its USR (libclang's name for a
 * declaration, the same in every unit that declares it) and its
 * definition's place: a kernel in a .cu that main.cu #includes is one
 * kernel, defined in two units.
 *
 * Ownership: an UnitIndex owns its strings (unit_index_free); the
 * options of a unit are borrowed for the call. */
#ifndef MAPKIT_INFER_PROJECT_H
#define MAPKIT_INFER_PROJECT_H

#include "host/calls.h" /* the host layer's, also read by the driver (no libclang) */
#include "infer.h"

/* A translation unit: its main file and the flags it is read with. */
typedef struct InferUnit {
    const char *path;
    InferOptions o;
} InferUnit;

/* A kernel definition: the key "USR@file:line" (file an absolute path),
 * its name, and where.  A kernel template is instantiated by each unit
 * that launches it, with the arguments it gives: each such unit infers
 * its own instances, as a file alone does. */
typedef struct UnitKernel {
    char *key, *usr, *name, *file;
    unsigned line;
    bool is_template;
} UnitKernel;

/* A kernel the unit names outside kernels (a launch, its address taken):
 * its USR and, when the unit sees its definition, that definition's key
 * (NULL: the unit sees only a declaration). */
typedef struct UnitRef {
    char *usr, *def_key;
} UnitRef;

typedef struct UnitIndex {
    UnitKernel *defs;
    int ndefs, capdefs;
    UnitRef *refs;
    int nrefs, caprefs;
    char **includes; /* the project files the unit reads (absolute), its own first */
    int nincludes, capincludes;
    /* a launch whose kernel the unit does not name (cuLaunchKernel on a
     * CUfunction, a kernel held in a variable): it may launch any kernel
     * of the project, so the unit is read with every kernel's */
    bool any_launch;
    char **missing; /* quoted includes the parse could not find (read as empty), each once */
    int nmissing, capmissing;
    HostCalls calls; /* what its calls pass (calls.h) */
} UnitIndex;

/* Parses the unit and fills out; false (reported to d) when it does not
 * parse at all. */
bool infer_index_unit(const InferUnit *u, UnitIndex *out, Diag *d);
void unit_index_free(UnitIndex *x);

/* What a unit infers in a project: only the kernels whose keys own lists
 * (NULL: every kernel defined there), and the launch sites of each of
 * the launcher units besides its own.  units: how many units the project
 * has, for the message of a kernel launched nowhere. */
typedef struct InferLink {
    const char *const *own;
    int nown;
    const InferUnit *launchers;
    int nlaunchers;
    int units;
    const HostCalls *calls; /* every unit's calls; NULL when some unit was not read */
} InferLink;

/* infer_program for one unit of a project. */
Program *infer_program_linked(const SrcFile *src, const InferOptions *o, const InferLink *link, Diag *d);

#endif
