// What the kit's process launcher needs of POSIX that Swift's Glibc module does not show
// (pipe2 and posix_spawn_file_actions_addclosefrom_np are GNU extensions) or that takes care
// to get right: a child that inherits only its three standard descriptors, and a write that
// cannot raise SIGPIPE. macOS and Linux only; elsewhere every function fails with ENOSYS. And
// what a process holds, where /proc cannot say: macOS only.

#ifndef CKITPROCESS_H
#define CKITPROCESS_H

#include <sys/types.h>

/// A pipe whose two ends are closed on exec. Returns 0, or an errno value.
int ckit_pipe(int fds[2]);

/// Starts the program at `path` with `argv` and `envp` (both NULL-terminated; a NULL `envp`
/// passes this process's environment) in `directory` (this process's when it is NULL): standard
/// input from `input` (/dev/null when it is -1), standard output to `output`, standard error to
/// `errors` (/dev/null when it is -1), and no other descriptor of this process; SIGPIPE at its
/// default. Returns 0 and sets `*pid`, or an errno value.
int ckit_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
               const char *directory, int input, int output, int errors);

/// `write(2)` that returns -1 with errno EPIPE, rather than raising SIGPIPE, when the reader has
/// gone.
ssize_t ckit_write(int fd, const void *bytes, size_t count);

/// Makes writes to `fd`, a pipe's write end this process did not make with `ckit_pipe`, return
/// EPIPE rather than raise SIGPIPE where the platform has a flag for it (macOS's
/// F_SETNOSIGPIPE); elsewhere `ckit_write` does the same per write. Returns 0, or an errno value.
int ckit_nosigpipe(int fd);

/// How many threads process `pid` runs, from libproc: macOS only; -1 elsewhere, or when the
/// process cannot be read.
int ckit_thread_count(pid_t pid);

/// How many of the descriptors of process `pid` point at the directory `root` or a file under
/// it, from libproc: macOS only; -1 elsewhere, or when the process cannot be read.
int ckit_descriptors_under(pid_t pid, const char *root);

#endif
