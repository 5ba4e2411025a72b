/* sort_spill.c - unnamed temporary files for spilled runs (sort_spill.h). */
#define _GNU_SOURCE /* O_TMPFILE (Linux), mkstemp */

#include "sort_spill.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output.h"
#include "output_file.h"

#define NAMED_TEMPLATE "/gbr-spill-XXXXXX"

int sort_spill_temporary_file(const char *command)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    util_catch_fatal_signals(); /* a spill past `ulimit -f` is then a write error */
    int fd;
#ifdef O_TMPFILE
    fd = open(dir, O_TMPFILE | O_RDWR | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0)
        return fd;
    /* Any other failure (ENOENT, EACCES, ENOSPC) mkstemp meets too, and reports. */
    if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL && errno != ENOSYS)
        goto failed;
#endif
    size_t len = strlen(dir);
    char *path = malloc(len + sizeof NAMED_TEMPLATE);
    if (!path) {
        util_out_of_memory(command);
        return -1;
    }
    memcpy(path, dir, len);
    memcpy(path + len, NAMED_TEMPLATE, sizeof NAMED_TEMPLATE);
    util_fatal_signals saved;
    util_block_fatal_signals(&saved);
    fd = mkstemp(path);
    int saved_errno = errno;
    if (fd >= 0)
        unlink(path);
    util_restore_fatal_signals(&saved);
    free(path);
    if (fd >= 0)
        return fd;
    errno = saved_errno;
#ifdef O_TMPFILE
failed:
#endif
    util_error(command, "cannot create a temporary file in %s: %s", dir, strerror(errno));
    return -1;
}
