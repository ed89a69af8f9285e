/* Command templates (`--frontend`, `--against`, `fixpoint --emulate`):
 * a template such as `tool --json '{}' -q` is split into words once, the
 * way a POSIX shell splits a simple command (blanks separate words; '...'
 * keeps everything literally; "..." keeps everything but \" \\ \$ \`;
 * a backslash outside quotes keeps the next character), and every `{}` in
 * a word, quoted or not, is replaced by the file's path.  A template
 * without `{}` gets the path as one more word.  The path is never split,
 * quoted or read again: its quotes, semicolons and dollars are characters
 * of one argument.  Nothing else a shell does happens: no globbing, no
 * variables, no `~`.  A template that would need the shell (an unquoted
 * | & ; < > ( ) or a comment, a $ or ` outside single quotes) is refused
 * with a reason: a wrapper script, or `sh -c 'SCRIPT' sh {}` whose SCRIPT
 * reads the file as "$1", does the same without splicing the file into
 * the shell's text.
 *
 * Ownership: a CommandWords owns its array and every word in it
 * (command_words_free); the strings given are borrowed. */
#ifndef MAPKIT_FUZZ_COMMAND_H
#define MAPKIT_FUZZ_COMMAND_H

#include <stdbool.h>
#include <stddef.h>

typedef struct CommandWords {
    char **argv; /* argc words, then NULL: ready for execvp */
    int argc;
} CommandWords;

/* Splits tmpl and puts path in place of each `{}` (path NULL: the
 * placeholders stay as they are, and nothing is appended).  False with
 * the reason in error (and *out empty) when the template is empty, has an
 * unterminated quote or needs a shell. */
bool command_split(const char *tmpl, const char *path, CommandWords *out, char *error, size_t size);

void command_words_free(CommandWords *w);

/* Appends one word, as it is (a path: never split). */
void command_add(CommandWords *w, const char *word);
/* Appends the words of our own text (flags; no placeholder); false if it
 * would need a shell. */
bool command_add_split(CommandWords *w, const char *text);

/* The words as one line a POSIX shell would split back into them (each
 * word that needs it in single quotes): for logs and reproducers
 * (malloc'd). */
char *command_display(const CommandWords *w);

#endif
