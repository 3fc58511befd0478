/// Extracts the associated value of an enum case, given the case's constructor (as
/// `Mutation.setItems`), with `Mirror`.
enum CaseExtraction {
    /// The associated value of `root` when it is the case `embed` creates, else `nil`.
    ///
    /// The value is taken from `root`'s mirror, then put back through `embed`: the result must
    /// be the same case, so two cases with the same payload type are told apart.
    static func extract<Root, Value>(_ embed: (Value) -> Root, from root: Root) -> Value? {
        let mirror = Mirror(reflecting: root)
        guard mirror.displayStyle == .enum, let payload = mirror.children.first, let name = payload.label else {
            return nil
        }
        var value = payload.value as? Value
        if value == nil {
            // A single labelled associated value is reflected as a one-element tuple.
            let tuple = Mirror(reflecting: payload.value)
            if tuple.displayStyle == .tuple && tuple.children.count == 1 {
                value = tuple.children.first?.value as? Value
            }
        }
        guard let value, Mirror(reflecting: embed(value)).children.first?.label == name else { return nil }
        return value
    }
}
