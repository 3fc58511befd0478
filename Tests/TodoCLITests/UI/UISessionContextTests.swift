import Foundation
import ReactorKitTesting
import Testing
import TodoCore
import TodoCoreTesting

@testable import todo_cli

/// What `todo ui` takes from around the list: the active context (its counts, what an add
/// gets), the hooks (what they say, what they refuse), the urgency of the next view, and the
/// store read only when it must be.
@Suite struct UISessionContextTests {
    let alerts = UIAlertService()

    func typing(_ text: String) -> [Key] { text.map(Key.character) }

    func session(
        _ provider: TodoServiceProvider, context: TodoConfig.Context? = nil, columns: Int = 80
    ) -> UISession {
        UISession(
            shell: AppShell(provider: provider), alerts: alerts, size: TerminalSize(rows: 24, columns: columns),
            activeContext: context)
    }

    func stored(_ provider: TodoServiceProvider) throws -> [Todo] {
        try provider.todoService.fetch(TodoQuery(status: .all)).toBlocking().single()
    }

    @Test func theCountsAreThoseOfTheActiveContext() throws {
        let work = TodoConfig.Context(name: "work", filter: try TodoFilter(parsing: ["+work"]))
        let provider = uiProvider(sampleTodos, alerts: alerts)
        let narrowed = session(provider, context: work)
        defer { narrowed.tearDown() }
        #expect(narrowed.frame().text[22].hasPrefix(" context: work · 1 pending · 0 done · 1 overdue"))
        narrowed.handle([.character(" ")])
        #expect(narrowed.frame().text[22].hasPrefix(" context: work · 0 pending · 1 done"), "the toggle counted")
        _ = try provider.todoService.create(TodoDraft(title: "Elsewhere", tags: ["home"])).toBlocking().single()
        narrowed.refresh()
        #expect(narrowed.frame().text[22].hasPrefix(" context: work · 0 pending · 1 done"), "outside the context")
    }

    @Test func anAddGetsTheTagsAndProjectOfTheActiveContext() throws {
        let office = TodoConfig.Context(name: "office", filter: try TodoFilter(parsing: ["+work", "project:Office"]))
        let provider = uiProvider(sampleTodos, alerts: alerts)
        let narrowed = session(provider, context: office)
        defer { narrowed.tearDown() }
        narrowed.handle([.character("a")] + typing("Plan the offsite") + [.enter])
        let added = try #require(try stored(provider).first { $0.title == "Plan the offsite" })
        #expect(added.tags == ["work"])
        #expect(added.project == "Office")
        #expect(narrowed.frame().text.contains { $0.hasPrefix(">5 [ ]") }, "shown: it is in the context")
        #expect(narrowed.frame().text[22].hasPrefix(" context: office · 1 pending"))
    }

    @Test func theNextViewShowsTheUrgencyAsTodoNextDoes() throws {
        let provider = uiProvider(sampleTodos, alerts: alerts)
        let ui = session(provider)
        defer { ui.tearDown() }
        ui.handle([.character("2")])
        let context = TodoContext(todos: try stored(provider), clock: uiClock)
        let screen = ui.frame().text
        for todo in sampleTodos where !todo.isDone {
            let urgency = TodoListRenderer.urgencyText(context.urgency(of: todo))
            let row = screen.first { $0.dropFirst().hasPrefix("\(todo.id) [ ] ") }
            #expect(row?.contains(" \(urgency) ") == true, "\(todo.id) has \(urgency): \(screen)")
        }
        ui.handle([.character("1")])
        #expect(ui.frame().text[2].hasPrefix(">1 [ ] high"), "the list view has no urgency column")
    }

    @Test func switchingViewsAndTogglingReadNothing() {
        let storage = FakeTodoStorage(todos: sampleTodos)
        let provider = TodoServiceProvider(storage: storage, alertService: alerts, clock: uiClock)
        let ui = session(provider)
        defer { ui.tearDown() }
        ui.warmUp()
        let reads = storage.readSpy.callCount
        ui.handle([.character("2")])
        #expect(ui.frame().text[0].hasPrefix(" todo  next · pending · by urgency"))
        ui.handle([.character(" ")])
        ui.handle([.character("3")])
        #expect(ui.frame().text[0].hasPrefix(" todo  projects"))
        ui.handle([.character("4")])
        ui.handle([.character("1")])
        ui.handle([.character("a")] + typing("Bread") + [.enter])
        #expect(storage.readSpy.callCount == reads, "every view kept up from the changes")
        #expect(ui.frame().text[22].hasPrefix(" 3 pending · 2 done"))
        ui.handle([.character("2")])
        #expect(ui.frame().text.contains { $0.contains(" Bread") }, "the next view has the todo added")
    }

    @Test(arguments: [24, 40, 80])
    func longAndWideProjectNamesFitTheProjectsView(columns: Int) throws {
        let projects = [
            "日本語のとても長いプロジェクトの名前.サブプロジェクト", "Ünïcödé.Déjà-vu.Ça", "a.b.c.d.e.f.g.h.i.j.k.l",
            "👩‍👩‍👧‍👦Family", String(repeating: "Long", count: 30),
        ]
        let todos = projects.enumerated().map { index, project in
            var todo = Todo.fixture(index + 1, "Todo \(index + 1)", isDone: index == 2)
            todo.project = project
            return todo
        }
        let ui = session(uiProvider(todos, alerts: alerts), columns: columns)
        defer { ui.tearDown() }
        ui.handle([.character("3")])
        let screen = ui.frame().text
        for line in screen {
            #expect(DisplayWidth.of(line) <= columns, "\(columns) columns: \(line)")
        }
        if columns >= 40 {
            #expect(screen.contains { $0.hasPrefix(" 日本語") && $0.hasSuffix("1       0") }, "\(screen)")
            #expect(screen.contains { $0.contains("                      l ") }, "the deepest part, indented")
        }
    }
}
