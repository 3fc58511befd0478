#include "ReactorKitRuntime.h"

#include <pthread.h>

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

// Drepper's "Futexes Are Tricky" mutex, with a short spin before sleeping: critical sections
// in ReactorKit are a few dozen instructions, so a waiter usually gets the lock while spinning.
void rk_lock_lock_slow(rk_lock_t *lock) {
    for (int spin = 0; spin < 100; spin++) {
        uint32_t expected = 0;
        if (__atomic_load_n(&lock->state, __ATOMIC_RELAXED) == 0 &&
            __atomic_compare_exchange_n(&lock->state, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            return;
        }
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#elif defined(__aarch64__)
        __asm__ __volatile__("yield");
#endif
    }
    uint32_t state = __atomic_exchange_n(&lock->state, 2, __ATOMIC_ACQUIRE);
    while (state != 0) {
        syscall(SYS_futex, &lock->state, FUTEX_WAIT_PRIVATE, 2, 0, 0, 0);
        state = __atomic_exchange_n(&lock->state, 2, __ATOMIC_ACQUIRE);
    }
}

void rk_lock_wake(rk_lock_t *lock) {
    syscall(SYS_futex, &lock->state, FUTEX_WAKE_PRIVATE, 1, 0, 0, 0);
}
#endif

uintptr_t rk_current_thread(void) {
    return (uintptr_t)pthread_self();
}
