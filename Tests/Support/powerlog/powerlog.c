/* powerlog: an LD_PRELOAD shim that records, in order, every change a process makes to the files
 * under one directory — writes (with their bytes), truncations, syncs, renames, unlinks — and every
 * line it writes to stdout (its acknowledgements). A power cut is then simulated from the log
 * (Tests/CoachStoreTests/Crash/PowerCut*.swift): what was synced stays, anything written since may
 * or may not have reached the disk.
 *
 *   COACH_POWERLOG=FILE        where the log goes (binary, see below); unset: the shim does nothing
 *   COACH_POWERLOG_DIR=DIR     the directory whose files are recorded (an absolute path)
 *
 * Record: a text header line "OP A B LEN PATH[\tPATH2]\n" then LEN bytes of payload.
 *   W  offset  0     len  path    bytes written at offset (write, pwrite, pwrite64, writev)
 *   T  size    0     0    path    ftruncate
 *   C  0       0     0    path    open with O_CREAT of a file that was not there, or O_TRUNC
 *   S  0       0     0    path    fsync / fdatasync of a file (logged before the call: a write
 *                                 that overlaps the sync is never taken as covered by it)
 *   D  0       0     0    dir     fsync of a directory: the names in it are durable
 *   R  0       0     0    old\tnew rename
 *   U  0       0     0    path    unlink
 *   M  0       0     0    dir     mkdir: a new directory, whose name is durable once its parent is synced
 *   A  0       0     len  -       bytes written to stdout (acknowledgement lines)
 * Changes are logged after the call succeeded, under one lock held across call and log, so the
 * log's order is an order the calls really completed in.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#define MAX_FDS 4096

static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static int log_fd = -1;
static char watched[PATH_MAX];
static size_t watched_len;
static char *paths[MAX_FDS];      /* fd -> watched path (NULL: not watched) */
static int is_dir[MAX_FDS];

static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_pwrite)(int, const void *, size_t, off_t);
static ssize_t (*real_pwrite64)(int, const void *, size_t, off64_t);
static ssize_t (*real_writev)(int, const struct iovec *, int);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);
static int (*real_ftruncate)(int, off_t);
static int (*real_ftruncate64)(int, off64_t);
static int (*real_rename)(const char *, const char *);
static int (*real_renameat)(int, const char *, int, const char *);
static int (*real_renameat2)(int, const char *, int, const char *, unsigned int);
static int (*real_unlink)(const char *);
static int (*real_unlinkat)(int, const char *, int);
static int (*real_mkdir)(const char *, mode_t);
static int (*real_mkdirat)(int, const char *, mode_t);
static int (*real_open)(const char *, int, ...);
static int (*real_open64)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_openat64)(int, const char *, int, ...);
static int (*real_close)(int);

__attribute__((constructor)) static void setup(void) {
    real_write = dlsym(RTLD_NEXT, "write");
    real_pwrite = dlsym(RTLD_NEXT, "pwrite");
    real_pwrite64 = dlsym(RTLD_NEXT, "pwrite64");
    real_writev = dlsym(RTLD_NEXT, "writev");
    real_fsync = dlsym(RTLD_NEXT, "fsync");
    real_fdatasync = dlsym(RTLD_NEXT, "fdatasync");
    real_ftruncate = dlsym(RTLD_NEXT, "ftruncate");
    real_ftruncate64 = dlsym(RTLD_NEXT, "ftruncate64");
    real_rename = dlsym(RTLD_NEXT, "rename");
    real_renameat = dlsym(RTLD_NEXT, "renameat");
    real_renameat2 = dlsym(RTLD_NEXT, "renameat2");
    real_unlink = dlsym(RTLD_NEXT, "unlink");
    real_unlinkat = dlsym(RTLD_NEXT, "unlinkat");
    real_mkdir = dlsym(RTLD_NEXT, "mkdir");
    real_mkdirat = dlsym(RTLD_NEXT, "mkdirat");
    real_open = dlsym(RTLD_NEXT, "open");
    real_open64 = dlsym(RTLD_NEXT, "open64");
    real_openat = dlsym(RTLD_NEXT, "openat");
    real_openat64 = dlsym(RTLD_NEXT, "openat64");
    real_close = dlsym(RTLD_NEXT, "close");
    const char *file = getenv("COACH_POWERLOG"), *dir = getenv("COACH_POWERLOG_DIR");
    if (!file || !dir || dir[0] != '/') return;
    snprintf(watched, sizeof watched, "%s", dir);
    watched_len = strlen(watched);
    while (watched_len > 1 && watched[watched_len - 1] == '/') watched[--watched_len] = 0;
    log_fd = real_open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
}

static void put(const void *bytes, size_t count) {
    const char *p = bytes;
    while (count > 0) {
        ssize_t n = real_write(log_fd, p, count);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        p += n;
        count -= (size_t)n;
    }
}

