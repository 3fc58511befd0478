import TodoCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A todo as a resource of the other side: read from one, written as one, and compared as the
/// iCalendar `todo` writes for it, so that what iCalendar cannot say (a time's fraction of a
/// second) is never taken for a change.
struct SyncedTodo {
    /// The local time zone's offset at an instant, for floating times.
    var utcOffset: @Sendable (Date) -> Int

    /// What a resource holds.
    enum Reading {
        /// One todo, and its place in the other side's list (`X-APPLE-SORT-ORDER`), if it has one.
        case todo(ImportedTodo, order: Int?)
        /// No todo (an event, a journal): not ours to sync.
        case none
        /// Something that cannot be synced, and why.
        case unusable(String)
    }

    /// Reads the todo of `resource`.
    func read(_ resource: RemoteResource) -> Reading {
        let todos: [ImportedTodo]
        do {
            todos = try ICalendarFormat.parse(resource.bytes, file: resource.href, utcOffset: utcOffset)
        } catch {
            return .unusable("it is not iCalendar (\(error))")
        }
        switch todos.count {
        case 0: return .none
        case 1:
            var todo = todos[0]
            // A VTODO without a UID: a uuid of its href, the same on every device.
            if todo.uuid == nil { todo.uuid = ICalendarFormat.uuid(forUID: "href:" + resource.href) }
            return .todo(todo, order: Self.sortOrder(resource.bytes))
        default:
            return .unusable("it holds \(todos.count) todos; todo syncs resources of one todo each")
        }
    }

    /// The value of the first `X-APPLE-SORT-ORDER` line of an iCalendar object, if any.
    static func sortOrder(_ bytes: [UInt8]) -> Int? {
        let name = Array("X-APPLE-SORT-ORDER:".utf8)
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if end - start > name.count, bytes[start..<start + name.count].elementsEqual(name) {
                let value = bytes[(start + name.count)..<end].filter { $0 != UInt8(ascii: "\r") }
                return Int(String(decoding: value, as: UTF8.self))
            }
            start = end + 1
        }
        return nil
    }

    /// The todo here of an imported one, with this device's id and place in the list.
    ///
    /// - Parameter ids: The id here of each uuid, for the todos it waits for; one not here is
    ///   dropped.
    func todo(_ item: ImportedTodo, id: Int, position: Int, ids: [UUID: Int], now: Date) -> Todo {
        let createdAt = item.createdAt ?? item.updatedAt ?? now
        let depends = Set(item.dependsOnUUIDs.compactMap { ids[$0] }).subtracting([id]).sorted()
        return Todo(
            id: id, uuid: item.uuid ?? UUID(), title: item.title, note: item.note, isDone: item.isDone,
            priority: item.priority, due: item.due, tags: item.tags, createdAt: createdAt,
            updatedAt: max(item.updatedAt ?? createdAt, createdAt),
            completedAt: item.isDone ? (item.completedAt ?? item.updatedAt ?? createdAt) : nil, position: position,
            recurrence: item.recurrence, project: item.project, wait: item.wait, scheduled: item.scheduled,
            depends: depends, annotations: item.annotations, startedAt: item.isDone ? nil : item.startedAt,
            iCalendarLines: item.iCalendarLines.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The resource of `todo`: one `VCALENDAR` with its `VTODO`.
    ///
    /// - Parameter uids: The `UID` of each todo it waits for, by id.
    func bytes(of todo: Todo, uids: [Int: String]) -> [UInt8] {
        ICalendarFormat.calendar(for: todo, uids: uids, utcOffset: utcOffset).serialized()
    }

    /// `todo` as iCalendar says it: written and read back, with its id and place.
    func normalized(_ todo: Todo, uids: [Int: String], ids: [UUID: Int], now: Date) -> Todo {
        let bytes = bytes(of: todo, uids: uids)
        guard case .todo(let item, _) = read(RemoteResource(href: "", etag: nil, bytes: bytes)) else { return todo }
        return self.todo(item, id: todo.id, position: todo.position, ids: ids, now: now)
    }
}
