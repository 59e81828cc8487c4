#ifndef QUIZGEN_CSYSTEM_H
#define QUIZGEN_CSYSTEM_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (ENOSYS where unsupported).
int quizgen_exchange_paths(const char *a, const char *b);

#endif
