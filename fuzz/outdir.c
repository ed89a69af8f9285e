/* Output folders that overwrite nothing of others (see outdir.h). */
#include "outdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whether the folder holds anything but . and .. (*empty), false when it
 * cannot be read. */
static bool folder_empty(const char *dir, bool *empty)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    *empty = true;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            *empty = false;
            break;
        }
    closedir(d);
    return true;
}

/* Does the folder hold a file whose name starts with prefix (results.jsonl,
 * or an interrupted run's results.jsonl.0)? */
static bool holds(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    bool found = false;
    for (struct dirent *e; d && !found && (e = readdir(d)) != NULL;)
        found = strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    if (d)
        closedir(d);
    return found;
}

bool outdir_claim(const char *dir, const OutdirClaim *c)
{
    struct stat st;
    if (stat(dir, &st) != 0) {
        if (errno == ENOENT && mkdir(dir, 0777) == 0)
            return true;
        fprintf(stderr, "%s: error: cannot create the %s folder: %s\n", dir, c->option, strerror(errno));
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s: error: %s needs a folder, and this is not one\n", dir, c->option);
        return false;
    }
    bool empty = false;
    if (!folder_empty(dir, &empty)) {
        fprintf(stderr, "%s: error: cannot read the %s folder: %s\n", dir, c->option, strerror(errno));
        return false;
    }
    if (empty || c->force || (c->resumes && holds(dir, c->resumes)))
        return true;
    fprintf(stderr,
            "%s: error: the %s folder is not empty, and mapkit %s writes over nothing it did not make: "
            "give another folder, or --force to write into this one%s%s%s\n",
            dir, c->option, c->command, c->resumes ? " (--resume continues a folder with " : "",
            c->resumes ? c->resumes : "", c->resumes ? ")" : "");
    return false;
}

bool outdir_mkdir(const char *path, const char *command)
{
    if (mkdir(path, 0777) == 0)
        return true;
    int e = errno;
    struct stat st;
    if (e == EEXIST && lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return true;
    if (e == EEXIST)
        fprintf(stderr, "mapkit %s: error: %s is there and is not a folder (a link is not followed)\n", command,
                path);
    else
        fprintf(stderr, "mapkit %s: error: cannot create %s: %s\n", command, path, strerror(e));
    return false;
}

/* "a" on an existing regular file: opened where it is, never through a link. */
static int open_append(const char *path)
{
    return open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
}

FILE *outdir_create(const char *path, const char *mode, const char *command)
{
    bool append = mode[0] == 'a';
    int fd = append ? open_append(path) : -1;
    if (fd < 0 && !(append && errno != ENOENT && errno != ELOOP)) {
        struct stat st;
        if (lstat(path, &st) == 0 && !S_ISDIR(st.st_mode))
            unlink(path); /* a file or a link of that name: replaced, its target untouched */
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    }
    FILE *f = fd >= 0 ? fdopen(fd, append ? "a" : "w") : NULL;
    if (!f) {
        fprintf(stderr, "mapkit %s: error: cannot write %s: %s\n", command, path, strerror(errno));
        if (fd >= 0)
            close(fd);
    }
    return f;
}
