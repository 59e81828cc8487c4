// Swift cannot call the variadic syscall(2), and glibc declares renameat2 only under
// _GNU_SOURCE, so this one call lives in C.
#define _GNU_SOURCE
#include "csystem.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/sendfile.h>
#include <sys/syscall.h>
#endif

static int rename2(const char *a, const char *b, unsigned flags) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, flags);
#else
    (void)a;
    (void)b;
    (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}

int quizgen_exchange_paths(const char *a, const char *b) { return rename2(a, b, 2 /* RENAME_EXCHANGE */); }

int quizgen_rename_noreplace(const char *a, const char *b) { return rename2(a, b, 1 /* RENAME_NOREPLACE */); }

static int copy_through_buffer(int in, int out) {
    char buffer[1 << 16];
    for (;;) {
        ssize_t n = read(in, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) return 0;
        for (ssize_t done = 0; done < n;) {
            ssize_t w = write(out, buffer + done, (size_t)(n - done));
            if (w < 0 && errno == EINTR) continue;
            if (w < 0) return -1;
            done += w;
        }
    }
}

static int copy_descriptors(int in, int out) {
#ifdef __linux__
    /* The kernel copies (or shares extents); it may refuse across file systems or for some
       files, and then the next way is tried from where it stopped. */
    int kernel_ways = 2;
    for (int way = 0; way < kernel_ways; way++) {
        for (;;) {
            ssize_t n = way == 0 ? copy_file_range(in, NULL, out, NULL, (size_t)1 << 30, 0)
                                 : sendfile(out, in, NULL, (size_t)1 << 30);
            if (n > 0) continue;
            if (n == 0) return 0;
            if (errno == EINTR) continue;
            if (errno == ENOSYS || errno == EXDEV || errno == EINVAL || errno == EOPNOTSUPP) break;
            return -1;
        }
    }
#endif
    return copy_through_buffer(in, out);
}

int quizgen_copy_file(const char *from, const char *to) {
    int in = open(from, O_RDONLY | O_CLOEXEC);
    /* -2: the source cannot be read, which is the author's to fix, not the output's. */
    if (in < 0) return -2;
    int out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (out < 0) {
        int saved = errno;
        close(in);
        errno = saved;
        return -1;
    }
    int result = copy_descriptors(in, out);
    int saved = errno;
    close(in);
    if (close(out) != 0 && result == 0) return -1;
    errno = saved;
    return result;
}
