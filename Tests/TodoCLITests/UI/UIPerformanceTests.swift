import Foundation
import Testing
import TodoCore

@testable import todo_cli

/// 100,000 todos scroll without delay: a key costs the same as with 20 (only the visible
/// rows are drawn, lookups are O(1)); only a change of the list costs O(n), in the reactors.
@Suite(.serialized) struct UIPerformanceTests {
    static let count = 100_000

    /// 100,000 todos, every tenth done, some with dates, priorities and tags.
    static let todos: [Todo] = (1...count).map { id in
        var bytes = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: UInt64(id).bigEndian) { bytes.replaceSubrange(8..<16, with: $0) }
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return Todo(
            id: id, uuid: uuid, title: "Todo number \(id) with a title of some length", isDone: id % 10 == 0,
            priority: Priority(rawValue: id % 4)!, due: id % 3 == 0 ? uiToday.adding(days: id % 30 - 10) : nil,
            tags: id % 5 == 0 ? ["work"] : [], createdAt: uiNow, position: id * 1024)
    }

    /// Seconds `body` takes.
    func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Per-key costs of `todo ui` on `todos`: start, ↓, PgDn, G/g (each a key, a frame and
    /// the diff), a toggle.
    struct Costs {
        var start = 0.0
        var down = 0.0
        var page = 0.0
        var jump = 0.0
        var toggle = 0.0
    }

    func measure(_ todos: [Todo]) -> Costs {
        let alerts = UIAlertService()
        let provider = uiProvider(todos, alerts: alerts)
        var costs = Costs()
        var session: UISession!
        var diff = ScreenDiff()
        let style = Style(isEnabled: true)
        costs.start = seconds {
            session = UISession(
                shell: AppShell(provider: provider), alerts: alerts, size: TerminalSize(rows: 50, columns: 120))
            _ = diff.update(to: session.frame(), style: style)
        }
        func keyAndDraw(_ key: Key) {
            session.handle([key])
            _ = diff.update(to: session.frame(), style: style)
        }
        costs.down = seconds { for _ in 0..<1_000 { keyAndDraw(.down) } } / 1_000
        costs.page = seconds { for _ in 0..<300 { keyAndDraw(.pageDown) } } / 300
        costs.jump =
            seconds {
                for _ in 0..<100 {
                    keyAndDraw(.character("G"))
                    keyAndDraw(.character("g"))
                }
            } / 200
        #expect(session.frame().text[2].hasPrefix(">"))
        keyAndDraw(.character("G"))
        #expect(session.frame().text.contains { $0.hasPrefix(">\(todos.count) [x]") })
        costs.toggle = seconds { keyAndDraw(.character(" ")) }
        session.tearDown()
        return costs
    }

    @Test func scrollingAHundredThousandTodosCostsWhatScrollingAHundredDoes() {
        let small = measure(Array(UIPerformanceTests.todos.prefix(100)))
        let large = measure(UIPerformanceTests.todos)
        for (name, costs) in [("100", small), ("100,000", large)] {
            print(
                """
                todo ui, \(name) todos, 120×50, debug build: start \(ms(costs.start)); per key, frame and \
                diff: ↓ \(ms(costs.down)), PgDn \(ms(costs.page)), G/g \(ms(costs.jump)); a toggle (the \
                reactors' update and the layout) \(ms(costs.toggle))
                """)
        }
        // No O(n) per key: 1,000 times the todos, about the same cost (the bounds are generous,
        // for a debug build on a shared machine).
        #expect(large.down < small.down * 3 + 0.002, "↓: \(ms(large.down)) against \(ms(small.down))")
        #expect(large.page < small.page * 3 + 0.002, "PgDn: \(ms(large.page)) against \(ms(small.page))")
        #expect(large.jump < small.jump * 3 + 0.002, "G/g: \(ms(large.jump)) against \(ms(small.jump))")
        #expect(large.down < 0.030, "↓ takes \(ms(large.down))")
    }

    func ms(_ seconds: Double) -> String {
        String(format: "%.3f ms", seconds * 1000)
    }
}
