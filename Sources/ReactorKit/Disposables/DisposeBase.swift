/// Base class of the library's disposables; counts them in debug builds' ``Resources``.
public class DisposeBase: @unchecked Sendable {
    // @unchecked Sendable: subclasses guard their own state
    init() {}

    #if DEBUG
        private let resourceScope = Resources.enter()

        deinit {
            Resources.leave(resourceScope)
        }
    #endif
}
