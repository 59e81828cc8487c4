#ifndef QUIZGEN_ARENA_H
#define QUIZGEN_ARENA_H

#include <stddef.h>

// Memory for cmark's allocations during one parse: a few large blocks handed out in order
// and freed together once the tree is converted (Markdown's ParseArena.swift says why).
//
// In C because cmark's allocator hooks take no context: the arena of the parse under way is
// found through a thread-local, and Swift reached one only through pthread_getspecific and
// a closure thunk per call, about 100 instructions an allocation (a tenth of the parse).

typedef struct quizgen_arena {
    char *next;
    char *end;
    // The last allocation, which realloc can grow where it is.
    char *last;
    // The newest block; each block's first word points to the one before it.
    char *newest;
    size_t block_size;
} quizgen_arena;

// Each allocation is preceded by its size (for realloc); sizes are rounded to the header's,
// so every allocation keeps malloc's alignment.
enum {
    quizgen_arena_header = 16,
    quizgen_arena_first_block = 64 * 1024,
    quizgen_arena_largest_block = 1024 * 1024,
};

// Makes `arena` the one this thread's allocations come from; returns the one before.
quizgen_arena *quizgen_arena_enter(quizgen_arena *arena);
// Frees the blocks of `arena` and makes `previous` this thread's arena again.
void quizgen_arena_leave(quizgen_arena *arena, quizgen_arena *previous);
// This thread's arena; aborts when there is none, as cmark's allocator does without memory.
quizgen_arena *quizgen_arena_state(void);

// Memory as malloc gives it, not cleared.
void *quizgen_arena_allocate(quizgen_arena *arena, size_t size);
void *quizgen_arena_reallocate(quizgen_arena *arena, void *pointer, size_t size);

// cmark's allocator: calloc, realloc and free on this thread's arena.
void *quizgen_arena_calloc(size_t count, size_t size);
void *quizgen_arena_realloc(void *pointer, size_t size);
void quizgen_arena_free(void *pointer);

#endif
