import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct BinderTests {
    private final class Label {
        var text = ""
    }

    @Test func appliesElementsOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let label = Label()
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(230)])
        var texts: [(Int, String)] = []
        let binder = Binder(label, scheduler: scheduler) { label, text in
            label.text = text
            texts.append((scheduler.clock, text))
        }
        scheduler.scheduleAt(200) { _ = xs.bind(to: binder) }
        scheduler.start()
        #expect(label.text == "b")
        #expect(texts.map(\.0) == [211, 221])
    }

    @Test func dropsElementsAfterTheTargetIsGone() {
        var label: Label? = Label()
        var applied = 0
        let binder = Binder<String>(label!, scheduler: CurrentThreadScheduler.instance) { _, _ in applied += 1 }
        binder.onNext("a")
        label = nil
        binder.onNext("b")
        #expect(applied == 1)
    }
}

@Suite struct ReactiveTests {
    private final class View: ReactiveCompatible, @unchecked Sendable {
        // @unchecked Sendable: written on the main queue, read after it has drained
        var title = ""
    }

    @Test func writablePropertiesAreBinders() async {
        let view = View()
        let binder: Binder<String> = view.rx.title
        binder.onNext("hello")
        // The default scheduler is the main one: wait for the main queue to run it.
        await withCheckedContinuation { continuation in
            _ = MainScheduler.asyncInstance.schedule(()) { _ in
                continuation.resume()
                return Disposables.create()
            }
        }
        let title = await MainActorProbe.read { view.title }
        #expect(title == "hello")
    }

    @Test func extensionsUnderRx() {
        let view = View()
        #expect(view.rx.base === view)
        #expect(View.rx == Reactive<View>.self)
    }
}

/// Reads a value after the main queue has drained what was queued before.
private enum MainActorProbe {
    static func read<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            _ = MainScheduler.asyncInstance.schedule(()) { _ in
                continuation.resume(returning: body())
                return Disposables.create()
            }
        }
    }
}
