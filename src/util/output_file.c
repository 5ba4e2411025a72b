/* Buffered, atomic output (see util_output_file.h). */
#define _XOPEN_SOURCE 700 /* POSIX.1-2008 with XSI: mkstemp, fsync, readlink; realpath (XSI in glibc) */
#if defined(__linux__)
#define _GNU_SOURCE /* syncfs */
#endif

#include "output_file.h"

#include "output.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h> /* rename */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OUTPUT_FILE_BUFFER ((size_t)1 << 20)
#define MAX_LINK_HOPS 40 /* as the kernel's ELOOP limit */

/* The target of symbolic link `path`, as a path usable from here (a relative
 * target is relative to the link's directory); NULL with errno set. */
static char *read_link(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
    for (size_t cap = 256;; cap *= 2) {
        char *buf = malloc(dir_len + cap);
        if (!buf)
            return NULL;
        ssize_t n = readlink(path, buf + dir_len, cap);
        if (n < 0) {
            free(buf);
            return NULL;
        }
        if ((size_t)n < cap) {
            buf[dir_len + (size_t)n] = '\0';
            if (buf[dir_len] == '/')
                memmove(buf, buf + dir_len, (size_t)n + 1);
            else
                memcpy(buf, path, dir_len);
            return buf;
        }
        free(buf); /* maybe cut short: try a larger buffer */
    }
}

/* The file to replace: `path` with its symbolic links resolved, so that a
 * link stays a link and the file it points to is rewritten. A path that does
 * not exist is used as it is, and a dangling link gives the path it names
 * (where a write through the link would create the file). Returns a malloc'ed
 * path, or NULL with errno set. */
static char *resolve_target(const char *path)
{
    char *named = NULL; /* the path the last dangling link names */
    for (int hops = 0;; hops++) {
        char *real = realpath(path, NULL);
        struct stat st;
        if (real || errno != ENOENT || lstat(path, &st) != 0 || !S_ISLNK(st.st_mode)) {
            if (!real && errno == ENOENT) /* a new file (or a directory missing: mkstemp says so) */
                real = strdup(path);
            int saved = errno;
            free(named);
            errno = saved;
            return real;
        }
        if (hops == MAX_LINK_HOPS) {
            free(named);
            errno = ELOOP;
            return NULL;
        }
        char *next = read_link(path);
        free(named);
        if (!next)
            return NULL;
        path = named = next;
    }
}

/* ---- Temporaries removed on a fatal signal ------------------------------------
 * A temporary output file is registered from its creation until it is renamed
 * or removed. Every signal that would end the process and can be caught
 * (a terminal hang-up, Ctrl-C, kill, a reader gone, a timer, SIGXCPU, the
 * real-time signals...) then removes it before the process dies of that
 * signal, so no partial .gbr-XXXXXX is left beside the target. Left out are
 * the faults a defect raises (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP,
 * SIGSYS), which the sanitizers report, and SIGKILL, which cannot be caught:
 * a file left by one of them is named .gbr-XXXXXX and holds no more than a
 * partial copy. SIGXFSZ (a write past `ulimit -f`) is ignored instead, so
 * that the write fails with EFBIG and is reported as an output that cannot
 * be written: the temporary is removed and the target left as it was. The
 * handler calls only unlink(2) and raise(2), both async-signal-safe, and
 * reads the path through a lock-free atomic pointer. Creating, renaming and
 * removing the file happen with these signals blocked, so the handler never
 * sees a path that is not (or no longer) ours. */
static const int fatal_signals[] = {
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGABRT, SIGXCPU, SIGVTALRM, SIGPROF,
#ifdef SIGPOLL
    SIGPOLL,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
};
#define FATAL_SIGNALS (sizeof fatal_signals / sizeof fatal_signals[0])

/* The fatal signals above and the real-time ones (whose default action is
 * to end the process), as one set. */
static sigset_t fatal_set(void)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < FATAL_SIGNALS; i++)
        sigaddset(&set, fatal_signals[i]);
