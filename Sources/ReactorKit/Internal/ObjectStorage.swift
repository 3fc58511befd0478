import ReactorKitRuntime

#if canImport(ObjectiveC)
    import ObjectiveC
#endif

/// Storage attached to any object and freed together with it.
///
/// Swift has no stored properties in protocol extensions, yet every reactor needs its own
/// action subject, state stream and current state. ReactorKit keeps them in Objective-C
/// associated objects; Linux has none, and weak-keyed tables free a dead object's values only
/// on a later purge. Here:
/// - on Apple platforms the value is an associated object, released with its owner;
/// - on Linux the value lives in a table keyed by the owner's address, and the owner's class
///   is hooked (`rk_dealloc_hook_install`) so that the entry is removed — and the value
///   released — just before the owner is deinitialized;
/// - if a class cannot be hooked, entries also hold a weak reference to their owner, lookups
///   check it (an address can be reused), and entries of dead owners are swept out whenever
///   the table has doubled since the last sweep, so the table stays bounded (amortized O(1)).
enum ObjectStorage {
    /// What a value is attached for; an owner has one independent value per slot (an object
    /// may be both a reactor and a view).
    enum Slot: Int, CaseIterable {
        case reactor
        case view
        case test
    }

    /// Returns the value attached to `owner` in `slot`, attaching `make()` first if there is none.
    ///
    /// Concurrent first calls for one owner all return the same value. `make` must not
    /// access storage itself; it may run and be discarded when another thread wins. A slot
    /// must always hold values of the same type for a given owner.
    static func value<Value: AnyObject>(for owner: AnyObject, in slot: Slot, make: () -> Value) -> Value {
        #if canImport(ObjectiveC)
            return AssociatedStorage.value(for: owner, in: slot, make: make)
        #else
            return TableStorage.shared.value(for: owner, in: slot, make: make)
        #endif
    }

    /// The value attached to `owner` in `slot`, if any.
    ///
    /// Not generic, so that hot paths (every `reactor.action`) need no type metadata for it.
    static func existingValue(for owner: AnyObject, in slot: Slot) -> AnyObject? {
        #if canImport(ObjectiveC)
            return AssociatedStorage.existingValue(for: owner, in: slot)
        #else
            return TableStorage.shared.lookup(
                UInt(bitPattern: Unmanaged.passUnretained(owner).toOpaque()), owner: owner, slot: slot)
        #endif
    }

    /// Whether values attached to `owner` are released just before `owner` is deinitialized
    /// (its class is hooked), rather than during or after its deallocation.
    ///
    /// Only then may a value rely on being torn down while its owner is still intact.
    static func isReleasedBeforeDeinit(_ owner: AnyObject) -> Bool {
        #if canImport(ObjectiveC)
            return false
        #else
            return rk_dealloc_hook_install(Unmanaged.passUnretained(owner).toOpaque(), ownerWillDeallocate) == 1
        #endif
    }

    /// The number of owners that currently have storage (for tests and benchmarks).
    static var count: Int {
        #if canImport(ObjectiveC)
            return AssociatedStorage.count
        #else
            return TableStorage.shared.count
        #endif
    }
}

#if canImport(ObjectiveC)
    private enum AssociatedStorage {
        nonisolated(unsafe) private static let keys = UnsafeMutableRawPointer.allocate(
            byteCount: ObjectStorage.Slot.allCases.count, alignment: 1)
        private static let lock = Lock()
        nonisolated(unsafe) private static var live = 0  // guarded by lock

        static var count: Int {
            lock.performLocked { live }
        }

        static func value<Value: AnyObject>(
            for owner: AnyObject, in slot: ObjectStorage.Slot, make: () -> Value
        )
            -> Value
        {
            let key = UnsafeRawPointer(keys + slot.rawValue)
            if let existing = objc_getAssociatedObject(owner, key) as? Box<Value> {
                return existing.value
            }
            let created = make()
            return lock.performLocked {
                if let existing = objc_getAssociatedObject(owner, key) as? Box<Value> {
                    return existing.value
                }
                live += 1
                objc_setAssociatedObject(owner, key, Box(created), .OBJC_ASSOCIATION_RETAIN)
                return created
            }
        }

        /// Holds a value of any class; counts live storage.
        private class AnyBox {
            var object: AnyObject { fatalError("abstract") }

            deinit {
                AssociatedStorage.lock.performLocked { AssociatedStorage.live -= 1 }
            }
        }

        /// Holds the value.
        private final class Box<Value: AnyObject>: AnyBox {
            let value: Value

            init(_ value: Value) {
                self.value = value
            }

            override var object: AnyObject { value }
        }
    }
