// The contract kit's file-operation recorder. Preloaded into a store's process (LD_PRELOAD), it
// appends every file operation under CONTRACT_KIT_FSLOG_ROOT, with the bytes written, to the log
// CONTRACT_KIT_FSLOG. It changes nothing the store sees: each call goes to the C library as asked,
// and errno is kept; the exceptions are Darwin's F_FULLFSYNC, and a full disk when asked for one
// (both below). Linux only.
//
// Each record is one line, `op fd x y length path1 path2`, then `length` raw bytes. Paths are
// absolute, with bytes outside ! to ~ and % written as %XX; "-" is no path. See
// FileOperationLog.swift for what each op's fields mean.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#ifndef __linux__
#error "the file-operation recorder interposes with LD_PRELOAD: Linux only"
#endif

#define MAX_FDS 65536
#define MAX_MAPS 256

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char root[PATH_MAX];
static size_t root_length;
static int log_fd = -1;
static char *fd_paths[MAX_FDS];

struct mapping {
  char *address;
  size_t length;
  off_t offset;
  dev_t device;
  ino_t inode;
  int id;
  char *path;
};
static struct mapping maps[MAX_MAPS];
static int next_map_id = 1;

#define REAL(name)                      \
  static __typeof__(&name) real_##name; \
  if (!real_##name) real_##name = (__typeof__(&name))dlsym(RTLD_NEXT, #name)

static ssize_t log_write(const char *bytes, size_t count) {
  REAL(write);
  size_t done = 0;
  while (done < count) {
    ssize_t n = real_write(log_fd, bytes + done, count - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    done += (size_t)n;
  }
  return (ssize_t)done;
}

static void encode(const char *path, char *out) {
  if (!path || !*path) {
    strcpy(out, "-");
    return;
  }
  static const char hex[] = "0123456789ABCDEF";
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    if (*p <= 0x20 || *p >= 0x7f || *p == '%') {
      *out++ = '%';
      *out++ = hex[*p >> 4];
      *out++ = hex[*p & 15];
    } else {
      *out++ = (char)*p;
    }
  }
  *out = 0;
}

// One record, written with one write(2) to the O_APPEND log so records never interleave.
// Called with `lock` held.
static void emit(const char *op, long fd, long long x, long long y, const char *path1,
                 const char *path2, const void *data, size_t length) {
  if (log_fd < 0) return;
  int saved = errno;
  size_t room = 128 + 6 * PATH_MAX;
  char *record = malloc(room + length);
  if (record) {
    char *one = malloc(3 * PATH_MAX + 1), *two = malloc(3 * PATH_MAX + 1);
    if (one && two) {
      encode(path1, one);
      encode(path2, two);
      int header =
          snprintf(record, room, "%s %ld %lld %lld %zu %s %s\n", op, fd, x, y, length, one, two);
      if (header > 0 && (size_t)header < room) {
        if (length) memcpy(record + header, data, length);
        log_write(record, (size_t)header + length);
      }
    }
    free(one);
    free(two);
    free(record);
  }
  errno = saved;
}

// Lexically resolves "." and ".." and repeated slashes of an absolute path, in place.
static void normalize(char *path) {
  char *out = path, *in = path;
  while (*in) {
    while (*in == '/') in++;
    if (!*in) break;
    char *end = strchr(in, '/');
    size_t length = end ? (size_t)(end - in) : strlen(in);
    if (length == 1 && in[0] == '.') {
    } else if (length == 2 && in[0] == '.' && in[1] == '.') {
      while (out > path && *--out != '/') {}
    } else {
      *out++ = '/';
      memmove(out, in, length);
      out += length;
    }
    in += length;
  }
  if (out == path) *out++ = '/';
  *out = 0;
}

// The absolute path `path` names relative to `dirfd`, in `out` (PATH_MAX * 2 bytes); whether it
// is the root or under it. Called with `lock` held.
static int resolve(int dirfd, const char *path, char *out) {
  if (!path || root_length == 0) return 0;
  if (path[0] == '/') {
    snprintf(out, 2 * PATH_MAX, "%s", path);
  } else {
    char base[PATH_MAX];
    if (dirfd == AT_FDCWD) {
      if (!getcwd(base, sizeof base)) return 0;
    } else if (dirfd >= 0 && dirfd < MAX_FDS && fd_paths[dirfd]) {
      snprintf(base, sizeof base, "%s", fd_paths[dirfd]);
    } else {
      char link[64];
      snprintf(link, sizeof link, "/proc/self/fd/%d", dirfd);
      ssize_t n = readlink(link, base, sizeof base - 1);
      if (n <= 0) return 0;
      base[n] = 0;
    }
    snprintf(out, 2 * PATH_MAX, "%s/%s", base, path);
  }
  normalize(out);
  return strncmp(out, root, root_length) == 0 && (out[root_length] == 0 || out[root_length] == '/');
}

static const char *tracked(int fd) { return fd >= 0 && fd < MAX_FDS ? fd_paths[fd] : NULL; }

static void track(int fd, const char *path) {
  if (fd < 0 || fd >= MAX_FDS) return;
  free(fd_paths[fd]);
  fd_paths[fd] = path ? strdup(path) : NULL;
}

// --- A full disk: with CONTRACT_KIT_FULL_DISK_AFTER=n, the nth write, truncate or sync of a file
// under the root, counted from the process's start, and every one after it, fails with ENOSPC
// without reaching the C library, as on a disk that filled up and stays full. Each is logged as
// `full`.

static long full_after;  // 0: the disk never fills
static long full_count;

// Whether the call on `fd` fails for a full disk; sets errno when it does.
static int disk_full(int fd) {
  if (full_after <= 0) return 0;
  int full = 0;
  pthread_mutex_lock(&lock);
  if (tracked(fd) && ++full_count >= full_after) {
    full = 1;
    emit("full", fd, full_count, 0, tracked(fd), NULL, NULL, 0);
  }
  pthread_mutex_unlock(&lock);
  if (full) errno = ENOSPC;
  return full;
}

__attribute__((constructor)) static void start(void) {
  const char *log = getenv("CONTRACT_KIT_FSLOG");
  const char *directory = getenv("CONTRACT_KIT_FSLOG_ROOT");
  if (!log || !directory || directory[0] != '/') return;
  const char *after = getenv("CONTRACT_KIT_FULL_DISK_AFTER");
  if (after) full_after = strtol(after, NULL, 10);
  snprintf(root, sizeof root, "%s", directory);
  normalize(root);
  root_length = strlen(root);
  REAL(open);
  int fd = real_open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return;
  // Out of the way of a store that numbers its own descriptors.
  int high = fcntl(fd, F_DUPFD_CLOEXEC, 900);
  if (high >= 0) {
    REAL(close);
    real_close(fd);
    fd = high;
  }
  log_fd = fd;
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  exe[n > 0 ? n : 0] = 0;
  pthread_mutex_lock(&lock);
  emit("hello", getpid(), 0, 0, exe, NULL, NULL, 0);
  pthread_mutex_unlock(&lock);
}

// --- Memory maps: what a store writes through a shared, writable map of a file is recorded as a
// write when it can reach the file: msync, munmap, an fsync of the file, and the process's exit.

static void snapshot(struct mapping *map) {
  emit("mwrite", -1, (long long)map->offset, map->id, map->path, NULL, map->address, map->length);
}

static void snapshot_file(int fd) {
  struct stat status;
  if (fstat(fd, &status) != 0) return;
  for (int i = 0; i < MAX_MAPS; i++)
    if (maps[i].address && maps[i].device == status.st_dev && maps[i].inode == status.st_ino)
      snapshot(&maps[i]);
}

__attribute__((destructor)) static void stop(void) {
  pthread_mutex_lock(&lock);
  for (int i = 0; i < MAX_MAPS; i++)
    if (maps[i].address) snapshot(&maps[i]);
  pthread_mutex_unlock(&lock);
}

static void *traced_mmap(void *result, size_t length, int prot, int flags, int fd, off_t offset) {
  if (result == MAP_FAILED || !(flags & MAP_SHARED) || !(prot & PROT_WRITE)) return result;
  pthread_mutex_lock(&lock);
  const char *path = tracked(fd);
  struct stat status;
  if (path && fstat(fd, &status) == 0) {
    for (int i = 0; i < MAX_MAPS; i++) {
      if (maps[i].address) continue;
      maps[i] = (struct mapping){.address = result,
                                 .length = length,
                                 .offset = offset,
                                 .device = status.st_dev,
                                 .inode = status.st_ino,
                                 .id = next_map_id++,
                                 .path = strdup(path)};
      emit("mmap", fd, (long long)offset, maps[i].id, path, NULL, NULL, 0);
      break;
    }
  }
  pthread_mutex_unlock(&lock);
  return result;
}

#define MMAP_WRAPPER(name)                                                              \
  void *name(void *address, size_t length, int prot, int flags, int fd, off_t offset) { \
    REAL(name);                                                                         \
    void *result = real_##name(address, length, prot, flags, fd, offset);               \
    int saved = errno;                                                                  \
    traced_mmap(result, length, prot, flags, fd, offset);                               \
    errno = saved;                                                                      \
    return result;                                                                      \
  }
MMAP_WRAPPER(mmap)
MMAP_WRAPPER(mmap64)

static int overlaps(struct mapping *map, void *address, size_t length) {
  char *start = address;
  return map->address && start < map->address + map->length && map->address < start + length;
}

int msync(void *address, size_t length, int flags) {
  REAL(msync);
  pthread_mutex_lock(&lock);
  for (int i = 0; i < MAX_MAPS; i++)
    if (overlaps(&maps[i], address, length)) snapshot(&maps[i]);
  pthread_mutex_unlock(&lock);
  int result = real_msync(address, length, flags);
  int saved = errno;
  if (result == 0) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < MAX_MAPS; i++)
      if (overlaps(&maps[i], address, length))
        emit("msync", -1, (flags & MS_SYNC) != 0, maps[i].id, maps[i].path, NULL, NULL, 0);
    pthread_mutex_unlock(&lock);
  }
  errno = saved;
  return result;
}

