/// Describes how `actual` differs from `expected`, field by field, or returns `nil` when they
/// have the same structure and values.
///
/// Works for any value, `Equatable` or not, through `Mirror`: nested structs, classes
/// (superclass fields included), enums with associated values, tuples, arrays, sets and
/// dictionaries (sorted, so their order never matters), optionals and `@Pulse` properties
/// (value and `valueUpdatedCount`). Only the path to each change is written out: lines only in
/// `expected` start with `−`, lines only in `actual` with `+`; the parents around a change,
/// and one or two unchanged siblings next to it, start with a space; runs of three or more
/// unchanged fields, elements or entries collapse to `… (N unchanged)`; elements show their
/// indices:
///
/// ```swift
/// var after = state            // 14 fields
/// after.filter.query = "milk"
/// print(diff(state, after)!)
/// //   State(
/// //     … (3 unchanged)
/// //     filter: Filter(
/// // −     query: ""
/// // +     query: "milk"
/// //       isDone: false
/// //     )
/// //     … (10 unchanged)
/// //   )
/// ```
///
/// - Returns: The difference, or `nil` when the two values are structurally equal.
public func diff<Value>(_ expected: Value, _ actual: Value) -> String? {
    ValueDiffer.diff(ValueNode(expected), ValueNode(actual)).map(ValueDiffer.render)
}

/// Fails the test, with a field-by-field ``diff(_:_:)``, when `expected` and `actual` differ.
///
/// `Equatable` values are compared with `==`, others structurally.
///
/// ```swift
/// expectNoDifference(reactor.currentState, State(value: 1, isLoading: false))
/// ```
public func expectNoDifference<Value>(
    _ expected: Value,
    _ actual: Value,
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    guard let difference = ValueComparison.difference(expected, actual) else { return }
    let comment = message()
    FailureReporter().report(
        (comment.isEmpty ? "" : comment + ": ") + "Values differ: (− expected, + actual)\n\n" + difference,
        at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Equality for values of any type: `==` when the type is `Equatable`, structural otherwise.
enum ValueComparison {
    /// Whether `lhs` and `rhs` are equal: by `==` when their type is `Equatable`, else by
    /// their ``ValueNode``s.
    static func isEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
        equatableEquality(lhs, rhs) ?? (ValueNode(lhs) == ValueNode(rhs))
    }

    /// The diff of two unequal values, or `nil` when they are equal (see ``isEqual(_:_:)``).
    static func difference<Value>(_ expected: Value, _ actual: Value) -> String? {
        let equal = equatableEquality(expected, actual)
        if equal == true { return nil }
        if let lines = ValueDiffer.diff(ValueNode(expected), ValueNode(actual)) {
            return ValueDiffer.render(lines)
        }
        guard equal == false else { return nil }
        return
            "(The values are not equal by `==`, but their dumps show no difference: check the `==` of \(Value.self).)"
    }

    /// `lhs == rhs` when `Value` is `Equatable`, else `nil`.
    private static func equatableEquality<Value>(_ lhs: Value, _ rhs: Value) -> Bool? {
        guard let lhs = lhs as? any Equatable else { return nil }
        func isEqual<Left: Equatable>(_ lhs: Left) -> Bool? {
            guard let rhs = rhs as? Left else { return nil }
            return lhs == rhs
        }
        return isEqual(lhs)
    }
}

/// A value as the harness shows it in messages: on one line when it fits, otherwise indented
/// lines.
func describe(_ value: Any) -> String {
    ValueNode(value).dump
}
