/* `mapkit check` on a project (docs/projects.md): a folder, a
 * compilation database, or several CUDA files.  Every translation unit
 * is indexed with its own flags (infer/project.h), each kernel is linked
 * to the launch sites of every unit that names it, and each kernel is
 * inferred once, in the unit that owns it, and checked under each of its
 * launches.  Borrows the options. */
#ifndef MAPKIT_PROJECT_DRIVE_H
#define MAPKIT_PROJECT_DRIVE_H

#include "drive.h"

/* Is path a folder (a project to walk)? */
bool project_is_folder(const char *path);
/* Is the input path part of the project (a folder, or a CUDA file), rather
 * than checked alone (a protocol, an OpenCL file, standard input)? */
bool project_takes(const CliOptions *o, const char *path);
/* Checks the project the options name; returns the exit code. */
int drive_project(const CliOptions *o, const DriveSinks *out);

#endif
