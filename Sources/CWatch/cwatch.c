#include "cwatch.h"
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/inotify.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void quizgen_trim_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

#ifdef __linux__
int quizgen_watch_open(void) { return inotify_init1(IN_NONBLOCK | IN_CLOEXEC); }

int quizgen_watch_add(int fd, const char *path) {
    return inotify_add_watch(fd, path,
        IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO |
        IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR);
}

long quizgen_watch_event(const void *buffer, long length, long offset,
                         int *wd, uint32_t *mask, const char **name, int *overflow, int *gone) {
    if (offset + (long)sizeof(struct inotify_event) > length) return -1;
    const struct inotify_event *event = (const struct inotify_event *)((const char *)buffer + offset);
    long next = offset + (long)sizeof(struct inotify_event) + (long)event->len;
    if (next > length) return -1;
    *wd = event->wd;
    *mask = event->mask;
    *name = event->len > 0 ? event->name : "";
    *overflow = (event->mask & IN_Q_OVERFLOW) != 0;
    /* A folder moved keeps its watch (and its number, should it be watched again where it
       lands); only one deleted loses it. */
    *gone = (event->mask & (IN_DELETE_SELF | IN_IGNORED)) != 0;
    return next;
}
#else
int quizgen_watch_open(void) { errno = ENOSYS; return -1; }
int quizgen_watch_add(int fd, const char *path) { (void)fd; (void)path; errno = ENOSYS; return -1; }
long quizgen_watch_event(const void *buffer, long length, long offset,
                         int *wd, uint32_t *mask, const char **name, int *overflow, int *gone) {
    (void)buffer; (void)length; (void)offset; (void)wd; (void)mask; (void)name; (void)overflow; (void)gone;
    return -1;
}
#endif

long quizgen_watch_read(int fd, void *buffer, unsigned long size) {
    ssize_t n = read(fd, buffer, size);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
    return (long)n;
}

int quizgen_watch_wait(int fd, int milliseconds) {
    struct pollfd p = { .fd = fd, .events = POLLIN, .revents = 0 };
    int r;
    do { r = poll(&p, 1, milliseconds); } while (r < 0 && errno == EINTR);
    return r;
}
