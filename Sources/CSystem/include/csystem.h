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

#endif
