#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The three-way merge of one todo, field by field, against the copy both sides had when they
/// last agreed (what a sync keeps in its state).
///
/// For each field: changed on one side only, that side's value; changed on both to the same
/// value, that value; changed on both to different values, the value of the side changed
/// later (`updatedAt`; on a tie, the value that sorts first, so every device decides alike) —
/// and the other value becomes an annotation, `sync conflict: due was 2030-01-09 on laptop`,
/// so that nothing is dropped without a word. Tags, dependencies and annotations merge as sets
/// (what either side added is added, what either side removed is removed). Edited on one side
/// and deleted on the other, the edit wins and the todo stays. The id and the place in the list
/// are this device's (ids are per device); the uuid is shared.
///
/// ```swift
/// let merged = TodoMerge.merge(base: lastSynced, local: here, remote: there,
///                              localName: "this device", remoteName: "dav.example.com")
/// ```
public enum TodoMerge {
    /// The merge of one todo.
    public struct Outcome: Sendable, Hashable {
        /// The todo both sides should hold; `nil` when it is deleted.
        public var todo: Todo?
        /// The fields both sides changed to different values.
        public var conflicts: [Conflict]
    }

    /// A field both sides changed to different values.
    public struct Conflict: Sendable, Hashable {
        /// The field's name, as `--json` names it (`due`, `title`, …).
        public var field: String
        /// The value kept, as text (`none` for no value).
        public var kept: String
        /// The value not kept, as text, now in an annotation.
        public var dropped: String
        /// The name of the side whose value was not kept.
        public var droppedOn: String
    }

    /// Merges `local` and `remote` against `base`.
    ///
    /// - Parameters:
    ///   - base: The todo as both sides last agreed on it; `nil` when they never did (created
    ///     on both sides, as two devices completing the same recurring occurrence do).
    ///   - local: The todo here; `nil` when deleted here (or never here).
    ///   - remote: The todo there; `nil` when deleted there (or never there).
    ///   - localName: This side's name, for conflict annotations (`this device`).
    ///   - remoteName: The other side's name (the server's host, the folder).
    ///   - now: The time of the merge, for the conflict annotations.
    /// - Returns: The todo, or `nil` when it is deleted; and the conflicts.
    public static func merge(
        base: Todo?, local: Todo?, remote: Todo?, localName: String, remoteName: String, now: Date
    ) -> Outcome {
        switch (local, remote) {
        case (nil, nil):
            return Outcome(todo: nil, conflicts: [])
        case (let local?, nil):
            // Deleted there: gone, unless changed here since.
            if let base, sameContents(base, local) { return Outcome(todo: nil, conflicts: []) }
            return Outcome(todo: local, conflicts: [])
        case (nil, let remote?):
            if let base, sameContents(base, remote) { return Outcome(todo: nil, conflicts: []) }
            return Outcome(todo: remote, conflicts: [])
        case (let local?, let remote?):
            return fields(
                base: base, local: local, remote: remote, localName: localName, remoteName: remoteName, now: now)
        }
    }

    /// Whether two versions of a todo say the same (ids, places and times of change aside).
    static func sameContents(_ a: Todo, _ b: Todo) -> Bool {
        var a = a
        a.id = b.id
        a.position = b.position
        a.updatedAt = b.updatedAt
        return a == b
    }

    private static func fields(
        base: Todo?, local: Todo, remote: Todo, localName: String, remoteName: String, now: Date
    ) -> Outcome {
        var merged = local
        var conflicts: [Conflict] = []
        let localIsLater = local.updatedAt > remote.updatedAt
        let tie = local.updatedAt == remote.updatedAt
        /// Merges one field; `text` shows a value in an annotation.
        func field<Value: Equatable>(
            _ name: String, _ keyPath: WritableKeyPath<Todo, Value>, _ text: (Value) -> String
        ) {
            let mine = local[keyPath: keyPath]
            let theirs = remote[keyPath: keyPath]
            guard mine != theirs else { return }
            if let base {
                let original = base[keyPath: keyPath]
                if mine == original {
                    merged[keyPath: keyPath] = theirs
                    return
                }
                if theirs == original { return }
            }
            let keepMine = tie ? text(mine) < text(theirs) : localIsLater
            merged[keyPath: keyPath] = keepMine ? mine : theirs
            conflicts.append(
                Conflict(
                    field: name, kept: text(keepMine ? mine : theirs), dropped: text(keepMine ? theirs : mine),
                    droppedOn: keepMine ? remoteName : localName))
        }
        func optional<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "none" }
        field("title", \.title) { $0 }
        field("note", \.note) { optional($0) }
        field("isDone", \.isDone) { $0 ? "done" : "pending" }
        field("priority", \.priority) { $0 == .none ? "none" : "\($0)" }
        field("due", \.due) { optional($0) }
        field("recurrence", \.recurrence) { optional($0) }
        field("project", \.project) { optional($0) }
        field("wait", \.wait) { optional($0) }
        field("scheduled", \.scheduled) { optional($0) }
        // The completion time goes with the done state; the start, and the lines kept for
        // iCalendar, follow the later side when both changed them.
        merged.completedAt =
            merged.isDone
            ? (pick(base?.completedAt, local.completedAt, remote.completedAt, localIsLater) ?? local.completedAt
                ?? remote.completedAt) : nil
        merged.startedAt = merged.isDone ? nil : pick(base?.startedAt, local.startedAt, remote.startedAt, localIsLater)
        merged.iCalendarLines = pick(base?.iCalendarLines, local.iCalendarLines, remote.iCalendarLines, localIsLater)
        merged.tags = mergeSets(base?.tags, local.tags, remote.tags)
        merged.depends = mergeSets(base.map { Set($0.depends) }, Set(local.depends), Set(remote.depends)).sorted()
        merged.createdAt = min(local.createdAt, remote.createdAt)
        var annotations = mergeSets(base.map { Set($0.annotations) }, Set(local.annotations), Set(remote.annotations))
        for conflict in conflicts {
            annotations.insert(
                Annotation(
                    at: now, text: "sync conflict: \(conflict.field) was \(conflict.dropped) on \(conflict.droppedOn)"))
        }
        merged.annotations = annotations.sorted { ($0.at, $0.text) < ($1.at, $1.text) }
        merged.updatedAt = max(local.updatedAt, remote.updatedAt)
        merged.id = local.id
        merged.position = local.position
        return Outcome(todo: merged, conflicts: conflicts)
    }

    /// The value of the side that changed it (the later side when both did).
    private static func pick<T: Equatable>(_ base: T?, _ mine: T?, _ theirs: T?, _ localIsLater: Bool) -> T? {
        if mine == theirs { return mine }
        if mine == base { return theirs }
        if theirs == base { return mine }
        return localIsLater ? mine : theirs
    }

    /// `base` with what each side added and without what each side removed (without a base,
    /// the union).
    private static func mergeSets<T: Hashable>(_ base: Set<T>?, _ mine: Set<T>, _ theirs: Set<T>) -> Set<T> {
        guard let base else { return mine.union(theirs) }
        let added = mine.subtracting(base).union(theirs.subtracting(base))
        let removed = base.subtracting(mine).union(base.subtracting(theirs))
        return base.union(added).subtracting(removed)
    }
}
