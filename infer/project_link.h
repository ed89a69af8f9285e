/* The front end's side of projects (project.h): what frontend.c asks of
 * project.c while it infers one unit of a project. */
#ifndef MAPKIT_INFER_PROJECT_LINK_H
#define MAPKIT_INFER_PROJECT_LINK_H

#include "host.h"
#include "project.h"

/* The key of a kernel definition, "USR@file:line" (project.h);
 * malloc'd, NULL when the cursor has no file. */
char *project_kernel_key(CXCursor def);
/* Is the definition def one of the kernels link has this unit infer? */
bool project_owns(const InferLink *link, CXCursor def);
/* Reads the launch sites of link's launcher units into r: each unit is
 * parsed with its flags, read, and disposed of; the SrcFiles its
 * launches point into are p's.  def_source gives the files of the
 * kernels' own unit (their definitions). */
void project_read_launchers(const InferLink *link, HostReader *r, CXIndex index, Program *p, HostSource def_source,
                            void *def_ctx, Diag *d);
/* A kernel of p with no launch found in any unit (launches[i], the
 * count of kernel i's launch sites) says so among its assumptions: it
 * is checked for every launch. */
void project_note_unlaunched(const InferLink *link, Program *p, const int *launches);

#endif