static void record(char op, long long a, const char *path, const char *path2, const void *payload, size_t len) {
    char header[2 * PATH_MAX + 96];
    int n = snprintf(header, sizeof header, "%c %lld 0 %zu %s%s%s\n", op, a, len, path ? path : "-",
                     path2 ? "\t" : "", path2 ? path2 : "");
    if (n > 0) put(header, (size_t)n);
    if (len) put(payload, len);
}

/* The absolute, watched form of `path` (relative to `dirfd`), or 0. */
static int resolve(int dirfd, const char *path, char *out) {
    if (log_fd < 0 || !path) return 0;
    if (path[0] == '/') {
        snprintf(out, PATH_MAX, "%s", path);
    } else {
        char base[PATH_MAX];
        if (dirfd == AT_FDCWD || dirfd < 0) {
            if (!getcwd(base, sizeof base)) return 0;
        } else if (dirfd < MAX_FDS && paths[dirfd]) {
            snprintf(base, sizeof base, "%s", paths[dirfd]);
        } else {
            return 0;
        }
        snprintf(out, PATH_MAX, "%s/%s", base, path);
    }
    return strncmp(out, watched, watched_len) == 0 && (out[watched_len] == '/' || out[watched_len] == 0);
}

static int opened(int fd, const char *path, int flags, int existed) {
    if (fd < 0 || fd >= MAX_FDS) return fd;
    free(paths[fd]);
    paths[fd] = strdup(path);
    struct stat st;
    is_dir[fd] = fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
    if (!is_dir[fd] && ((flags & O_CREAT && !existed) || (flags & O_TRUNC))) record('C', 0, path, NULL, NULL, 0);
    return fd;
}

static int do_open(int dirfd, const char *path, int flags, mode_t mode, int at) {
    char full[PATH_MAX];
    if (!resolve(dirfd, path, full)) {
        return at ? real_openat(dirfd, path, flags, mode) : real_open(path, flags, mode);
    }
    pthread_mutex_lock(&lock);
    int existed = access(full, F_OK) == 0;
    int fd = at ? real_openat(dirfd, path, flags, mode) : real_open(path, flags, mode);
    int saved = errno;
    opened(fd, full, flags, existed);
    pthread_mutex_unlock(&lock);
    errno = saved;
    return fd;
}

#define MODE_ARG(flags) mode_t mode = 0; if ((flags) & (O_CREAT | O_TMPFILE)) { va_list ap; va_start(ap, flags); mode = va_arg(ap, int); va_end(ap); }
int open(const char *path, int flags, ...) { MODE_ARG(flags); return do_open(AT_FDCWD, path, flags, mode, 0); }
int open64(const char *path, int flags, ...) { MODE_ARG(flags); return do_open(AT_FDCWD, path, flags, mode, 0); }
int openat(int dirfd, const char *path, int flags, ...) { MODE_ARG(flags); return do_open(dirfd, path, flags, mode, 1); }
int openat64(int dirfd, const char *path, int flags, ...) { MODE_ARG(flags); return do_open(dirfd, path, flags, mode, 1); }

int close(int fd) {
    if (log_fd >= 0 && fd >= 0 && fd < MAX_FDS && paths[fd]) {
        pthread_mutex_lock(&lock);
        free(paths[fd]);
        paths[fd] = NULL;
        int result = real_close(fd);
        pthread_mutex_unlock(&lock);
        return result;
    }
    return real_close(fd);
}

static int watched_fd(int fd) { return log_fd >= 0 && fd >= 0 && fd < MAX_FDS && paths[fd] && !is_dir[fd]; }

ssize_t write(int fd, const void *buf, size_t count) {
    if (log_fd >= 0 && fd == 1) {
        pthread_mutex_lock(&lock);
        ssize_t n = real_write(fd, buf, count);
        if (n > 0) record('A', 0, NULL, NULL, buf, (size_t)n);
        pthread_mutex_unlock(&lock);
        return n;
    }
    if (!watched_fd(fd)) return real_write(fd, buf, count);
    pthread_mutex_lock(&lock);
    ssize_t n = real_write(fd, buf, count);
    int saved = errno;
    if (n > 0) record('W', (long long)lseek(fd, 0, SEEK_CUR) - n, paths[fd], NULL, buf, (size_t)n);
    pthread_mutex_unlock(&lock);
    errno = saved;
    return n;
}

ssize_t writev(int fd, const struct iovec *iov, int count) {
    if (!watched_fd(fd) && !(log_fd >= 0 && fd == 1)) return real_writev(fd, iov, count);
    /* Gathered into one buffer so the log holds it as one write. */
    size_t total = 0;
    for (int i = 0; i < count; i++) total += iov[i].iov_len;
    char *buffer = malloc(total ? total : 1);
    if (!buffer) return real_writev(fd, iov, count);
    size_t at = 0;
    for (int i = 0; i < count; i++) { memcpy(buffer + at, iov[i].iov_base, iov[i].iov_len); at += iov[i].iov_len; }
    ssize_t n = write(fd, buffer, total);
    free(buffer);
    return n;
}

