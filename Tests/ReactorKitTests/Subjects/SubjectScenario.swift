import ReactorKit
import ReactorKitTesting

/// The classic subject scenario from RxSwift's subject tests: a hot source feeds the subject
/// from 200 to 1000; three observers subscribe at 300, 400 and 900 and unsubscribe at 600,
/// 700 and 950.
struct SubjectScenario<Subject: SubjectType & ObserverType>
where Subject.Element == Int, Subject.Observer.Element == Int {
    let results1: TestableObserver<Int>
    let results2: TestableObserver<Int>
    let results3: TestableObserver<Int>

    init(events: [Recorded<Event<Int>>], makeSubject: @escaping () -> Subject) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        var subject: Subject!
        var subscription: Disposable!
        var subscriptions: [Disposable?] = [nil, nil, nil]
        let results = (0..<3).map { _ in scheduler.createObserver(Int.self) }

        scheduler.scheduleAt(100) { subject = makeSubject() }
        scheduler.scheduleAt(200) { subscription = xs.subscribe(subject) }
        scheduler.scheduleAt(1000) { subscription.dispose() }
        scheduler.scheduleAt(300) { subscriptions[0] = subject.subscribe(results[0]) }
        scheduler.scheduleAt(400) { subscriptions[1] = subject.subscribe(results[1]) }
        scheduler.scheduleAt(900) { subscriptions[2] = subject.subscribe(results[2]) }
        scheduler.scheduleAt(600) { subscriptions[0]?.dispose() }
        scheduler.scheduleAt(700) { subscriptions[1]?.dispose() }
        scheduler.scheduleAt(800) { subscriptions[0]?.dispose() }
        scheduler.scheduleAt(950) { subscriptions[2]?.dispose() }
        scheduler.start()

        results1 = results[0]
        results2 = results[1]
        results3 = results[2]
    }
}

let infiniteSource: [Recorded<Event<Int>>] = [
    .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
    .next(520, 7), .next(630, 8), .next(710, 9), .next(870, 10), .next(940, 11), .next(1020, 12),
]

let finiteSource: [Recorded<Event<Int>>] = [
    .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
    .next(520, 7), .completed(630), .next(640, 9), .completed(650), .error(660, testError),
]

let failingSource: [Recorded<Event<Int>>] = [
    .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6),
    .next(520, 7), .error(630, testError), .next(640, 9), .completed(650), .error(660, testError),
]

let canceledSource: [Recorded<Event<Int>>] = [
    .completed(630), .next(640, 9), .completed(650), .error(660, testError),
]
