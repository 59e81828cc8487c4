#ifndef QUIZGEN_CSYSTEM_H
#define QUIZGEN_CSYSTEM_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS where unsupported).
int quizgen_exchange_paths(const char *a, const char *b);

/// Renames a to b unless b exists (renameat2 with RENAME_NOREPLACE): fails with EEXIST
/// instead of replacing, so two first builds cannot race between a check and a rename.
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS or EINVAL where unsupported).
int quizgen_rename_noreplace(const char *a, const char *b);

/// Copies a file's bytes to a new file (mode 0644) without holding them in memory: in the
/// kernel where it can (copy_file_range, then sendfile), else through a small buffer.
/// Returns 0 on success, -1 with errno set otherwise.
int quizgen_copy_file(const char *from, const char *to);

/// The build's staging folder, for the handler of a stopping signal to remove
/// (staging.c). Only the first folder armed in a process is kept: returns 1 when `path`
/// is it, 0 otherwise (then the calls below are not for it). Called before the folder is
/// made; `quizgen_staging_made` follows.
int quizgen_staging_arm(const char *path);

/// After the armed folder was made (`made` 1), or could not be (0: nothing to remove).
/// Never returns when the handler is already removing it.
void quizgen_staging_made(int made);

/// Before the folder is swapped with the output: the handler then leaves it. Never returns
/// when the handler is already removing it (the process is ending).
void quizgen_staging_begin_swap(void);

/// After the swap: what is left at the path (the previous site) may be removed again.
void quizgen_staging_end_swap(void);

/// The folder is gone: nothing for the handler to do. Never returns when the handler is
/// removing it, so that the build cannot end (with another status) before the handler does.
void quizgen_staging_disarm(void);

/// For a stopping signal's handler: removes the armed folder, unless it is being swapped.
/// Async-signal-safe.
void quizgen_staging_remove_on_signal(void);

#endif