int munmap(void *address, size_t length) {
  REAL(munmap);
  pthread_mutex_lock(&lock);
  for (int i = 0; i < MAX_MAPS; i++) {
    if (!overlaps(&maps[i], address, length)) continue;
    // What is left of a partly unmapped map is no longer followed (it may be gone).
    snapshot(&maps[i]);
    emit("munmap", -1, 0, maps[i].id, maps[i].path, NULL, NULL, 0);
    free(maps[i].path);
    maps[i] = (struct mapping){0};
  }
  pthread_mutex_unlock(&lock);
  return real_munmap(address, length);
}

// --- Opening and closing.

// How writes through `fd` reach the disk, as the kernel holds its status flags: bit 2 for
// O_DSYNC, 4 for O_SYNC (which includes O_DSYNC), 8 for O_DIRECT. Linux ignores an F_SETFL of
// O_SYNC or O_DSYNC, so the flags are read back rather than taken from the call.
static long long write_mode(int fd) {
  REAL(fcntl);
  int saved = errno;
  int flags = real_fcntl(fd, F_GETFL);
  errno = saved;
  if (flags < 0) return 0;
  long long mode = 0;
  if ((flags & O_DSYNC) == O_DSYNC) mode |= 2;
  if ((flags & O_SYNC) == O_SYNC) mode |= 4;
#ifdef O_DIRECT
  if (flags & O_DIRECT) mode |= 8;
#endif
  return mode;
}

