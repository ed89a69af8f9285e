/* Files the user names for output (-o FILE, fmt -i) and the standard
 * output: never a half-written file left as if complete, never the
 * user's input or a device clobbered, never success after a failed write.
 *
 * A regular target (or a name that does not exist yet) is written to a
 * fresh temporary file beside it (mkstemp: exclusive, unpredictable) and
 * renamed over it only by output_commit; a symbolic link is followed to
 * the file it names, so that the link stays.  Anything else (a device, a
 * FIFO, a terminal) is written in place.
 *
 * Ownership: an OutFile owns its stream, its temporary file and the names
 * it keeps, from a successful output_open until output_commit or
 * output_discard, one of which must end it.  While a temporary file
 * exists its name is registered with a handler of SIGINT, SIGTERM and
 * SIGHUP that removes it before the signal ends the process (and with
 * atexit, for an exit() on the way). */
#ifndef MAPKIT_OUTPUT_H
#define MAPKIT_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

typedef struct OutFile {
    FILE *f;            /* where to write */
    const char *shown;  /* the name the user gave (borrowed), for messages */
    char *target;       /* the regular file that output_commit replaces; NULL: written in place */
    char *tmp;          /* the temporary file beside target; NULL: written in place */
    int slot;           /* its place among the temporary files the signal handler removes */
    bool quiet;         /* a file of mapkit's own: its failures are no error of the command */
} OutFile;

/* Opens the output PATH of subcommand `cmd`; "-" is the standard output.
 * Refuses (false, with an error naming both) a PATH that is the same file
 * as one of the `ninputs` inputs ("-": the standard input), by device
 * and inode, through symbolic and hard links.  `readable`: the stream
 * can also be read back (fmt -i compares).  False after an error
 * message. */
bool output_open(OutFile *o, const char *cmd, const char *path, const char *const *inputs, int ninputs,
                 bool readable);

/* A file of mapkit's own in a folder the user gave (a cache entry):
 * written through a temporary file like a regular target, so that two
 * runs sharing the folder never write one temporary file, but silently
 * (a failure only means that the entry is not stored) and never through
 * a symbolic link (the entry itself is replaced). */
bool output_open_entry(OutFile *o, const char *path);

/* Flushes and closes the stream and, only when every write succeeded,
 * puts the temporary file in place.  False after the message
 * `mapkit: error: writing PATH: REASON`: the target is then as it was. */
bool output_commit(OutFile *o);

/* Closes the stream and removes the temporary file: the target is left
 * as it was (an in-place output keeps what was written). */
void output_discard(OutFile *o);

/* Is PATH the same file as one of the inputs (by device and inode)?
 * Sets *which to that input. */
bool output_is_input(const char *path, const char *const *inputs, int ninputs, const char **which);

/* fflush(f), where the standard output's first failure is remembered
 * with its reason: a write error that stdio hits later, or hit while
 * filling its buffer, would leave only ferror's flag to report. */
bool output_flush(FILE *f);

/* The process's exit status once the standard output is flushed and
 * closed: `code`, or 2 (the usage-or-input-error status) after the
 * message `mapkit: error: writing standard output: REASON` when a write
 * to it failed, whatever verdict `code` gives. */
int output_finish_stdout(int code);

#endif
