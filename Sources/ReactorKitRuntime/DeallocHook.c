#include "ReactorKitRuntime.h"

#if defined(__linux__)
#include <pthread.h>
#include <stddef.h>
#include <sys/mman.h>
#include <unistd.h>

// A native Swift object starts with a pointer to its class metadata. Two words before the
// metadata's address point lies the heap-object destroyer: the function `swift_release`
// calls when the last strong reference goes (the class's deallocating deinit). It uses the
// Swift calling convention with the object in the context register.
//
// Hooking a class replaces that pointer with `rk_dealloc_trampoline`, which reports the object
// to the callback and then calls the original destroyer. Classes are hooked one at a time,
// on first use, and never unhooked.

typedef void (*rk_destroyer)(void *object __attribute__((swift_context))) __attribute__((swiftcall));

enum { rk_max_classes = 4096 };

struct rk_hooked_class {
    const void *metadata;
    rk_destroyer original;
};

static struct rk_hooked_class rk_classes[rk_max_classes];
static size_t rk_class_count;  // published with release ordering after an entry is filled
static pthread_mutex_t rk_hook_mutex = PTHREAD_MUTEX_INITIALIZER;
static rk_dealloc_callback rk_callback;

static rk_destroyer rk_original_destroyer(const void *metadata) {
    size_t count = __atomic_load_n(&rk_class_count, __ATOMIC_ACQUIRE);
    for (size_t index = 0; index < count; index++) {
        if (rk_classes[index].metadata == metadata) {
            return rk_classes[index].original;
        }
    }
    return NULL;
}

static void rk_dealloc_trampoline(void *object __attribute__((swift_context))) __attribute__((swiftcall)) {
    const void *metadata = *(const void *const *)object;
    rk_destroyer original = rk_original_destroyer(metadata);
    rk_dealloc_callback callback = __atomic_load_n(&rk_callback, __ATOMIC_ACQUIRE);
    if (callback != NULL) {
        callback(object);
    }
    if (original != NULL) {
        original(object);
    }
    // Without an original destroyer (impossible for hooked classes) the object's memory is
    // leaked rather than freed with a wrong function.
}

int rk_dealloc_hook_install(const void *object, rk_dealloc_callback callback) {
    if (object == NULL || callback == NULL) {
        return 0;
    }
    const void *metadata = *(const void *const *)object;
    if (metadata == NULL) {
        return 0;
    }
    // Class metadata of a native Swift class on a platform without Objective-C interop has
    // kind 0 in its first word; anything else is not a layout this hook understands.
    if (*(const uintptr_t *)metadata != 0) {
        return 0;
    }
    rk_destroyer *slot = (rk_destroyer *)((const char *)metadata - 2 * sizeof(void *));

    pthread_mutex_lock(&rk_hook_mutex);
    if (rk_callback == NULL) {
        __atomic_store_n(&rk_callback, callback, __ATOMIC_RELEASE);
    } else if (rk_callback != callback) {
        pthread_mutex_unlock(&rk_hook_mutex);
        return 0;
    }
    if (rk_original_destroyer(metadata) != NULL) {
        pthread_mutex_unlock(&rk_hook_mutex);
        return 1;
    }
    rk_destroyer original = *slot;
    if (original == NULL || original == rk_dealloc_trampoline || rk_class_count == rk_max_classes) {
        pthread_mutex_unlock(&rk_hook_mutex);
        return 0;
    }
    // Metadata of non-generic classes may sit in a page made read-only after relocation.
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0) {
        pthread_mutex_unlock(&rk_hook_mutex);
        return 0;
    }
    uintptr_t start = (uintptr_t)slot & ~((uintptr_t)page - 1);
    uintptr_t end = ((uintptr_t)slot + sizeof(*slot) + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
    if (mprotect((void *)start, end - start, PROT_READ | PROT_WRITE) != 0) {
        pthread_mutex_unlock(&rk_hook_mutex);
        return 0;
    }
    rk_classes[rk_class_count].metadata = metadata;
    rk_classes[rk_class_count].original = original;
    __atomic_store_n(&rk_class_count, rk_class_count + 1, __ATOMIC_RELEASE);
    __atomic_store_n(slot, rk_dealloc_trampoline, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&rk_hook_mutex);
    return 1;
}

#else

int rk_dealloc_hook_install(const void *object, rk_dealloc_callback callback) {
    (void)object;
    (void)callback;
    return 0;
}

#endif