static int traced_open(int result, int dirfd, const char *path, int flags, int existed) {
  if (result < 0) return result;
  int saved = errno;
  long long mode = write_mode(result);
  pthread_mutex_lock(&lock);
  char absolute[2 * PATH_MAX];
  if (resolve(dirfd, path, absolute)) {
    track(result, absolute);
    emit("open", result, ((flags & O_TRUNC) != 0) | mode, !existed, absolute, NULL, NULL, 0);
  } else {
    track(result, NULL);
  }
  pthread_mutex_unlock(&lock);
  errno = saved;
  return result;
}

static int existed_before(int dirfd, const char *path, int flags) {
  if (!(flags & O_CREAT)) return 1;
  struct stat status;
  int saved = errno;
  int exists = fstatat(dirfd, path, &status, 0) == 0;
  errno = saved;
  return exists;
}

static mode_t mode_of(int flags, va_list arguments) {
#ifdef O_TMPFILE
  if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) return (mode_t)va_arg(arguments, int);
#else
  if (flags & O_CREAT) return (mode_t)va_arg(arguments, int);
#endif
  return 0;
}

#define OPEN_WRAPPER(name)                                                              \
  int name(const char *path, int flags, ...) {                                          \
    va_list arguments;                                                                  \
    va_start(arguments, flags);                                                         \
    mode_t mode = mode_of(flags, arguments);                                            \
    va_end(arguments);                                                                  \
    REAL(name);                                                                         \
    int existed = existed_before(AT_FDCWD, path, flags);                                \
    return traced_open(real_##name(path, flags, mode), AT_FDCWD, path, flags, existed); \
  }
OPEN_WRAPPER(open)
OPEN_WRAPPER(open64)

#define OPENAT_WRAPPER(name)                                                                \
  int name(int dirfd, const char *path, int flags, ...) {                                   \
    va_list arguments;                                                                      \
    va_start(arguments, flags);                                                             \
    mode_t mode = mode_of(flags, arguments);                                                \
    va_end(arguments);                                                                      \
    REAL(name);                                                                             \
    int existed = existed_before(dirfd, path, flags);                                       \
    return traced_open(real_##name(dirfd, path, flags, mode), dirfd, path, flags, existed); \
  }
OPENAT_WRAPPER(openat)
OPENAT_WRAPPER(openat64)

int __open_2(const char *path, int flags) { return open(path, flags); }
int __open64_2(const char *path, int flags) { return open64(path, flags); }
int __openat_2(int dirfd, const char *path, int flags) { return openat(dirfd, path, flags); }
int __openat64_2(int dirfd, const char *path, int flags) { return openat64(dirfd, path, flags); }
int creat(const char *path, mode_t mode) { return open(path, O_CREAT | O_WRONLY | O_TRUNC, mode); }
int creat64(const char *path, mode_t mode) {
  return open64(path, O_CREAT | O_WRONLY | O_TRUNC, mode);
}

int close(int fd) {
  REAL(close);
  if (fd == log_fd && fd >= 0) return 0;  // the log stays open whatever the store closes
  pthread_mutex_lock(&lock);
  const char *path = tracked(fd);
  if (path) emit("close", fd, 0, 0, path, NULL, NULL, 0);
  track(fd, NULL);
  pthread_mutex_unlock(&lock);
  return real_close(fd);
}

static int traced_dup(int result, int old) {
  if (result < 0) return result;
  int saved = errno;
  pthread_mutex_lock(&lock);
  const char *path = tracked(old);
  if (tracked(result) && result != old) emit("close", result, 0, 0, tracked(result), NULL, NULL, 0);
  if (result != old) track(result, path);
  if (path && result != old) emit("dup", result, old, 0, path, NULL, NULL, 0);
  pthread_mutex_unlock(&lock);
  errno = saved;
  return result;
}

int dup(int old) {
  REAL(dup);
  return traced_dup(real_dup(old), old);
}

int dup2(int old, int new) {
  REAL(dup2);
  return traced_dup(real_dup2(old, new), old);
}

int dup3(int old, int new, int flags) {
  REAL(dup3);
  return traced_dup(real_dup3(old, new, flags), old);
}

// fcntl duplicates a descriptor (F_DUPFD, F_DUPFD_CLOEXEC: Python's os.dup is one) or changes
// its status flags (F_SETFL, recorded as the flags that took effect).
static int traced_fcntl(int result, int fd, int cmd) {
  if (result < 0) return result;
  if (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC) return traced_dup(result, fd);
  if (cmd != F_SETFL) return result;
  int saved = errno;
  long long mode = write_mode(fd);
  pthread_mutex_lock(&lock);
  if (tracked(fd)) emit("setfl", fd, mode, 0, tracked(fd), NULL, NULL, 0);
  pthread_mutex_unlock(&lock);
  errno = saved;
  return result;
}

// Darwin's F_FULLFSYNC, which Linux does not have: its fcntl refuses the value with EINVAL. The
// recorder alone carries it out, as an fsync recorded as "fullfsync", so that a store making the
// calls of its Apple build on Linux can be judged under the apple model. This is the one call
// whose result the recorder changes: 0 (or fsync's error) where Linux would say EINVAL, which a
// store falls back from to fsync anyway.
#define DARWIN_F_FULLFSYNC 51

static int traced_sync(const char *op, int fd, int (*call)(int));

// fcntl's third argument is an int or a pointer, or absent; like the C library, read it as a
// pointer-sized value and pass it on unchanged.
#define FCNTL_WRAPPER(name)                                       \
  int name(int fd, int cmd, ...) {                                \
    if (cmd == DARWIN_F_FULLFSYNC) {                              \
      REAL(fsync);                                                \
      return traced_sync("fullfsync", fd, real_fsync);            \
    }                                                             \
    va_list arguments;                                            \
    va_start(arguments, cmd);                                     \
    void *argument = va_arg(arguments, void *);                   \
    va_end(arguments);                                            \
    REAL(name);                                                   \
    return traced_fcntl(real_##name(fd, cmd, argument), fd, cmd); \
  }
FCNTL_WRAPPER(fcntl)
FCNTL_WRAPPER(fcntl64)

// --- Writing.

static void traced_write(int fd, const void *bytes, ssize_t written, off_t offset) {
  if (written <= 0) return;
  int saved = errno;
  pthread_mutex_lock(&lock);
  const char *path = tracked(fd);
  if (path) {
    if (offset < 0) {
      REAL(lseek);
      off_t end = real_lseek(fd, 0, SEEK_CUR);
      offset = end < 0 ? -1 : end - written;
    }
    if (offset >= 0) emit("write", fd, (long long)offset, 0, path, NULL, bytes, (size_t)written);
  }
  pthread_mutex_unlock(&lock);
  errno = saved;
}

static void traced_writev(int fd, const struct iovec *vectors, int count, ssize_t written,
                          off_t offset) {
  if (written <= 0 || !tracked(fd)) return;
  char *bytes = malloc((size_t)written);
  if (!bytes) return;
  size_t done = 0;
  for (int i = 0; i < count && done < (size_t)written; i++) {
    size_t take = vectors[i].iov_len;
    if (take > (size_t)written - done) take = (size_t)written - done;
    memcpy(bytes + done, vectors[i].iov_base, take);
    done += take;
  }
  traced_write(fd, bytes, written, offset);
  free(bytes);
}

ssize_t write(int fd, const void *bytes, size_t count) {
  REAL(write);
  if (fd != log_fd && disk_full(fd)) return -1;
  ssize_t written = real_write(fd, bytes, count);
  if (fd != log_fd) traced_write(fd, bytes, written, -1);
  return written;
}

ssize_t pwrite(int fd, const void *bytes, size_t count, off_t offset) {
  REAL(pwrite);
  if (disk_full(fd)) return -1;
  ssize_t written = real_pwrite(fd, bytes, count, offset);
  traced_write(fd, bytes, written, offset);
  return written;
}

ssize_t pwrite64(int fd, const void *bytes, size_t count, off_t offset) {
  REAL(pwrite64);
  if (disk_full(fd)) return -1;
  ssize_t written = real_pwrite64(fd, bytes, count, offset);
  traced_write(fd, bytes, written, offset);
  return written;
}

ssize_t writev(int fd, const struct iovec *vectors, int count) {
  REAL(writev);
  if (disk_full(fd)) return -1;
  ssize_t written = real_writev(fd, vectors, count);
  traced_writev(fd, vectors, count, written, -1);
  return written;
}

ssize_t pwritev(int fd, const struct iovec *vectors, int count, off_t offset) {
  REAL(pwritev);
  if (disk_full(fd)) return -1;
  ssize_t written = real_pwritev(fd, vectors, count, offset);
  traced_writev(fd, vectors, count, written, offset);
  return written;
}

ssize_t pwritev64(int fd, const struct iovec *vectors, int count, off_t offset) {
  REAL(pwritev64);
  if (disk_full(fd)) return -1;
  ssize_t written = real_pwritev64(fd, vectors, count, offset);
  traced_writev(fd, vectors, count, written, offset);
  return written;
}

ssize_t pwritev2(int fd, const struct iovec *vectors, int count, off_t offset, int flags) {
  REAL(pwritev2);
  if (disk_full(fd)) return -1;
  ssize_t written = real_pwritev2(fd, vectors, count, offset, flags);
  traced_writev(fd, vectors, count, written, offset);
  return written;
}

static int traced_truncate(int result, int fd, const char *path, off_t length) {
  if (result != 0) return result;
  int saved = errno;
  pthread_mutex_lock(&lock);
  char absolute[2 * PATH_MAX];
  if (fd >= 0 && tracked(fd)) {
    emit("trunc", fd, (long long)length, 0, tracked(fd), NULL, NULL, 0);
  } else if (path && resolve(AT_FDCWD, path, absolute)) {
    emit("truncpath", -1, (long long)length, 0, absolute, NULL, NULL, 0);
  }
  pthread_mutex_unlock(&lock);
  errno = saved;
  return result;
}

int ftruncate(int fd, off_t length) {
  REAL(ftruncate);
  if (disk_full(fd)) return -1;
  return traced_truncate(real_ftruncate(fd, length), fd, NULL, length);
}

int ftruncate64(int fd, off_t length) {
  REAL(ftruncate64);
  if (disk_full(fd)) return -1;
  return traced_truncate(real_ftruncate64(fd, length), fd, NULL, length);
}

int truncate(const char *path, off_t length) {
  REAL(truncate);
  return traced_truncate(real_truncate(path, length), -1, path, length);
}

int truncate64(const char *path, off_t length) {
  REAL(truncate64);
  return traced_truncate(real_truncate64(path, length), -1, path, length);
}

// --- Syncing.

static int traced_sync(const char *op, int fd, int (*call)(int)) {
  if (disk_full(fd)) return -1;
  pthread_mutex_lock(&lock);
  if (tracked(fd)) snapshot_file(fd);
  pthread_mutex_unlock(&lock);
  int result = call(fd);
  int saved = errno;
  if (result == 0) {
    pthread_mutex_lock(&lock);
    if (tracked(fd)) emit(op, fd, 0, 0, tracked(fd), NULL, NULL, 0);
    pthread_mutex_unlock(&lock);
  }
  errno = saved;
  return result;
}

int fsync(int fd) {
  REAL(fsync);
  return traced_sync("fsync", fd, real_fsync);
}

int fdatasync(int fd) {
  REAL(fdatasync);
  return traced_sync("fdatasync", fd, real_fdatasync);
}

int sync_file_range(int fd, off64_t offset, off64_t count, unsigned int flags) {
  REAL(sync_file_range);
  if (disk_full(fd)) return -1;
  int result = real_sync_file_range(fd, offset, count, flags);
  int saved = errno;
  if (result == 0) {
    pthread_mutex_lock(&lock);
    if (tracked(fd)) emit("syncrange", fd, flags, 0, tracked(fd), NULL, NULL, 0);
    pthread_mutex_unlock(&lock);
  }
  errno = saved;
  return result;
}

void sync(void) {
  REAL(sync);
  pthread_mutex_lock(&lock);
  for (int i = 0; i < MAX_MAPS; i++)
    if (maps[i].address) snapshot(&maps[i]);
  pthread_mutex_unlock(&lock);
  real_sync();
  pthread_mutex_lock(&lock);
  emit("sync", -1, 0, 0, NULL, NULL, NULL, 0);
  pthread_mutex_unlock(&lock);
}

int syncfs(int fd) {
  REAL(syncfs);
  pthread_mutex_lock(&lock);
  for (int i = 0; i < MAX_MAPS; i++)
    if (maps[i].address) snapshot(&maps[i]);
  pthread_mutex_unlock(&lock);
  int result = real_syncfs(fd);
  int saved = errno;
  if (result == 0) {
    pthread_mutex_lock(&lock);
    emit("sync", -1, 0, 0, NULL, NULL, NULL, 0);
    pthread_mutex_unlock(&lock);
  }
  errno = saved;
  return result;
}

// --- Names.

static int traced_rename(int result, int from_fd, const char *from, int to_fd, const char *to,
                         unsigned int flags) {
  if (result != 0) return result;
  int saved = errno;
  pthread_mutex_lock(&lock);
  char old_path[2 * PATH_MAX], new_path[2 * PATH_MAX];
  int old_inside = resolve(from_fd, from, old_path);
  int new_inside = resolve(to_fd, to, new_path);
  if (old_inside || new_inside)
    emit("rename", -1, flags, 0, old_inside ? old_path : "/", new_inside ? new_path : "/", NULL, 0);
  // Descriptors keep their files; names of open descriptors under the old path move with it.
  if (old_inside && new_inside) {
    size_t length = strlen(old_path);
    for (int fd = 0; fd < MAX_FDS; fd++) {
      char *path = fd_paths[fd];
      if (!path || strncmp(path, old_path, length) != 0) continue;
      if (path[length] != 0 && path[length] != '/') continue;
      char moved[2 * PATH_MAX];
      snprintf(moved, sizeof moved, "%s%s", new_path, path + length);
      track(fd, moved);
    }
  }
  pthread_mutex_unlock(&lock);
  errno = saved;
  return result;
}

int rename(const char *from, const char *to) {
  REAL(rename);
  return traced_rename(real_rename(from, to), AT_FDCWD, from, AT_FDCWD, to, 0);
}

int renameat(int from_fd, const char *from, int to_fd, const char *to) {
  REAL(renameat);
  return traced_rename(real_renameat(from_fd, from, to_fd, to), from_fd, from, to_fd, to, 0);
}

int renameat2(int from_fd, const char *from, int to_fd, const char *to, unsigned int flags) {
  REAL(renameat2);
  return traced_rename(real_renameat2(from_fd, from, to_fd, to, flags), from_fd, from, to_fd, to,
                       flags);
}

static int traced_name(const char *op, int result, int dirfd, const char *path) {
  if (result != 0) return result;
  int saved = errno;
  pthread_mutex_lock(&lock);
  char absolute[2 * PATH_MAX];
  if (resolve(dirfd, path, absolute)) emit(op, -1, 0, 0, absolute, NULL, NULL, 0);
  pthread_mutex_unlock(&lock);
  errno = saved;
  return result;
}

int unlink(const char *path) {
  REAL(unlink);
  return traced_name("unlink", real_unlink(path), AT_FDCWD, path);
}

int unlinkat(int dirfd, const char *path, int flags) {
  REAL(unlinkat);
  return traced_name(flags & AT_REMOVEDIR ? "rmdir" : "unlink", real_unlinkat(dirfd, path, flags),
                     dirfd, path);
}

int rmdir(const char *path) {
  REAL(rmdir);
  return traced_name("rmdir", real_rmdir(path), AT_FDCWD, path);
}

int mkdir(const char *path, mode_t mode) {
  REAL(mkdir);
  return traced_name("mkdir", real_mkdir(path, mode), AT_FDCWD, path);
}

int mkdirat(int dirfd, const char *path, mode_t mode) {
  REAL(mkdirat);
  return traced_name("mkdir", real_mkdirat(dirfd, path, mode), dirfd, path);
}