#else
    /// The Linux implementation: an address-keyed table cleaned by a deallocation hook.
    private final class TableStorage: @unchecked Sendable {
        // @unchecked Sendable: `entries` and `nextSweep` are guarded by lock
        static let shared = TableStorage()

        // Guarded by lock; no access is held across a call, so the dynamic exclusivity checks
        // (on every `reactor.action`) are pure overhead.
        private let lock = Lock()
        @exclusivity(unchecked) private var entries: [UInt: Entry] = [:]
        @exclusivity(unchecked) private var nextSweep = 64  // sweep dead entries at this size

        private final class Entry {
            /// Whether the owner's class is hooked: the entry is then removed before the owner
            /// is deinitialized, so its address identifies the owner for the entry's whole life.
            let hooked: Bool
            /// The owner, for unhooked classes only: an address may then be reused by a new
            /// object while a dead owner's entry is still here. (A weak reference gives the
            /// owner a side table, which slows every retain and release of it, so hooked
            /// owners do without.)
            weak var owner: AnyObject?
            // One value per slot; guarded by the table's lock.
            @exclusivity(unchecked) var values: [AnyObject?] = Array(
                repeating: nil, count: ObjectStorage.Slot.allCases.count)

            init(owner: AnyObject, hooked: Bool) {
                self.hooked = hooked
                self.owner = hooked ? nil : owner
            }

            func isOwned(by candidate: AnyObject) -> Bool {
                hooked || owner === candidate
            }

            var isOwnerGone: Bool {
                !hooked && owner == nil
            }
        }

        var count: Int {
            lock.performLocked { entries.count }
        }

        func value<Value: AnyObject>(for owner: AnyObject, in slot: ObjectStorage.Slot, make: () -> Value) -> Value {
            let key = UInt(bitPattern: Unmanaged.passUnretained(owner).toOpaque())
            if let existing = lookup(key, owner: owner, slot: slot) {
                return unsafeDowncast(existing, to: Value.self)
            }
            let hooked = rk_dealloc_hook_install(Unmanaged.passUnretained(owner).toOpaque(), ownerWillDeallocate) == 1
            let created = make()
            var released: [Entry] = []
            let result: AnyObject = lock.performLocked {
                var entry: Entry
                if let existing = entries[key], existing.isOwned(by: owner) {
                    entry = existing
                } else {
                    if let stale = entries[key] {
                        released.append(stale)  // a dead owner's entry at a reused address
                    }
                    entry = Entry(owner: owner, hooked: hooked)
                    entries[key] = entry
                    if !hooked && entries.count >= nextSweep {
                        released += sweepDeadEntries()
                    }
                }
                if let value = entry.values[slot.rawValue] {
                    return value
                }
                entry.values[slot.rawValue] = created
                return created
            }
            released.removeAll()  // values are released here, outside the lock
            return unsafeDowncast(result, to: Value.self)
        }

        func lookup(_ key: UInt, owner: AnyObject, slot: ObjectStorage.Slot) -> AnyObject? {
            lock.lock()
            defer { lock.unlock() }
            guard let entry = entries[key], entry.isOwned(by: owner) else { return nil }
            return entry.values[slot.rawValue]
        }

        /// Removes the entry of an owner that is being deinitialized.
        func remove(_ key: UInt) {
            let removed = lock.performLocked { entries.removeValue(forKey: key) }
            _ = removed  // the value (and everything it holds) is released here, outside the lock
        }

        /// Removes the entries whose owner is gone and returns them, to be released by the
        /// caller after unlocking. Requires `lock`.
        private func sweepDeadEntries() -> [Entry] {
            var dead: [Entry] = []
            for (key, entry) in entries where entry.isOwnerGone {
                dead.append(entry)
                entries.removeValue(forKey: key)
            }
            nextSweep = Swift.max(64, entries.count * 2)
            return dead
        }
    }

    /// The deallocation hook's callback: drops the storage of the object being deinitialized.
    private let ownerWillDeallocate: rk_dealloc_callback = { pointer in
        guard let pointer else { return }
        TableStorage.shared.remove(UInt(bitPattern: pointer))
    }
#endif
