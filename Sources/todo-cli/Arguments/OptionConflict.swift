/// Two options of a command that contradict each other (`list --overdue --done`), or that do
/// when they are given the same value (`edit --tag x --untag x`): the command line is refused.
///
/// Options that are merely redundant together (`list --all --overdue`) are not conflicts.
struct OptionConflict: Sendable, Equatable {
    /// The first option, in the order usage lists them.
    var first: OptionSpec
    /// The option it contradicts.
    var second: OptionSpec
    /// Whether they contradict each other only when given the same value (compared without
    /// regard to case, as tags are).
    var onlyForTheSameValue = false
    /// Why they cannot go together, for the message: `overdue todos are pending ones`.
    var reason: String

    /// The problem `values` hold, if they give both options (with the same value, when that is
    /// what contradicts).
    func problem(in values: ParsedValues) -> ArgumentProblem? {
        guard onlyForTheSameValue else {
            guard values.isGiven(first), values.isGiven(second) else { return nil }
            return ArgumentProblem("'--\(first.long)' and '--\(second.long)' cannot be used together: \(reason)")
        }
        let seconds = values.values(of: second).compactMap(\.text)
        for text in values.values(of: first).compactMap(\.text) {
            guard let other = seconds.first(where: { $0.lowercased() == text.lowercased() }) else { continue }
            return ArgumentProblem(
                "'--\(first.long) \(text)' and '--\(second.long) \(other)' cannot be used together: \(reason)")
        }
        return nil
    }

    /// `--overdue cannot be used with --done: overdue todos are pending ones.`, or `--tag and
    /// --untag cannot be given the same tag: …`, for the manual.
    var sentence: String {
        guard onlyForTheSameValue else { return "--\(first.long) cannot be used with --\(second.long): \(reason)." }
        let value = first.value?.name ?? "value"
        return "--\(first.long) and --\(second.long) cannot be given the same \(value): \(reason)."
    }
}
