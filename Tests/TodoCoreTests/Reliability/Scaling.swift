import Foundation

/// The number of iterations of a reliability test: `count`, a fifth of it under a sanitizer
/// (whose instrumented code is several times slower; the full count runs in the plain
/// `swift test`), or `TODO_FUZZ_ITERATIONS` for a longer run (see Docs/Reliability.md).
func scaled(_ count: Int) -> Int {
    if let given = ProcessInfo.processInfo.environment["TODO_FUZZ_ITERATIONS"].flatMap(Int.init) { return given }
    return isSanitized ? max(count / 5, 1) : count
}

/// Whether this test process runs under ThreadSanitizer or AddressSanitizer.
let isSanitized: Bool = {
    let handle = dlopen(nil, RTLD_NOW)
    defer { if let handle { dlclose(handle) } }
    return dlsym(handle, "__tsan_init") != nil || dlsym(handle, "__asan_init") != nil
}()
