/// A sequence whose every subscription holds a reference of `refCount` until it ends: the
/// windows of `window` and the groups of `groupBy` keep their source subscribed this way.
final class AddRef<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let refCount: RefCountDisposable

    init(source: Observable<Element>, refCount: RefCountDisposable) {
        self.source = source
        self.refCount = refCount
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let releaseDisposable = refCount.retain()
        let sink = ForwardingSink(observer: observer, cancel: cancel)
        let subscription = Disposables.create(releaseDisposable, source.subscribe(sink))
        return (sink, subscription)
    }
}
