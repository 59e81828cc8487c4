// The staging folder of the build under way, removed by the handler of a stopping signal
// (Ctrl-C, SIGTERM): only async-signal-safe calls, on a path copied in beforehand, so the
// handler touches no lock or allocation that the thread it interrupted might hold.
#define _GNU_SOURCE
#include "csystem.h"
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

// FREE: no folder (SETTING: its path being copied in). MAKING: the folder is being made
// (armed first: a signal between making and arming left it behind, as CI once found).
// ARMED: the handler may remove it. SWAPPING: it is being swapped with the output, and
// removing it then could empty the new site just put in place. REMOVING: the handler has
// it, and the build must neither swap it nor end before the handler does (a build whose
// writes fail as the folder goes would otherwise report them and exit 1, cutting the
// handler short).
enum { FREE, SETTING, MAKING, ARMED, SWAPPING, REMOVING };
static atomic_int state = FREE;
static char staging[4096];
// The thread making or swapping the folder.
static atomic_long busy;

static long thread_id(void) {
#ifdef __linux__
    return syscall(SYS_gettid);
#else
    return 0;
#endif
}

int quizgen_staging_arm(const char *path) {
    size_t length = strlen(path);
    int expected = FREE;
    if (length >= sizeof staging || !atomic_compare_exchange_strong(&state, &expected, SETTING)) return 0;
    memcpy(staging, path, length + 1);
    atomic_store(&busy, thread_id());
    atomic_store(&state, MAKING);
    return 1;
}

// Moves the folder from `from` to `next`, or waits for the handler, which ends the process.
static void take(int from, int next) {
    int expected = from;
    if (atomic_compare_exchange_strong(&state, &expected, next) || expected != REMOVING) return;
    for (;;) pause();
}

void quizgen_staging_made(int made) { take(MAKING, made ? ARMED : FREE); }

void quizgen_staging_begin_swap(void) {
    atomic_store(&busy, thread_id());
    take(ARMED, SWAPPING);
}

void quizgen_staging_end_swap(void) { atomic_store(&state, ARMED); }

void quizgen_staging_disarm(void) { take(ARMED, FREE); }

#ifdef __linux__
struct entry {
    uint64_t inode;
    int64_t offset;
    unsigned short length;
    unsigned char type;
    char name[];
};

// One listing buffer for every level (a handler's stack is the interrupted thread's):
// after a subfolder is removed the folder is listed again from its start.
static uint64_t listing[4096];

// Empties and removes the folder `name` in `parent`: files unlinked, folders entered. What
// is gone already counts as removed: the build may be removing the same folder.
static int remove_folder(int parent, const char *name, int depth) {
    char own[256];
    if (depth > 0) {
        // The name lies in the listing, which the levels below overwrite.
        size_t length = strlen(name);
        if (length >= sizeof own || depth > 256) return -1;
        memcpy(own, name, length + 1);
        name = own;
    }
    int folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (folder < 0) return errno == ENOENT ? 0 : -1;
    // A read-only folder (a `chmod -R a-w public` swapped out) keeps its files otherwise.
    fchmod(folder, 0700);
    for (int again = 1; again;) {
        again = 0;
        lseek(folder, 0, SEEK_SET);
        long got;
        while (!again && (got = syscall(SYS_getdents64, folder, listing, sizeof listing)) > 0) {
            for (long at = 0; at < got && !again;) {
                struct entry *e = (struct entry *)((char *)listing + at);
                at += e->length;
                if (strcmp(e->name, ".") == 0 || strcmp(e->name, "..") == 0) continue;
                if (unlinkat(folder, e->name, 0) == 0 || errno != EISDIR) continue;
                if (remove_folder(folder, e->name, depth + 1) != 0) {
                    close(folder);
                    return -1;
                }
                again = 1;
            }
        }
    }
    close(folder);
    return unlinkat(parent, name, AT_REMOVEDIR) == 0 || errno == ENOENT ? 0 : -1;
}
#endif

// Takes the folder for the handler: at once when it is armed. While it is being made or
// swapped, a handler on another thread waits for that to end (for a second at most, in
// case the busy thread is stuck), then removes the folder or, after a swap, the old site
// now at its path. A handler that interrupted the busy thread itself cannot wait: a folder
// being made it removes, as the maker makes nothing more; one being swapped it leaves to
// the next build, since the swap may be half done (replaceBySteps).
static int take_for_handler(void) {
    for (int waited = 0;; waited++) {
        int expected = ARMED;
        if (atomic_compare_exchange_strong(&state, &expected, REMOVING)) return 1;
        if (expected != MAKING && expected != SWAPPING) return 0;
        if (thread_id() == atomic_load(&busy) || waited >= 2000) {
            if (expected == SWAPPING) return 0;
            if (atomic_compare_exchange_strong(&state, &expected, REMOVING)) return 1;
            continue;
        }
        struct timespec nap = {0, 500000};
        nanosleep(&nap, NULL);
    }
}

void quizgen_staging_remove_on_signal(void) {
    if (!take_for_handler()) return;
#ifdef __linux__
    int saved = errno;
    // The build's writers may still add a file or two while it is emptied; they stop once
    // the folder is gone, as their paths then lead nowhere.
    for (int pass = 0; pass < 100; pass++) {
        if (remove_folder(AT_FDCWD, staging, 0) == 0 || errno != ENOTEMPTY) break;
    }
    errno = saved;
#endif
}
