/// A global, thread-safe message bus that holds its latest message: each new subscriber
/// receives it first, then every later message, in the order sent.
///
/// Use it for global state that screens merge into their reactors (the current user, the
/// list of tasks, a setting). A message sent from inside a subscriber — while a message is
/// being delivered — is queued and delivered once the current message has reached every
/// subscriber: messages are never reordered, nested or lost. Messages may be sent from many
/// threads at once; every subscriber receives each exactly once, one at a time.
///
/// ```swift
/// let currentUser = MessageBus<User?>(initial: nil)
///
/// func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
///     mutation.merge(currentUser, for: self) { reactor, user in .setUser(user) }
/// }
///
/// currentUser.send(user)
/// ```
///
/// A reactor that merges the bus in `transform(mutation:)` subscribes when its state stream is
/// built — in ``AppShell/make(_:)`` or ``AppShell/keep(_:)`` when an ``AppShell`` keeps it,
/// otherwise on the first read of its `state` or `action` (ReactorKit builds the stream
/// lazily) — and then receives the latest message at once, and every later one.
public final class MessageBus<Message>: Observable<Message>, @unchecked Sendable {
    // @unchecked Sendable: immutable; the subject is thread-safe
    private let subject: BehaviorSubject<Message>

    /// Creates a bus whose latest message is `initial`.
    public init(initial: Message) {
        subject = BehaviorSubject(value: initial, queuingReentrantEvents: true)
    }

    /// Makes `message` the latest message and delivers it to every subscriber.
    public func send(_ message: Message) {
        subject.onNext(message)
    }

    /// The latest message.
    public var latest: Message {
        // The subject is never stopped nor disposed, so value() cannot throw.
        try! subject.value()
    }

    /// Whether anyone is subscribed.
    public var hasSubscribers: Bool {
        subject.hasObservers
    }

    /// Subscribes `observer`: it receives the latest message, then every later one.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Message {
        subject.subscribe(observer)
    }
}
