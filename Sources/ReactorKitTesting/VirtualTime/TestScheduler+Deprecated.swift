import ReactorKit

extension TestScheduler {
    /// ``start(disposed:create:)``, with RxTest's older spelling.
    @available(*, deprecated, renamed: "start(disposed:create:)")
    public func start<Element>(
        _ disposed: TestTime, create: @escaping () -> Observable<Element>
    ) -> TestableObserver<
        Element
    > {
        start(disposed: disposed, create: create)
    }

    /// ``start(created:subscribed:disposed:create:)``, with RxTest's older spelling.
    @available(*, deprecated, renamed: "start(created:subscribed:disposed:create:)")
    public func start<Element>(
        _ created: TestTime,
        subscribed: TestTime,
        disposed: TestTime,
        create: @escaping () -> Observable<Element>
    ) -> TestableObserver<Element> {
        start(created: created, subscribed: subscribed, disposed: disposed, create: create)
    }
}
