#ifndef QUIZGEN_CWATCH_H
#define QUIZGEN_CWATCH_H

#include <stdint.h>

/// Starts an inotify instance (non-blocking, close-on-exec). Returns its descriptor, or -1
/// with errno set (ENOSYS where there is no inotify: the caller polls instead).
int quizgen_watch_open(void);

/// Watches one folder for everything an editor or `git checkout` can do to its entries:
/// writes, creations, deletions, renames both ways, attribute changes, and the folder itself
/// going away. Returns the watch descriptor, or -1 with errno set.
int quizgen_watch_add(int fd, const char *path);

/// Reads pending events into `buffer` without blocking; returns the byte count, 0 when there
/// is nothing to read, -1 with errno set otherwise.
long quizgen_watch_read(int fd, void *buffer, unsigned long size);

/// Waits until the descriptor is readable or `milliseconds` have passed (-1: forever).
/// Returns 1 when readable, 0 on timeout, -1 on error.
int quizgen_watch_wait(int fd, int milliseconds);

/// One event of a read buffer, decoded at `offset`; returns the offset of the next event, or
/// -1 when the buffer holds no whole event there. `name` points into the buffer ("" for the
/// folder itself), `overflow` is set when the kernel dropped events, and `gone` when the
/// folder was deleted (its watch is then gone too).
long quizgen_watch_event(const void *buffer, long length, long offset,
                         int *wd, uint32_t *mask, const char **name, int *overflow, int *gone);

/// Returns freed heap memory to the system (glibc's malloc_trim; nothing elsewhere): after
/// serve's first build, so that its peak does not stay resident.
void quizgen_trim_memory(void);

#endif
