#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every todo of a store as ``TodoOverview`` sees it, and the overview's parts over the todos a
/// filter keeps (the scope), kept so that one change costs time in proportion to the todos it
/// touches — them and those that depend on them — not to the store.
///
/// Built once from every todo (O(n)); ``apply(_:inScope:)`` then takes each event. Counts that
/// depend on the day (overdue, due today, waiting) are kept by day and summed when asked for.
struct TodoOverviewIndex: Sendable {
    /// One todo, reduced to what the overview counts.
    struct Entry: Sendable, Hashable {
        var isDone: Bool
        var inScope: Bool
        var due: CalendarDay?
        var wait: CalendarDay?
        var isActive: Bool
        var tags: Set<String>
        var project: String?
        /// The creation time, in whole seconds since 1970.
        var created: Int
        var depends: [Int]

        init(_ todo: Todo, inScope: Bool) {
            isDone = todo.isDone
            self.inScope = inScope
            due = todo.due
            wait = todo.wait
            isActive = todo.startedAt != nil
            tags = todo.tags
            project = todo.project
            created = Timestamp.seconds(todo.createdAt)
            depends = todo.depends
        }
    }

    /// The todos of one project (by its exact name), or of none.
    private struct ProjectCount: Sendable, Hashable {
        var pending = 0
        var done = 0
        /// The creation times of the pending ones, added up (for their average age).
        var createdSum = 0
    }

    /// Every todo of the store, by id.
    private(set) var entries: [Int: Entry] = [:]
    /// For each id, the todos that depend on it.
    private var dependents: [Int: Set<Int>] = [:]
    /// The blocked todos of the store.
    private(set) var blocked: Set<Int> = []
    /// The blocking todos of the store.
    private(set) var blocking: Set<Int> = []

    // The counts of the todos in scope.
    private var pending = 0
    private var done = 0
    private var active = 0
    private var blockedInScope = 0
    private var tags: [String: TodoStats.TagCount] = [:]
    private var projects: [String: ProjectCount] = [:]
    private var noProject = ProjectCount()
    /// The pending todos by due day, and by wait day.
    private var pendingByDue: [CalendarDay: Int] = [:]
    private var pendingByWait: [CalendarDay: Int] = [:]
    /// The todos with a due day, by that day.
    private var byDue: [CalendarDay: Set<Int>] = [:]

    /// The index of `todos` (every todo of a store); `inScope` says which are counted, seeing
    /// the store's relations.
    init(todos: [Todo], inScope: (Todo, TodoRelations) -> Bool) {
        let relations = TodoRelations(todos: todos)
        blocked = relations.blocked
        blocking = relations.blocking
        entries.reserveCapacity(todos.count)
        for index in todos.indices {
            let entry = Entry(todos[index], inScope: inScope(todos[index], relations))
            let id = todos[index].id
            entries[id] = entry
            for dependency in entry.depends { dependents[dependency, default: []].insert(id) }
            count(entry, id: id, by: 1)
        }
        for id in blocked where entries[id]?.inScope == true { blockedInScope += 1 }
    }

    /// The store's relations.
    var relations: TodoRelations { TodoRelations(blocked: blocked, blocking: blocking) }

    /// Takes in one change: removed todos leave, changed and new ones are counted as they are
    /// now (`inScope` decides, from the todo alone, whether each is counted), and the relations
    /// of those they touch are worked out again.
    mutating func apply(_ event: TodoEvent, inScope: (Todo) -> Bool) {
        let upserted = event.upserted
        var changed = Set(event.removedIDs)
        changed.formUnion(upserted.lazy.map(\.id))
        guard !changed.isEmpty else { return }
        // Those whose blocked or blocking state may change: the changed todos, what they
        // depended on and depend on now, and what depends on them.
        var touched = changed
        for id in changed {
            touched.formUnion(entries[id]?.depends ?? [])
            touched.formUnion(dependents[id] ?? [])
        }
        for todo in upserted { touched.formUnion(todo.depends) }
        for id in touched where blocked.contains(id) && entries[id]?.inScope == true { blockedInScope -= 1 }
        for id in changed {
            guard let old = entries.removeValue(forKey: id) else { continue }
            count(old, id: id, by: -1)
            for dependency in old.depends { removeDependent(id, of: dependency) }
        }
        for todo in upserted {
            let entry = Entry(todo, inScope: inScope(todo))
            entries[todo.id] = entry
            count(entry, id: todo.id, by: 1)
            for dependency in entry.depends { dependents[dependency, default: []].insert(todo.id) }
        }
        for id in touched {
            if isBlocked(id) { blocked.insert(id) } else { blocked.remove(id) }
            if isBlocking(id) { blocking.insert(id) } else { blocking.remove(id) }
            if blocked.contains(id) && entries[id]?.inScope == true { blockedInScope += 1 }
        }
    }