#if defined(SIGRTMIN) && defined(SIGRTMAX)
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
        sigaddset(&set, sig);
#endif
    return set;
}

static _Atomic(const char *) registered_temporary;

static void remove_temporary_and_die(int sig)
{
    const char *path = atomic_load(&registered_temporary);
    if (path)
        unlink(path);
    /* SA_RESETHAND restored the default action: once this handler returns,
     * the signal kills the process, and its exit status says so. */
    raise(sig);
}

static void install_handler(int sig, const sigset_t *fatal)
{
    struct sigaction old, action;
    /* Only a default action is replaced: one ignored (nohup) stays ignored,
     * and a handler of the caller's (a profiler's) stays. */
    if (sigaction(sig, NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
        return;
    memset(&action, 0, sizeof action);
    action.sa_handler = remove_temporary_and_die;
    action.sa_flags = (int)SA_RESETHAND; /* glibc defines it as an unsigned constant */
    action.sa_mask = *fatal;             /* one cleanup at a time */
    sigaction(sig, &action, NULL);
}

/* Installs the handler for each fatal signal left at its default action (a
 * command run under nohup keeps ignoring SIGHUP), and ignores SIGXFSZ
 * likewise. Once per process. */
void util_catch_fatal_signals(void)
{
    static int installed;
    if (installed)
        return;
    installed = 1;
    sigset_t set = fatal_set();
    for (size_t i = 0; i < FATAL_SIGNALS; i++)
        install_handler(fatal_signals[i], &set);
#if defined(SIGRTMIN) && defined(SIGRTMAX)
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
        install_handler(sig, &set);
#endif
    struct sigaction old;
    if (sigaction(SIGXFSZ, NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL)
        signal(SIGXFSZ, SIG_IGN);
}

void util_block_fatal_signals(util_fatal_signals *saved)
{
    sigset_t set = fatal_set();
    sigprocmask(SIG_BLOCK, &set, &saved->mask);
}

void util_restore_fatal_signals(const util_fatal_signals *saved)
{
    sigprocmask(SIG_SETMASK, &saved->mask, NULL);
}

/* Opens the temporary file in the target's directory, for rename(2) to
 * replace the target in one step, under a short fixed name: any target
 * name, up to the longest the file system allows, leaves room for it. */
static int open_temporary(util_output_file *out)
{
    static const char pattern[] = ".gbr-XXXXXX";
    const char *slash = strrchr(out->target, '/');
    size_t dir_len = slash ? (size_t)(slash - out->target) + 1 : 0;
    out->temp_path = malloc(dir_len + sizeof pattern);
    if (!out->temp_path)
        return -1;
    memcpy(out->temp_path, out->target, dir_len);
    memcpy(out->temp_path + dir_len, pattern, sizeof pattern);
    util_catch_fatal_signals();
    util_fatal_signals saved;
    util_block_fatal_signals(&saved);
    out->sink.fd = mkstemp(out->temp_path);
    if (out->sink.fd >= 0)
        atomic_store(&registered_temporary, out->temp_path);
    util_restore_fatal_signals(&saved);
    return out->sink.fd;
}

/* Removes the temporary file (when `remove`) and forgets it, with the fatal
 * signals blocked; after a rename, the name is the target's and must stay. */
static void drop_temporary(util_output_file *out, int remove)
{
    util_fatal_signals saved;
    util_block_fatal_signals(&saved);
    if (remove)
        unlink(out->temp_path);
    atomic_store(&registered_temporary, NULL);
    util_restore_fatal_signals(&saved);
}

static void release(util_output_file *out)
{
    free(out->sink.buffer);
    free(out->temp_path);
    free(out->target);
    out->sink.buffer = out->temp_path = out->target = NULL;
}

int util_output_file_open(util_output_file *out, const char *path)
{
    memset(out, 0, sizeof *out);
    out->sink.fd = STDOUT_FILENO;
    out->path = path ? path : "-";
    out->sink.cap = OUTPUT_FILE_BUFFER;
    out->sink.buffer = malloc(out->sink.cap);
    if (!out->sink.buffer) {
        util_out_of_memory(out->path);
        return -1;
    }
    if (path == NULL || strcmp(path, "-") == 0)
        return 0;
    out->target = resolve_target(path);
    if (!out->target) {
        util_error(path, "cannot resolve the output file: %s", strerror(errno));
        release(out);
        return -1;
    }
    /* A target that exists keeps its permission bits; a new one gets the
     * mode a new file would get (mkstemp makes it 0600). */
    struct stat st;
    mode_t mode;
    int exists = stat(out->target, &st) == 0;
    if (exists) {
        if (!S_ISREG(st.st_mode)) { /* renaming over it would replace a directory entry, not write it */
            util_error(path, "not a regular file, not replaced (-o - writes to standard output)");
            release(out);
            return -1;
        }
        /* Renaming over one of several hard links would detach it from the
         * others, which would keep the old content; writing in place would
         * give up atomicity. Neither is what -o promises: refuse. */
        if (st.st_nlink > 1) {
            util_error(path,
                       "has %ju hard links, and replacing it would break them: not replaced "
                       "(to keep them, write elsewhere and copy the result over it)",
                       (uintmax_t)st.st_nlink);
            release(out);
            return -1;
        }
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    if (open_temporary(out) < 0) {
        util_error(path, "cannot create a temporary file next to it: %s", strerror(errno));
        release(out);
        return -1;
    }
    /* The replacement keeps the target's owner and group. mkstemp made the
     * file ours; giving it away takes privilege (or, for the group alone,
     * membership), and a target that would change hands is refused. Owner
     * first: chown clears set-user-ID and set-group-ID bits, fchmod below
     * sets them back. */
    struct stat made;
    if (exists && (fstat(out->sink.fd, &made) != 0 || made.st_uid != st.st_uid || made.st_gid != st.st_gid) &&
        fchown(out->sink.fd, st.st_uid, st.st_gid) != 0) {
        util_error(path, "cannot give the new file the owner and group of the old one (%ju:%ju): %s; not replaced",
                   (uintmax_t)st.st_uid, (uintmax_t)st.st_gid, strerror(errno));
        util_output_file_abandon(out);
        return -1;
    }
    if (fchmod(out->sink.fd, mode) != 0) {
        util_error(path, "cannot set the temporary file's mode: %s", strerror(errno));
        util_output_file_abandon(out);
        return -1;
    }
    return 0;
}


void util_output_file_abandon(util_output_file *out)
{
    if (out->temp_path) {
        close(out->sink.fd);
        drop_temporary(out, 1);
    }
    release(out);
}

static int commit(util_output_file *out, int sync)
{
    util_sink_flush(&out->sink);
    if (out->temp_path) {
        if (sync && !out->sink.error && fsync(out->sink.fd) != 0)
            out->sink.error = errno;
        if (close(out->sink.fd) != 0 && !out->sink.error)
            out->sink.error = errno;
        util_fatal_signals saved;
        util_block_fatal_signals(&saved); /* renamed and forgotten in one step */
        if (!out->sink.error && rename(out->temp_path, out->target) != 0)
            out->sink.error = errno;
        drop_temporary(out, out->sink.error != 0);
        util_restore_fatal_signals(&saved);
    }
    int failed = out->sink.error != 0;
    if (failed)
        util_error(out->path, "cannot write the output: %s", strerror(out->sink.error));
    release(out);
    return failed ? -1 : 0;
}

int util_output_file_commit(util_output_file *out) { return commit(out, 1); }

int util_output_file_commit_unsynced(util_output_file *out) { return commit(out, 0); }

int util_sync_file_system(int fd, const char *path)
{
#if defined(__linux__)
    if (syncfs(fd) == 0)
        return 0;
    util_error(path, "cannot sync the file system: %s", strerror(errno));
    return -1;
#else
    (void)fd;
    (void)path;
    sync(); /* POSIX has no sync of one file system */
    return 0;
#endif
}
