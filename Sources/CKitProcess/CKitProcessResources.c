// What a process holds, on macOS, through libproc: the kit reads Linux's from /proc in Swift,
// and iOS shows an app no other process. Elsewhere both functions return -1.
#include "CKitProcess.h"

#if defined(__APPLE__)
#include <TargetConditionals.h>
#endif

#if defined(__APPLE__) && TARGET_OS_OSX

#include <libproc.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/proc_info.h>

int ckit_thread_count(pid_t pid) {
  struct proc_taskinfo info;
  int size = proc_pidinfo(pid, PROC_PIDTASKINFO, 0, &info, (int)sizeof info);
  return size == (int)sizeof info ? info.pti_threadnum : -1;
}

int ckit_descriptors_under(pid_t pid, const char *root) {
  // The kernel names a descriptor by its real path, with every symbolic link resolved: so must
  // the root.
  char resolved[PATH_MAX];
  if (realpath(root, resolved) == NULL) return -1;
  size_t length = strlen(resolved);
  int bytes = proc_pidinfo(pid, PROC_PIDLISTFDS, 0, NULL, 0);
  if (bytes <= 0) return -1;
  // Room for descriptors opened between the two calls.
  bytes += 64 * (int)sizeof(struct proc_fdinfo);
  struct proc_fdinfo *descriptors = malloc((size_t)bytes);
  if (descriptors == NULL) return -1;
  bytes = proc_pidinfo(pid, PROC_PIDLISTFDS, 0, descriptors, bytes);
  if (bytes <= 0) {
    free(descriptors);
    return -1;
  }
  int count = 0;
  for (int index = 0; index < bytes / (int)sizeof(struct proc_fdinfo); index++) {
    if (descriptors[index].proc_fdtype != PROX_FDTYPE_VNODE) continue;
    struct vnode_fdinfowithpath vnode;
    int size = proc_pidfdinfo(pid, descriptors[index].proc_fd, PROC_PIDFDVNODEPATHINFO, &vnode,
                              (int)sizeof vnode);
    if (size != (int)sizeof vnode) continue;  // closed since the listing
    const char *path = vnode.pvip.vip_path;
    if (strncmp(path, resolved, length) == 0 && (path[length] == '\0' || path[length] == '/')) {
      count++;
    }
  }
  free(descriptors);
  return count;
}

#else

int ckit_thread_count(pid_t pid) {
  (void)pid;
  return -1;
}

int ckit_descriptors_under(pid_t pid, const char *root) {
  (void)pid;
  (void)root;
  return -1;
}

#endif
