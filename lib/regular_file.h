/* regular_file.h -- open a file for reading only when it is a regular
 * file, without ever blocking.
 *
 * A FIFO, a terminal or a device named as a checkpoint, a batch list, a
 * simplex file or a plug-in would block open() or read() for ever; a
 * directory gives confusing read errors.  pint_open_regular opens with
 * O_NONBLOCK (which makes open() of a FIFO return at once), refuses what
 * fstat says is not a regular file, and only then hands back a blocking
 * stream.  Header-only, because both the library and the command use it
 * and neither exports it.
 */
#ifndef PINT_REGULAR_FILE_H
#define PINT_REGULAR_FILE_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Why path is not a regular file (for the message), or NULL when it is. */
static inline const char *pint_file_kind_problem(mode_t mode)
{
    if (S_ISREG(mode))
        return NULL;
    if (S_ISDIR(mode))
        return "is a directory";
    if (S_ISFIFO(mode))
        return "is a FIFO, not a regular file";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "is a device, not a regular file";
    if (S_ISSOCK(mode))
        return "is a socket, not a regular file";
    return "is not a regular file";
}

/* Open path for reading ("r" or "rb").  On failure returns NULL and
 * writes why (strerror or the kind of file) into why[len]. */
static inline FILE *pint_open_regular(const char *path, const char *mode,
                                      char *why, size_t len)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        snprintf(why, len, "%s", strerror(errno));
        return NULL;
    }
    struct stat st;
    const char *problem = NULL;
    if (fstat(fd, &st) != 0)
        problem = strerror(errno);
    else
        problem = pint_file_kind_problem(st.st_mode);
    int flags = problem ? 0 : fcntl(fd, F_GETFL);
    if (!problem && (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0))
        problem = strerror(errno);
    FILE *f = problem ? NULL : fdopen(fd, mode);
    if (!f) {
        snprintf(why, len, "%s", problem ? problem : strerror(errno));
        close(fd);
    }
    return f;
}

/* 0 when path names a regular file (or a name the loader searches for,
 * without a '/'); else -1 with why, as above.  For dlopen, which cannot
 * be given a stream. */
static inline int pint_check_regular(const char *path, char *why, size_t len)
{
    if (!strchr(path, '/'))
        return 0;
    struct stat st;
    const char *problem;
    if (stat(path, &st) != 0)
        problem = strerror(errno);
    else
        problem = pint_file_kind_problem(st.st_mode);
    if (!problem)
        return 0;
    snprintf(why, len, "%s", problem);
    return -1;
}

#endif
