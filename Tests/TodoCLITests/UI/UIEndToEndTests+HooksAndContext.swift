import Foundation
import TestSupport
import Testing

extension UIEndToEndTests {
    /// In a real `todo ui`: the counts of the active context, an add that gets the context's
    /// project and tags, and what a hook says on the message line, its escape sequences shown
    /// as `�` rather than clearing the screen.
    @Test func theContextsCountsAndAddsAndWhatHooksSay() throws {
        todo.writeConfig("context.home = project:Home +home\ncontext = home\n")
        todo.run("add Fix the tap project:Home +home")
        todo.run("add Write slides project:Work")
        todo.writeHook(
            "on-add-remind", "#!/bin/sh\nread todo\necho \"$todo\"\nprintf 'Remember \\033[2Jthe receipt\\n'\n")
        let pane = try startUI()
        let narrowed = pane.waitFor { screen in screen.contains { $0.hasPrefix(" context: home · 1 pending · 0 done") }
        }
        #expect(narrowed.seen, "the counts of the context only: \(narrowed.screen)")

        pane.press("a")
        #expect(pane.waitFor(" New todo").seen)
        pane.type("Buy bread")
        pane.press("Enter")
        let added = pane.waitFor { screen in
            screen.contains { $0.hasPrefix(" context: home · 2 pending · 0 done") }
                && screen.contains { $0.contains("on-add-remind: Remember �[2Jthe receipt") }
        }
        #expect(added.seen, "\(added.screen)")
        #expect(added.screen.first?.hasPrefix(" todo  all · by position") == true, "the screen was not cleared")
        let bread = storedTodo(3)
        #expect(bread?["title"] as? String == "Buy bread")
        #expect(bread?["project"] as? String == "Home")
        #expect(bread?["tags"] as? [String] == ["home"])
        pane.press("q")
        expectTerminalRestored(pane)
    }
}
