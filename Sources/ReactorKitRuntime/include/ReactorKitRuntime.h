// Low-level primitives for ReactorKit that Swift cannot express directly: a lock whose
// uncontended path is a single atomic instruction, inlined into Swift callers.
#ifndef REACTORKIT_RUNTIME_H
#define REACTORKIT_RUNTIME_H

#include <stdint.h>

#if defined(__APPLE__)
#include <os/lock.h>
#endif

#if defined(__linux__)
/// A futex-based mutex: 0 unlocked, 1 locked, 2 locked with waiters.
typedef struct { uint32_t state; } rk_lock_t;

void rk_lock_lock_slow(rk_lock_t *lock);
void rk_lock_wake(rk_lock_t *lock);

static inline void rk_lock_init(rk_lock_t *lock) { lock->state = 0; }

static inline void rk_lock_lock(rk_lock_t *lock) {
    uint32_t expected = 0;
    if (__atomic_compare_exchange_n(&lock->state, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        return;
    }
    rk_lock_lock_slow(lock);
}

static inline void rk_lock_unlock(rk_lock_t *lock) {
    if (__atomic_exchange_n(&lock->state, 0, __ATOMIC_RELEASE) == 2) {
        rk_lock_wake(lock);
    }
}
#elif defined(__APPLE__)
typedef struct { os_unfair_lock lock; } rk_lock_t;

static inline void rk_lock_init(rk_lock_t *lock) { lock->lock = OS_UNFAIR_LOCK_INIT; }
static inline void rk_lock_lock(rk_lock_t *lock) { os_unfair_lock_lock(&lock->lock); }
static inline void rk_lock_unlock(rk_lock_t *lock) { os_unfair_lock_unlock(&lock->lock); }
#else
#include <pthread.h>
typedef struct { pthread_mutex_t mutex; } rk_lock_t;

static inline void rk_lock_init(rk_lock_t *lock) { pthread_mutex_init(&lock->mutex, 0); }
static inline void rk_lock_lock(rk_lock_t *lock) { pthread_mutex_lock(&lock->mutex); }
static inline void rk_lock_unlock(rk_lock_t *lock) { pthread_mutex_unlock(&lock->mutex); }
#endif

/// A recursive mutex over `rk_lock_t`: the owning thread may lock it again.
typedef struct {
    rk_lock_t lock;
    uintptr_t owner;  // the owning thread, or 0; written only by the owner
    uint32_t depth;   // touched only by the owner
} rk_recursive_lock_t;

uintptr_t rk_current_thread(void);

static inline void rk_recursive_lock_init(rk_recursive_lock_t *lock) {
    rk_lock_init(&lock->lock);
    lock->owner = 0;
    lock->depth = 0;
}

static inline void rk_recursive_lock_lock(rk_recursive_lock_t *lock) {
    uintptr_t self = rk_current_thread();
    // Only this thread can have stored `self` here, so a relaxed read suffices.
    if (__atomic_load_n(&lock->owner, __ATOMIC_RELAXED) == self) {
        lock->depth += 1;
        return;
    }
    rk_lock_lock(&lock->lock);
    __atomic_store_n(&lock->owner, self, __ATOMIC_RELAXED);
    lock->depth = 1;
}

static inline void rk_recursive_lock_unlock(rk_recursive_lock_t *lock) {
    lock->depth -= 1;
    if (lock->depth == 0) {
        __atomic_store_n(&lock->owner, 0, __ATOMIC_RELAXED);
        rk_lock_unlock(&lock->lock);
    }
}

#endif

#ifndef REACTORKIT_RUNTIME_DEALLOC_H
#define REACTORKIT_RUNTIME_DEALLOC_H

/// Called with an object's address just before the object is deinitialized.
typedef void (*rk_dealloc_callback)(const void *object);

/// Arranges for `callback` to run for every instance of `object`'s class (its dynamic class)
/// just before that instance is deinitialized, by wrapping the class's heap-object destroyer.
///
/// Only on Linux, for native Swift classes. Returns 1 when the class is hooked (now or
/// before), 0 when it cannot be (unexpected metadata, too many classes, memory protection):
/// callers must then fall back to another way of noticing deallocation. All calls must pass
/// the same callback.
int rk_dealloc_hook_install(const void *object, rk_dealloc_callback callback);

#endif
