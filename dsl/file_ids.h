/* Files and folders met in a walk, by identity (device and inode), not by
 * path: a folder met again through a symbolic link is a loop, and a file
 * reached by two paths is one file.
 *
 * Ownership: the set owns its table (file_ids_free). */
#ifndef MAPKIT_FILE_IDS_H
#define MAPKIT_FILE_IDS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

typedef struct FileId {
    dev_t dev;
    ino_t ino;
} FileId;

typedef struct FileIds {
    FileId *slots; /* open addressing; ino 0 marks a free slot (no file has it) */
    size_t n, cap;
} FileIds;

/* Adds st's file; false when it was there already. */
bool file_ids_add(FileIds *s, const struct stat *st);
void file_ids_free(FileIds *s);

#endif
