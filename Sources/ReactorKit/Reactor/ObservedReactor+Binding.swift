extension ObservedReactor where R.Action: BindableAction, R.Action.State == R.State {
    /// A property of the state: reading it is tracked by Observation; assigning it sends
    /// `.binding(.set(keyPath, newValue))` to the reactor, for two-way editing.
    ///
    /// ```swift
    /// let form = ObservedReactor(EditReactor(todo))
    /// form.title = "milk"   // sends .binding(.set(\.title, "milk"))
    /// form.title            // what reduce made of it
    /// ```
    ///
    /// The state is not written here: reading the property back gives what `reduce` made of
    /// the binding, once the reactor has handled it (before the assignment returns, on the
    /// default scheduler).
    public subscript<Value: Sendable>(dynamicMember keyPath: WritableKeyPath<R.State, Value>) -> Value {
        get { state[keyPath: keyPath] }
        set { set(keyPath, to: newValue) }
    }

    /// A property of the state with an `Equatable` value: reading it is tracked by
    /// Observation; assigning it sends `.binding(.set(keyPath, newValue))`, which equals another
    /// binding of an equal value to the same property.
    public subscript<Value: Equatable & Sendable>(dynamicMember keyPath: WritableKeyPath<R.State, Value>) -> Value {
        get { state[keyPath: keyPath] }
        set { set(keyPath, to: newValue) }
    }

    /// Sends `.binding(.set(keyPath, value))` to the reactor.
    ///
    /// - Parameters:
    ///   - keyPath: The property of the state to write.
    ///   - value: Its new value.
    @_disfavoredOverload
    public func set<Value: Sendable>(_ keyPath: WritableKeyPath<R.State, Value>, to value: Value) {
        send(.binding(.set(keyPath, value)))
    }

    /// Sends `.binding(.set(keyPath, value))` to the reactor; the binding equals another one
    /// of an equal value to the same property.
    ///
    /// - Parameters:
    ///   - keyPath: The property of the state to write.
    ///   - value: Its new value.
    public func set<Value: Equatable & Sendable>(_ keyPath: WritableKeyPath<R.State, Value>, to value: Value) {
        send(.binding(.set(keyPath, value)))
    }
}
