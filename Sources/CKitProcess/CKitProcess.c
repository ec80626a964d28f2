#define _GNU_SOURCE
#include "CKitProcess.h"

#include <errno.h>

#if defined(__APPLE__)
#include <TargetConditionals.h>
#endif

#if defined(__linux__) || (defined(__APPLE__) && TARGET_OS_OSX)

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__APPLE__)
#include <crt_externs.h>
#define CKIT_ENVIRON (*_NSGetEnviron())
#else
extern char **environ;
#define CKIT_ENVIRON environ
#endif

int ckit_pipe(int fds[2]) {
#if defined(__linux__)
  return pipe2(fds, O_CLOEXEC) == 0 ? 0 : errno;
#else
  // macOS has no pipe2; posix_spawn's POSIX_SPAWN_CLOEXEC_DEFAULT keeps these out of a child
  // started between the two calls.
  if (pipe(fds) != 0) return errno;
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETNOSIGPIPE, 1);
  return 0;
#endif
}

int ckit_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
               const char *directory, int input, int output, int errors) {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  int error = posix_spawn_file_actions_init(&actions);
  if (error != 0) return error;
  error = posix_spawnattr_init(&attributes);
  if (error != 0) {
    posix_spawn_file_actions_destroy(&actions);
    return error;
  }
  if (input >= 0) {
    error = posix_spawn_file_actions_adddup2(&actions, input, 0);
  } else {
    error = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  }
  if (error == 0) error = posix_spawn_file_actions_adddup2(&actions, output, 1);
  if (error == 0) {
    error = errors >= 0 ? posix_spawn_file_actions_adddup2(&actions, errors, 2)
                        : posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  }
  // glibc 2.29 and macOS 10.15 have it; `path` is resolved after the child's chdir.
  if (error == 0 && directory != NULL) {
    error = posix_spawn_file_actions_addchdir_np(&actions, directory);
  }
  short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
#if defined(__APPLE__)
  flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
  if (error == 0) error = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
  sigset_t none, pipe;
  sigemptyset(&none);
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  if (error == 0) error = posix_spawnattr_setflags(&attributes, flags);
  if (error == 0) error = posix_spawnattr_setsigmask(&attributes, &none);
  if (error == 0) error = posix_spawnattr_setsigdefault(&attributes, &pipe);
  if (error == 0) {
    error = posix_spawn(pid, path, &actions, &attributes, argv, envp ? envp : CKIT_ENVIRON);
  }
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  return error;
}

ssize_t ckit_write(int fd, const void *bytes, size_t count) {
#if defined(__APPLE__)
  // The pipe was made with F_SETNOSIGPIPE.
  return write(fd, bytes, count);
#else
  // SIGPIPE is blocked on this thread for the write; one it raised is taken back before the
  // mask is restored, unless one was already pending. The write may raise one and still return
  // a count: a reader that goes away in the middle of a long write leaves the bytes it took
  // written, and the signal pending.
  sigset_t pipe, old, pending;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  sigemptyset(&pending);
  pthread_sigmask(SIG_BLOCK, &pipe, &old);
  sigpending(&pending);
  int wasPending = sigismember(&pending, SIGPIPE);
  ssize_t written = write(fd, bytes, count);
  int saved = errno;
  if (!wasPending) {
    sigemptyset(&pending);
    sigpending(&pending);
    if (sigismember(&pending, SIGPIPE)) {
      struct timespec zero = {0, 0};
      while (sigtimedwait(&pipe, NULL, &zero) < 0 && errno == EINTR) {
      }
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  errno = saved;
  return written;
#endif
}

int ckit_nosigpipe(int fd) {
#if defined(__APPLE__)
  return fcntl(fd, F_SETNOSIGPIPE, 1) == 0 ? 0 : errno;
#else
  (void)fd;
  return 0;
#endif
}

#else

int ckit_pipe(int fds[2]) { return ENOSYS; }

int ckit_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
               const char *directory, int input, int output, int errors) {
  return ENOSYS;
}

ssize_t ckit_write(int fd, const void *bytes, size_t count) {
  errno = ENOSYS;
  return -1;
}

int ckit_nosigpipe(int fd) { return ENOSYS; }

#endif
