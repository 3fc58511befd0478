#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Taskwarrior 2.6's urgency formula (`Task::urgency_c`).
extension UrgencyCoefficients {
    /// The urgency of `input` at `now`, as Taskwarrior 2.6 computes it for the same task.
    ///
    /// The sum of ``terms(of:at:utcOffset:)``. Whole seconds count, as in Taskwarrior: `now`
    /// and the creation time are rounded down to the second.
    ///
    /// - Parameters:
    ///   - input: The todo's attributes.
    ///   - now: The current instant.
    ///   - utcOffset: Seconds east of UTC of the local time zone at an instant, which places
    ///     the due and scheduled days (each starts at local midnight).
    /// - Returns: The urgency: 0 for a todo with nothing that counts, about 0 to 40 for most.
    public func urgency(of input: UrgencyInput, at now: Date, utcOffset: (Date) -> Int) -> Double {
        urgency(of: input, at: now) { UrgencyFactor.start(of: $0, utcOffset: utcOffset) }
    }

    /// ``urgency(of:at:utcOffset:)`` with the instant each day starts given by `dayStart`
    /// (seconds since 1970 of its local midnight), so that a caller working out many urgencies
    /// can remember them: the same sum as ``terms(of:at:utcOffset:)``'s, in the same order,
    /// without building the terms.
    func urgency(of input: UrgencyInput, at now: Date, dayStart: (CalendarDay) -> Int) -> Double {
        let nowSeconds = Timestamp.seconds(now)
        let pending = !input.isDone
        var sum = 0.0
        let project = input.project ?? ""
        if !project.isEmpty { sum += self.project }
        if pending && input.isActive { sum += active }
        if let day = input.scheduled, dayStart(day) < nowSeconds { sum += scheduled }
        if pending && input.isWaiting { sum += waiting }
        if pending && input.isBlocked { sum += blocked }
        sum += UrgencyFactor.count(input.annotationCount) * annotations
        sum += UrgencyFactor.count(input.tags.count) * tags
        if let day = input.due {
            sum += UrgencyFactor.due(daysOverdue: Double(nowSeconds - dayStart(day)) / 86_400) * due
        }
        if pending && input.isBlocking { sum += blocking }
        let days = UrgencyFactor.wholeDays(from: Timestamp.seconds(input.createdAt), to: nowSeconds)
        sum += UrgencyFactor.age(days: days, max: ageMax) * age
        sum += coefficient(for: input.priority)
        if !userKeywords.isEmpty {
            for (keyword, value) in userKeywords.sorted(by: { $0.key < $1.key })
            where input.title.utf8.firstRange(of: keyword.utf8) != nil {
                sum += value
            }
        }
        if !userProjects.isEmpty, !project.isEmpty {
            for (name, value) in userProjects.sorted(by: { $0.key < $1.key })
            where project.utf8.elementsEqual(name.utf8) || project.utf8.starts(with: (name + ".").utf8) {
                sum += value
            }
        }
        if !input.tags.isEmpty {
            for (tag, value) in userTags where input.tags.contains(tag) { sum += value }
        }
        return sum
    }

    /// The urgency of `input` at the clock's current instant, in its time zone.
    ///
    /// - Parameters:
    ///   - input: The todo's attributes.
    ///   - clock: The time and time zone (``TodoClock/system``, or a fixed clock in tests).
    /// - Returns: The urgency, as ``urgency(of:at:utcOffset:)`` computes it.
    public func urgency(of input: UrgencyInput, clock: TodoClock) -> Double {
        urgency(of: input, at: clock.now(), utcOffset: clock.utcOffset)
    }

    /// The terms of the urgency of `input` at `now` that add something, in Taskwarrior's order
    /// (as `task info` lists them): the attribute terms, then priority, then the user keyword,
    /// project and tag coefficients, each by name.
    ///
    /// - Parameters:
    ///   - input: The todo's attributes.
    ///   - now: The current instant.
    ///   - utcOffset: Seconds east of UTC of the local time zone at an instant.
    /// - Returns: The terms whose value is not 0; their values add up to the urgency.
    public func terms(of input: UrgencyInput, at now: Date, utcOffset: (Date) -> Int) -> [UrgencyTerm] {
        let nowSeconds = Timestamp.seconds(now)
        let pending = !input.isDone
        var terms: [UrgencyTerm] = []
        func add(_ name: String, _ factor: Double, _ coefficient: Double) {
            let term = UrgencyTerm(name: "urgency.\(name).coefficient", factor: factor, coefficient: coefficient)
            if term.value != 0 { terms.append(term) }
        }
        let project = input.project ?? ""
        add("project", project.isEmpty ? 0 : 1, self.project)
        add("active", pending && input.isActive ? 1 : 0, active)
        if let day = input.scheduled {
            add("scheduled", UrgencyFactor.start(of: day, utcOffset: utcOffset) < nowSeconds ? 1 : 0, scheduled)
        }
        add("waiting", pending && input.isWaiting ? 1 : 0, waiting)
        add("blocked", pending && input.isBlocked ? 1 : 0, blocked)
        add("annotations", UrgencyFactor.count(input.annotationCount), annotations)
        add("tags", UrgencyFactor.count(input.tags.count), tags)
        if let day = input.due {
            let seconds = nowSeconds - UrgencyFactor.start(of: day, utcOffset: utcOffset)
            add("due", UrgencyFactor.due(daysOverdue: Double(seconds) / 86_400), due)
        }
        add("blocking", pending && input.isBlocking ? 1 : 0, blocking)
        let days = UrgencyFactor.wholeDays(from: Timestamp.seconds(input.createdAt), to: nowSeconds)
        add("age", UrgencyFactor.age(days: days, max: ageMax), age)
        if input.priority != .none {
            let letter = ["L", "M", "H"][input.priority.rawValue - 1]
            add("uda.priority.\(letter)", 1, coefficient(for: input.priority))
        }
        for (keyword, value) in userKeywords.sorted(by: { $0.key < $1.key })
        where input.title.utf8.firstRange(of: keyword.utf8) != nil {
            add("user.keyword.\(keyword)", 1, value)
        }
        for (name, value) in userProjects.sorted(by: { $0.key < $1.key })
        where project.utf8.elementsEqual(name.utf8) || project.utf8.starts(with: (name + ".").utf8) {
            add("user.project.\(name)", 1, value)
        }
        for (tag, value) in userTags.sorted(by: { $0.key < $1.key }) where input.tags.contains(tag) {
            add("user.tag.\(tag)", 1, value)
        }
        return terms
    }
}