    /// The counts of the todos in scope, on `today`.
    func stats(today: CalendarDay) -> TodoStats {
        var stats = TodoStats(
            pending: pending, done: done, tags: tags, blocked: blockedInScope, active: active)
        for (day, count) in pendingByDue {
            if day < today { stats.overdue += count } else if day == today { stats.dueToday += count }
        }
        for (day, count) in pendingByWait where today < day { stats.waiting += count }
        for (project, count) in projects {
            let key = TodoStats.mayChangeWhenLowercased(project) ? project.lowercased() : project
            stats.projects[key, default: TodoStats.TagCount()].pending += count.pending
            stats.projects[key, default: TodoStats.TagCount()].done += count.done
        }
        return stats
    }

    /// The projects of the todos in scope, as ``SummaryReport`` sums them up at `now` (a pending
    /// todo created after `now` counts as age 0 only when its project's ages add up to less
    /// than nothing).
    func summary(now: Date) -> SummaryReport {
        let now = Timestamp.seconds(now)
        func tally(_ count: ProjectCount) -> SummaryReport.Tally {
            SummaryReport.Tally(
                pending: count.pending, done: count.done, ageSum: max(0, count.pending * now - count.createdSum))
        }
        return SummaryReport(byName: projects.mapValues(tally), none: tally(noProject))
    }

    /// The calendar of `month` over the todos in scope.
    func calendar(_ month: CalendarMonth, today: CalendarDay, weekStart: Weekday) -> CalendarReport {
        var due: [CalendarReport.DueTodo] = []
        for offset in 0..<month.dayCount {
            let day = month.firstDay.adding(days: offset)
            for id in byDue[day] ?? [] {
                due.append(CalendarReport.DueTodo(id: id, due: day, isDone: entries[id]?.isDone ?? false))
            }
        }
        return CalendarReport(due: due, from: month, months: 1, today: today, weekStart: weekStart)
    }

    /// Adds (`delta` 1) or takes out (-1) `entry` from the counts, when it is in scope.
    private mutating func count(_ entry: Entry, id: Int, by delta: Int) {
        guard entry.inScope else { return }
        TodoStats.count(tags: entry.tags, isDone: entry.isDone, by: delta, into: &tags)
        var project = entry.project.map { projects[$0] ?? ProjectCount() } ?? noProject
        if entry.isDone {
            done += delta
            project.done += delta
        } else {
            pending += delta
            project.pending += delta
            project.createdSum += delta * entry.created
            if entry.isActive { active += delta }
            if let day = entry.due { Self.add(delta, to: &pendingByDue, at: day) }
            if let day = entry.wait { Self.add(delta, to: &pendingByWait, at: day) }
        }
        if let name = entry.project {
            projects[name] = project.pending == 0 && project.done == 0 ? nil : project
        } else {
            noProject = project
        }
        if let day = entry.due {
            if delta > 0 {
                byDue[day, default: []].insert(id)
            } else {
                byDue[day]?.remove(id)
                if byDue[day]?.isEmpty == true { byDue[day] = nil }
            }
        }
    }

    private static func add(_ delta: Int, to table: inout [CalendarDay: Int], at day: CalendarDay) {
        let count = table[day, default: 0] + delta
        table[day] = count == 0 ? nil : count
    }

    private mutating func removeDependent(_ id: Int, of dependency: Int) {
        dependents[dependency]?.remove(id)
        if dependents[dependency]?.isEmpty == true { dependents[dependency] = nil }
    }

    /// Whether `id` is open and depends on an open todo (as ``TodoRelations`` has it).
    private func isBlocked(_ id: Int) -> Bool {
        guard let entry = entries[id], !entry.isDone else { return false }
        return entry.depends.contains { entries[$0].map { !$0.isDone } ?? false }
    }

    /// Whether `id` is open and an open todo depends on it.
    private func isBlocking(_ id: Int) -> Bool {
        guard let entry = entries[id], !entry.isDone else { return false }
        return dependents[id]?.contains { entries[$0].map { !$0.isDone } ?? false } ?? false
    }
}
