// Swift cannot call the variadic syscall(2), and glibc declares renameat2 only under
// _GNU_SOURCE, so this one call lives in C.
#define _GNU_SOURCE
#include "csystem.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

int quizgen_exchange_paths(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */);
#else
    (void)a;
    (void)b;
    errno = ENOSYS;
    return -1;
#endif
}
