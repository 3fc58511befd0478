/// A component as unfolded content lines, the form ``Todo/iCalendarLines`` keeps.
extension ICalendarComponent {
    /// Appends `BEGIN:`, its properties' lines, its components' and `END:` to `lines`, and the
    /// `TZID`s they name (each once) to `tzids`.
    func appendContentLines(to lines: inout [String], tzids: inout [String]) {
        lines.append("BEGIN:" + name)
        for property in properties {
            lines.append(property.contentLine)
            if let tzid = property.parameter("TZID"), !tzids.contains(tzid) { tzids.append(tzid) }
        }
        for component in components { component.appendContentLines(to: &lines, tzids: &tzids) }
        lines.append("END:" + name)
    }
}
