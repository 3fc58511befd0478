import Testing

@testable import todo_cli

/// The key map: one declaration, read by the key handling, the `?` overlay and
/// `todo ui --help`.
@Suite struct KeymapTests {
    @Test func theIssuesKeysAreBound() {
        let list = UIKeymap.list
        #expect(list.action(for: .up) == .up)
        #expect(list.action(for: .character("k")) == .up)
        #expect(list.action(for: .down) == .down)
        #expect(list.action(for: .character("j")) == .down)
        #expect(list.action(for: .character("g")) == .top)
        #expect(list.action(for: .character("G")) == .bottom)
        #expect(list.action(for: .character(" ")) == .toggleDone)
        #expect(list.action(for: .character("a")) == .add)
        #expect(list.action(for: .character("e")) == .edit)
        #expect(list.action(for: .character("d")) == .delete)
        #expect(list.action(for: .character("/")) == .search)
        #expect(list.action(for: .character("t")) == .filterTag)
        #expect(list.action(for: .character("s")) == .cycleSort)
        #expect(list.action(for: .character("J")) == .moveDown)
        #expect(list.action(for: .character("K")) == .moveUp)
        #expect(list.action(for: .character("u")) == .undo)
        #expect(list.action(for: .character("?")) == .help)
        #expect(list.action(for: .character("q")) == .quit)
        #expect(list.action(for: .character("x")) == nil)
        #expect(UIKeymap.anywhere.action(for: .control("c")) == .quit)
    }

    @Test func helpListsEveryBindingOfEverySection() {
        let sections = UIKeymap.sections
        #expect(
            sections.map(\.title) == [
                "List", "Edit form", "Typing", "Search and tag prompts", "Confirmations", "Anywhere",
            ])
        #expect(sections[0].entries.first == KeymapEntry(keys: ["↑", "k"], description: "move up"))
        let overlay = UIScreen.helpContent(innerWidth: 70).map(\.text).joined(separator: "\n")
        let help = HelpRenderer.help(for: UICommand.spec)
        for section in sections {
            #expect(overlay.contains(section.title))
            #expect(help.contains(section.title + ":"))
            for entry in section.entries {
                #expect(overlay.contains(entry.keys.joined(separator: " ")), "\(entry)")
                #expect(help.contains(entry.keys.joined(separator: " or ") + ": "), "\(entry)")
                #expect(overlay.contains(entry.description.split(separator: " ").prefix(2).joined(separator: " ")))
            }
        }
    }

    @Test func todoUIHelpShowsTheKeyMap() {
        let help = HelpRenderer.help(for: UICommand.spec)
        #expect(help.hasPrefix("OVERVIEW: Browse and change the todos in a full-screen view."))
        #expect(help.contains("\nList:\n  ↑ or k: move up\n  ↓ or j: move down\n"))
        #expect(help.contains("  space: mark done / not done\n"))
        #expect(help.contains("  Ctrl-C: quit at once\n"))
        #expect(help.contains("USAGE: todo ui"))
        for line in help.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }

    @Test func keyLabels() {
        #expect(Key.character(" ").label == "space")
        #expect(Key.control("c").label == "Ctrl-C")
        #expect(Key.pageDown.label == "PgDn")
        #expect(Key.backTab.label == "Shift-Tab")
        #expect(Key.function(5).label == "F5")
    }
}
