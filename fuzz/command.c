/* Splitting command templates into words (see command.h). */
#include "command.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A growing word or list. */
typedef struct Word {
    char *s;
    size_t len, cap;
} Word;

static void word_add(Word *w, const char *text, size_t n)
{
    if (w->len + n + 1 > w->cap) {
        w->cap = (w->len + n + 1) * 2;
        w->s = realloc(w->s, w->cap);
        if (!w->s)
            abort();
    }
    memcpy(w->s + w->len, text, n);
    w->len += n;
    w->s[w->len] = '\0';
}

static void words_push(CommandWords *out, char *word)
{
    out->argv = realloc(out->argv, (size_t)(out->argc + 2) * sizeof *out->argv);
    if (!out->argv)
        abort();
    out->argv[out->argc++] = word;
    out->argv[out->argc] = NULL;
}

void command_words_free(CommandWords *w)
{
    for (int i = 0; i < w->argc; i++)
        free(w->argv[i]);
    free(w->argv);
    w->argv = NULL;
    w->argc = 0;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n';
}

/* Characters that mean something to a shell outside quotes, where our
 * words would mean something else: refused rather than taken literally. */
static bool needs_shell(char c)
{
    return strchr("|&;<>()$`", c) != NULL;
}

typedef struct Splitter {
    const char *path; /* replaces {} (NULL: kept) */
    bool hole;        /* a {} was replaced */
    char *error;
    size_t size;
} Splitter;

static bool refuse(Splitter *sp, const char *tmpl, const char *why)
{
    snprintf(sp->error, sp->size,
             "the command '%s' %s; this runs no shell: give a wrapper script, or sh -c 'SCRIPT' sh {} "
             "where SCRIPT reads the file as \"$1\"",
             tmpl, why);
    return false;
}

/* Appends the character at *c to w, or the path when *c starts `{}`;
 * advances *c past what it took. */
static void take_char(Splitter *sp, Word *w, const char **c)
{
    if (sp->path && (*c)[0] == '{' && (*c)[1] == '}') {
        word_add(w, sp->path, strlen(sp->path));
        sp->hole = true;
        *c += 2;
        return;
    }
    word_add(w, *c, 1);
    ++*c;
}

/* 'text': literal up to the next quote.  *c is past the opening one. */
static bool single_quoted(Splitter *sp, const char *tmpl, Word *w, const char **c)
{
    while (**c && **c != '\'')
        take_char(sp, w, c);
    if (!**c)
        return refuse(sp, tmpl, "has an unterminated '");
    ++*c;
    return true;
}

/* "text": a backslash keeps \ " $ ` and is itself kept before anything
 * else (as in sh); an unescaped $ or ` would expand there, so it needs
 * the shell. */
static bool double_quoted(Splitter *sp, const char *tmpl, Word *w, const char **c)
{
    while (**c && **c != '"') {
        if (**c == '\\' && (*c)[1] && strchr("\\\"$`", (*c)[1])) {
            word_add(w, *c + 1, 1);
            *c += 2;
        } else if (**c == '$' || **c == '`') {
            return refuse(sp, tmpl, "expands a $ or ` in double quotes");
        } else {
            take_char(sp, w, c);
        }
    }
    if (!**c)
        return refuse(sp, tmpl, "has an unterminated \"");
    ++*c;
    return true;
}

/* One word starting at *c (not a blank); false after refusing. */
static bool one_word(Splitter *sp, const char *tmpl, const char **c, Word *w)
{
    if (**c == '#')
        return refuse(sp, tmpl, "has a comment (#)");
    while (**c && !is_blank(**c)) {
        char ch = **c;
        bool ok = true;
        if (ch == '\'') {
            ++*c;
            ok = single_quoted(sp, tmpl, w, c);
        } else if (ch == '"') {
            ++*c;
            ok = double_quoted(sp, tmpl, w, c);
        } else if (ch == '\\' && (*c)[1]) {
            word_add(w, *c + 1, 1);
            *c += 2;
        } else if (needs_shell(ch)) {
            char why[64];
            snprintf(why, sizeof why, "uses the shell's '%c'", ch);
            return refuse(sp, tmpl, why);
        } else {
            take_char(sp, w, c);
        }
        if (!ok)
            return false;
    }
    if (!w->s) /* '' is an empty word */
        word_add(w, "", 0);
    return true;
}

bool command_split(const char *tmpl, const char *path, CommandWords *out, char *error, size_t size)
{
    memset(out, 0, sizeof *out);
    Splitter sp = {.path = path, .error = error, .size = size};
    const char *c = tmpl;
    for (;;) {
        while (is_blank(*c))
            c++;
        if (!*c)
            break;
        Word w = {0};
        if (!one_word(&sp, tmpl, &c, &w)) {
            free(w.s);
            command_words_free(out);
            return false;
        }
        words_push(out, w.s);
    }
    if (out->argc == 0) {
        snprintf(error, size, "the command is empty");
        return false;
    }
    if (path && !sp.hole)
        words_push(out, strdup(path));
    return true;
}

void command_add(CommandWords *w, const char *word)
{
    char *copy = strdup(word);
    if (!copy)
        abort();
    words_push(w, copy);
}

bool command_add_split(CommandWords *w, const char *text)
{
    CommandWords more;
    char error[256];
    if (text[strspn(text, " \t\n")] == '\0') /* no words */
        return true;
    if (!command_split(text, NULL, &more, error, sizeof error))
        return false;
    for (int i = 0; i < more.argc; i++)
        words_push(w, more.argv[i]);
    free(more.argv); /* the words moved to w */
    return true;
}

/* Characters a shell leaves alone in a word. */
static bool plain_word(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%", *s))
            return false;
    return true;
}

char *command_display(const CommandWords *w)
{
    Word line = {0};
    for (int i = 0; i < w->argc; i++) {
        if (i)
            word_add(&line, " ", 1);
        const char *s = w->argv[i];
        if (plain_word(s)) {
            word_add(&line, s, strlen(s));
            continue;
        }
        word_add(&line, "'", 1);
        for (; *s; s++)
            if (*s == '\'')
                word_add(&line, "'\\''", 4);
            else
                word_add(&line, s, 1);
        word_add(&line, "'", 1);
    }
    if (!line.s)
        word_add(&line, "", 0);
    return line.s;
}
