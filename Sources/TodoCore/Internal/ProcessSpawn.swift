#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting a child process with `posix_spawn`: the hooks' and the sync helper's.
package enum ProcessSpawn {
    /// Starts the child with the three descriptors as its standard input, output and error, in a
    /// process group of its own, with every signal at its default and none blocked.
    ///
    /// - Returns: 0, or the error number.
    package static func spawn(
        _ path: String, arguments: [String], environment: [String: String]?,
        descriptors: (input: Int32, output: Int32, errors: Int32), pid: inout pid_t
    ) -> Int32 {
        var actions = SpawnFileActions.make()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, descriptors.input, 0)
        posix_spawn_file_actions_adddup2(&actions, descriptors.output, 1)
        posix_spawn_file_actions_adddup2(&actions, descriptors.errors, 2)
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<SpawnFileActions>, Int32) -> Int32
        // glibc 2.34's posix_spawn_file_actions_addclosefrom_np (looked up: Swift does not import
        // it); without it, the descriptors TodoCore opens are all close-on-exec.
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        }
        var attributes = SpawnAttributes.make()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard let environment else {
            return posix_spawn(&pid, path, &actions, &attributes, argv, processEnvironment())
        }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        return posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    }

    /// This process's environment, as `posix_spawn` takes it.
    private static func processEnvironment() -> UnsafePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
            return UnsafePointer(_NSGetEnviron().pointee)
        #else
            return UnsafePointer(environ)
        #endif
    }
}

#if canImport(Darwin)
    /// `posix_spawn`'s file actions (an optional pointer on Darwin, a struct in glibc).
    typealias SpawnFileActions = posix_spawn_file_actions_t?
    /// `posix_spawn`'s attributes.
    typealias SpawnAttributes = posix_spawnattr_t?

    extension Optional where Wrapped == UnsafeMutableRawPointer {
        fileprivate static func make() -> Self { nil }
    }
#else
    /// `posix_spawn`'s file actions (an optional pointer on Darwin, a struct in glibc).
    typealias SpawnFileActions = posix_spawn_file_actions_t
    /// `posix_spawn`'s attributes.
    typealias SpawnAttributes = posix_spawnattr_t

    extension posix_spawn_file_actions_t {
        fileprivate static func make() -> Self { Self() }
    }

    extension posix_spawnattr_t {
        fileprivate static func make() -> Self { Self() }
    }
#endif
