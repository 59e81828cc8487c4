#include "arena.h"
#include <stdlib.h>
#include <string.h>

// One definition for the whole program: a static in a header would be one per importer.
static __thread quizgen_arena *current;

quizgen_arena *quizgen_arena_enter(quizgen_arena *arena) {
    quizgen_arena *previous = current;
    current = arena;
    return previous;
}

void quizgen_arena_leave(quizgen_arena *arena, quizgen_arena *previous) {
    char *block = arena->newest;
    while (block) {
        char *before = *(char **)block;
        free(block);
        block = before;
    }
    arena->newest = NULL;
    arena->next = NULL;
    arena->end = NULL;
    arena->last = NULL;
    current = previous;
}

quizgen_arena *quizgen_arena_state(void) {
    if (!current) abort();
    return current;
}

static size_t rounded(size_t size) {
    // No allocation comes near this; the rounding below must not wrap.
    if (size > ((size_t)1 << 48)) abort();
    return (size + quizgen_arena_header - 1) & ~(size_t)(quizgen_arena_header - 1);
}

static void *place(quizgen_arena *arena, size_t size, size_t rounded_size, char *start) {
    *(size_t *)start = size;
    char *pointer = start + quizgen_arena_header;
    arena->next = pointer + rounded_size;
    arena->last = pointer;
    return pointer;
}

// The slow paths (a new block, a copy) are calls of their own: inlined, they made every
// allocation save and restore the registers that only they need.
__attribute__((noinline)) static void *allocate_in_new_block(quizgen_arena *arena, size_t size, size_t rounded_size) {
    // What is left of the old block stays unused.
    size_t needed = rounded_size + 2 * quizgen_arena_header;
    size_t block_size = arena->block_size > needed ? arena->block_size : needed;
    char *block = malloc(block_size);
    if (!block) abort();
    *(char **)block = arena->newest;
    arena->newest = block;
    arena->end = block + block_size;
    arena->block_size = arena->block_size * 2 < quizgen_arena_largest_block
        ? arena->block_size * 2 : quizgen_arena_largest_block;
    return place(arena, size, rounded_size, block + quizgen_arena_header);
}

static inline void *allocate(quizgen_arena *arena, size_t size, size_t rounded_size) {
    if (arena->next && (size_t)(arena->end - arena->next) >= rounded_size + quizgen_arena_header) {
        return place(arena, size, rounded_size, arena->next);
    }
    return allocate_in_new_block(arena, size, rounded_size);
}

void *quizgen_arena_allocate(quizgen_arena *arena, size_t size) {
    return allocate(arena, size, rounded(size));
}

__attribute__((noinline)) static void *move(quizgen_arena *arena, char *old, size_t size) {
    size_t old_size = *(size_t *)(old - quizgen_arena_header);
    void *moved = quizgen_arena_allocate(arena, size);
    memcpy(moved, old, old_size < size ? old_size : size);
    return moved;
}

static inline void *reallocate(quizgen_arena *arena, void *pointer, size_t size) {
    if (!pointer) return quizgen_arena_allocate(arena, size);
    char *old = pointer;
    // The last allocation grows (or shrinks) where it is while its block has room.
    size_t rounded_size = rounded(size);
    if (old == arena->last && (size_t)(arena->end - old) >= rounded_size) {
        *(size_t *)(old - quizgen_arena_header) = size;
        arena->next = old + rounded_size;
        return old;
    }
    return move(arena, old, size);
}

void *quizgen_arena_reallocate(quizgen_arena *arena, void *pointer, size_t size) {
    return reallocate(arena, pointer, size);
}

void *quizgen_arena_calloc(size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) abort();
    // Zeroed here, as asked: zeroing whole blocks cleared far more than cmark uses.
    return memset(allocate(quizgen_arena_state(), total, rounded(total)), 0, total);
}

void *quizgen_arena_realloc(void *pointer, size_t size) {
    return reallocate(quizgen_arena_state(), pointer, size);
}

// Nothing is freed one by one: the blocks go when the parse is over.
void quizgen_arena_free(void *pointer) {
    (void)pointer;
}