static ssize_t positioned(int fd, const void *buf, size_t count, long long offset, int wide) {
    pthread_mutex_lock(&lock);
    ssize_t n = wide ? real_pwrite64(fd, buf, count, offset) : real_pwrite(fd, buf, count, offset);
    int saved = errno;
    if (n > 0) record('W', offset, paths[fd], NULL, buf, (size_t)n);
    pthread_mutex_unlock(&lock);
    errno = saved;
    return n;
}

ssize_t pwrite(int fd, const void *buf, size_t count, off_t offset) {
    if (!watched_fd(fd)) return real_pwrite(fd, buf, count, offset);
    return positioned(fd, buf, count, offset, 0);
}

ssize_t pwrite64(int fd, const void *buf, size_t count, off64_t offset) {
    if (!watched_fd(fd)) return real_pwrite64(fd, buf, count, offset);
    return positioned(fd, buf, count, offset, 1);
}

static int sync_fd(int fd, int data_only) {
    if (log_fd < 0 || fd < 0 || fd >= MAX_FDS || !paths[fd]) return data_only ? real_fdatasync(fd) : real_fsync(fd);
    pthread_mutex_lock(&lock);
    record(is_dir[fd] ? 'D' : 'S', 0, paths[fd], NULL, NULL, 0);
    pthread_mutex_unlock(&lock);
    return data_only ? real_fdatasync(fd) : real_fsync(fd);
}

int fsync(int fd) { return sync_fd(fd, 0); }
int fdatasync(int fd) { return sync_fd(fd, 1); }

static int truncated(int fd, long long size, int wide) {
    if (!watched_fd(fd)) return wide ? real_ftruncate64(fd, size) : real_ftruncate(fd, size);
    pthread_mutex_lock(&lock);
    int result = wide ? real_ftruncate64(fd, size) : real_ftruncate(fd, size);
    int saved = errno;
    if (result == 0) record('T', size, paths[fd], NULL, NULL, 0);
    pthread_mutex_unlock(&lock);
    errno = saved;
    return result;
}

int ftruncate(int fd, off_t size) { return truncated(fd, size, 0); }
int ftruncate64(int fd, off64_t size) { return truncated(fd, size, 1); }

static int renamed(int olddir, const char *old, int newdir, const char *new, unsigned flags, int kind) {
    char from[PATH_MAX], to[PATH_MAX];
    int watch = resolve(olddir, old, from) | resolve(newdir, new, to);
    if (!watch) {
        if (kind == 0) return real_rename(old, new);
        if (kind == 1) return real_renameat(olddir, old, newdir, new);
        return real_renameat2(olddir, old, newdir, new, flags);
    }
    pthread_mutex_lock(&lock);
    int result = kind == 0 ? real_rename(old, new)
               : kind == 1 ? real_renameat(olddir, old, newdir, new)
                           : real_renameat2(olddir, old, newdir, new, flags);
    int saved = errno;
    if (result == 0) record('R', 0, from, to, NULL, 0);
    pthread_mutex_unlock(&lock);
    errno = saved;
    return result;
}

int rename(const char *old, const char *new) { return renamed(AT_FDCWD, old, AT_FDCWD, new, 0, 0); }
int renameat(int od, const char *old, int nd, const char *new) { return renamed(od, old, nd, new, 0, 1); }
int renameat2(int od, const char *old, int nd, const char *new, unsigned int flags) { return renamed(od, old, nd, new, flags, 2); }

static int unlinked(int dirfd, const char *path, int flags, int at) {
    char full[PATH_MAX];
    if (!resolve(dirfd, path, full) || (flags & AT_REMOVEDIR)) {
        return at ? real_unlinkat(dirfd, path, flags) : real_unlink(path);
    }
    pthread_mutex_lock(&lock);
    int result = at ? real_unlinkat(dirfd, path, flags) : real_unlink(path);
    int saved = errno;
    if (result == 0) record('U', 0, full, NULL, NULL, 0);
    pthread_mutex_unlock(&lock);
    errno = saved;
    return result;
}

int unlink(const char *path) { return unlinked(AT_FDCWD, path, 0, 0); }
int unlinkat(int dirfd, const char *path, int flags) { return unlinked(dirfd, path, flags, 1); }

static int made_directory(int dirfd, const char *path, mode_t mode, int at) {
    char full[PATH_MAX];
    if (!resolve(dirfd, path, full)) return at ? real_mkdirat(dirfd, path, mode) : real_mkdir(path, mode);
    pthread_mutex_lock(&lock);
    int result = at ? real_mkdirat(dirfd, path, mode) : real_mkdir(path, mode);
    int saved = errno;
    if (result == 0) record('M', 0, full, NULL, NULL, 0);
    pthread_mutex_unlock(&lock);
    errno = saved;
    return result;
}

int mkdir(const char *path, mode_t mode) { return made_directory(AT_FDCWD, path, mode, 0); }
int mkdirat(int dirfd, const char *path, mode_t mode) { return made_directory(dirfd, path, mode, 1); }
