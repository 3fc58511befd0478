import TestSupport
import Testing

@testable import ReactorKit

/// Debug builds warn, with RxSwift's "Reentrancy anomaly" text (Rx.swift,
/// `SynchronizationTracker`), when a subject is fed from inside its own observer on the same
/// thread without a trampoline. The event is still delivered, nested, as in RxSwift.
@Suite struct ReentrancyWarningTests {
    /// Runs `body` and returns the debug output it wrote.
    private func debugOutput(of body: () -> Void) -> [String] {
        let lines = Locked<[String]>([])
        DebugOutput.$capture.withValue({ text in lines.withLock { $0.append(text) } }) {
            body()
        }
        return lines.withLock { $0 }
    }

    #if DEBUG
        @Test func publishSubjectFedFromItsOwnObserverWarnsAndDeliversNested() {
            let subject = PublishSubject<Int>()
            var received: [String] = []
            let subscription = subject.subscribe(onNext: { value in
                received.append("begin \(value)")
                if value == 1 { subject.onNext(2) }
                received.append("end \(value)")
            })
            let output = debugOutput { subject.onNext(1) }
            subscription.dispose()
            #expect(received == ["begin 1", "begin 2", "end 2", "end 1"])
            #expect(output.count == 1)
            let warning = output.first ?? ""
            #expect(warning.hasPrefix("⚠️ Reentrancy anomaly was detected.\n"))
            #expect(warning.contains("  > Debugging: To debug this issue you can set a breakpoint in ReactorKit/"))
            let rxSwiftText: String = [
                "  > Problem: This behavior is breaking the observable sequence grammar. `next (error | completed)?`\n",
                "    This behavior breaks the grammar because there is overlapping between sequence events.\n",
                "    Observable sequence is trying to send an event before sending of previous event has finished.\n",
                "  > Interpretation: This could mean that there is some kind of unexpected cyclic dependency in your code,\n",
                "    or that the system is not behaving in the expected way.\n",
                "  > Remedy: If this is the expected behavior this message can be suppressed by adding ",
                "`.observe(on:MainScheduler.asyncInstance)`\n",
                "    or by enqueuing sequence events in some other way.\n",
            ].joined()
            #expect(warning.hasSuffix(rxSwiftText))
        }

        @Test func everySubjectAndRelayWarns() {
            let behavior = BehaviorSubject(value: 0)
            let replay = ReplaySubject<Int>.create(bufferSize: 1)
            let publishRelay = PublishRelay<Int>()
            let behaviorRelay = BehaviorRelay(value: 0)
            let bag = DisposeBag()
            behavior.skip(1).subscribe(onNext: { if $0 == 1 { behavior.onNext(2) } }).disposed(by: bag)
            replay.subscribe(onNext: { if $0 == 1 { replay.onCompleted() } }).disposed(by: bag)
            publishRelay.subscribe(onNext: { if $0 == 1 { publishRelay.accept(2) } }).disposed(by: bag)
            behaviorRelay.skip(1).subscribe(onNext: { if $0 == 1 { behaviorRelay.accept(2) } }).disposed(by: bag)
            #expect(debugOutput { behavior.onNext(1) }.count == 1)
            #expect(debugOutput { replay.onNext(1) }.count == 1)
            #expect(debugOutput { publishRelay.accept(1) }.count == 1)
            #expect(debugOutput { behaviorRelay.accept(1) }.count == 1)
            #expect((try? behavior.value()) == 2)
            #expect(behaviorRelay.value == 2)
        }

        @Test func noWarningWithATrampoline() {
            let subject = PublishSubject<Int>()
            var received: [Int] = []
            let subscription = subject.observe(on: CurrentThreadScheduler.instance).subscribe(onNext: { value in
                received.append(value)
                if value == 1 { subject.onNext(2) }
            })
            let output = debugOutput {
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    subject.onNext(1)
                    return Disposables.create()
                }
            }
            subscription.dispose()
            #expect(received == [1, 2])
            #expect(output.isEmpty)
        }

        @Test func noWarningForSequentialSendsOrSubscribingFromAnObserver() {
            let subject = BehaviorSubject(value: 0)
            let bag = DisposeBag()
            var late: [Int] = []
            subject.subscribe(onNext: { [weak bag] value in
                if value == 1, let bag {
                    subject.subscribe(onNext: { late.append($0) }).disposed(by: bag)  // replays 1 nested
                }
            })
            .disposed(by: bag)
            let output = debugOutput {
                subject.onNext(1)
                subject.onNext(2)
            }
            #expect(late == [1, 2])
            #expect(output.isEmpty)
        }

        @Test func noWarningForAReactorWhoseSubscriberSendsAnAction() {
            // The action subject queues re-entrant actions on the trampoline, as ReactorKit's
            // ActionSubject does (it has no tracker).
            let reactor = CounterReactor()
            let bag = DisposeBag()
            reactor.state.map(\.value).subscribe(onNext: { value in
                if value == 1 { reactor.action.onNext(.increase) }
            })
            .disposed(by: bag)
            let output = debugOutput { reactor.action.onNext(.increase) }
            #expect(reactor.currentState.value == 2)
            #expect(output.isEmpty)
        }
    #endif

    @Test func unhandledErrorsGoThroughTheSameOutput() {
        let output = debugOutput {
            _ = Observable<Int>.error(testError).subscribe()
        }
        #if DEBUG
            #expect(output == ["Unhandled error happened: error\n"])
        #else
            #expect(output.isEmpty)
        #endif
    }
}
