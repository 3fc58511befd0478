import Foundation
import Testing
import TodoCore

@testable import todo_cli

/// 100,000 todos on the screen: only the visible rows are drawn, and every key that moves far
/// lands where it should (Benchmarks/ui.sh times the keys at 100 and 100,000 todos).
@Suite(.serialized) struct UILargeStoreTests {
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

    /// Drives a session over `todos` through the keys that move far (↓, PgDn, G, g) and a
    /// toggle, checking each frame: what the screen shows at 100,000 todos is what it shows at
    /// 100. How long each key takes is measured by Benchmarks/ui.sh, on the real `todo ui`.
    func drive(_ todos: [Todo]) {
        let alerts = UIAlertService()
        let provider = uiProvider(todos, alerts: alerts)
        let session = UISession(
            shell: AppShell(provider: provider), alerts: alerts, size: TerminalSize(rows: 50, columns: 120))
        var diff = ScreenDiff()
        let style = Style(isEnabled: true)
        func keyAndDraw(_ key: Key) -> ScreenFrame {
            session.handle([key])
            let frame = session.frame()
            _ = diff.update(to: frame, style: style)
            return frame
        }
        let pending = todos.filter { !$0.isDone }
        let done = todos.filter(\.isDone)
        let order = pending + done
        /// The selected row's id and done mark, from the line starting with `>`.
        func selected(_ frame: ScreenFrame) -> String? {
            guard let line = frame.text.first(where: { $0.hasPrefix(">") }) else { return nil }
            guard let end = line.firstIndex(of: "]") else { return nil }
            return line[line.index(after: line.startIndex)...end].trimmingCharacters(in: .whitespaces)
        }
        #expect(selected(session.frame()) == "\(order[0].id) [ ]")
        var frame = session.frame()
        for _ in 0..<30 { frame = keyAndDraw(.down) }
        #expect(selected(frame)?.hasPrefix("\(order[min(30, order.count - 1)].id) [") == true)
        for _ in 0..<10 { frame = keyAndDraw(.pageDown) }
        #expect(selected(frame) != nil)
        frame = keyAndDraw(.character("G"))
        #expect(selected(frame) == "\(order[order.count - 1].id) [x]")
        #expect(frame.text.count == 50)
        frame = keyAndDraw(.character("g"))
        #expect(selected(frame) == "\(order[0].id) [ ]")
        frame = keyAndDraw(.character(" "))
        #expect(frame.text.contains { $0.contains("\(pending.count - 1) pending") })
        session.tearDown()
    }

    @Test func aHundredThousandTodosScrollAsAHundredDo() {
        drive(Array(UILargeStoreTests.todos.prefix(100)))
        drive(UILargeStoreTests.todos)
    }
}
