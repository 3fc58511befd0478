import Foundation
import ReactorKitTesting
import TestSupport
import Testing

@testable import TodoCore

/// Hooks with real scripts: accepted, changed, refused, hanging, printing garbage, run in name
/// order, turned off — through the todo service, as every front end runs them.
@Suite struct HookRunnerTests {
    // MARK: on-add

    @Test func anAcceptingHookGetsTheTodoObjectAndTheTodoIsWritten() throws {
        let hooks = HookScripts()
        hooks.add("on-add-log", #"tee "$OUT/seen""#)
        let todo = try hooks.add(title: "Buy milk") { $0.tags = ["shop"] }
        #expect(todo.title == "Buy milk" && todo.tags == ["shop"])
        #expect(try hooks.all().map(\.title) == ["Buy milk"])
        let seen = try #require(hooks.written("seen"))
        #expect(seen.hasSuffix("}\n") && seen.split(separator: "\n").count == 1)
        for key in [
            #""id":1"#, #""title":"Buy milk""#, #""tags":["shop"]"#, #""status":"pending""#, #""isBlocked":false"#,
            #""urgency":"#, #""project":null"#,
        ] {
            #expect(seen.contains(key), "\(key)")
        }
    }

    @Test func aHookThatChangesTheTodoChangesWhatIsWritten() throws {
        let hooks = HookScripts()
        hooks.add(
            "on-add-tag",
            #"sed -e 's/"tags":\[\]/"tags":["hooked"]/' -e 's/"priority":null/"priority":"high"/'; echo "Tagged it""#)
        let todo = try hooks.add(title: "Call mum")
        #expect(todo.tags == ["hooked"] && todo.priority == .high)
        #expect(try hooks.all()[0].tags == ["hooked"])
        #expect(hooks.publishedEvents == [.created([todo])])
        #expect(hooks.published == [HookMessage(hook: "on-add-tag", event: .add, text: "Tagged it")])
        // What a hook leaves as it was keeps its exact value (the JSON gives times to the second).
        #expect(todo.createdAt == hooks.clock.now)
    }

    @Test func aHookThatExitsNonZeroRefusesTheChangeWithItsFirstLineOfOutput() throws {
        let hooks = HookScripts()
        hooks.add("on-add-policy", "cat >/dev/null; echo 'No todos on Sundays'; echo 'second line'; exit 1")
        let refused = try #require(hooks.refusal { try hooks.add(title: "Mow the lawn") })
        #expect(refused.hook == "on-add-policy" && refused.reason == "No todos on Sundays")
        #expect(
            TodoError.hookRefused(hook: refused.hook, reason: refused.reason).description
                == "the hook on-add-policy refused the change: No todos on Sundays; nothing was changed")
        #expect(TodoError.hookRefused(hook: "x", reason: "y").category == .failed)
        #expect(try hooks.all().isEmpty && hooks.publishedEvents.isEmpty && hooks.published.isEmpty)
        // Without output: its last line of errors, else its status.
        hooks.add("on-add-policy", "echo 'Traceback' >&2; echo 'ValueError: no project' >&2; exit 1")
        #expect(hooks.refusal { try hooks.add(title: "x") }?.reason == "ValueError: no project")
        hooks.add("on-add-policy", "exit 3")
        #expect(hooks.refusal { try hooks.add(title: "x") }?.reason == "it exited with status 3 without saying why")
        hooks.add("on-add-policy", "kill -TERM $$")
        #expect(hooks.refusal { try hooks.add(title: "x") }?.reason == "it was ended by signal 15")
        #expect(try hooks.all().isEmpty)
    }

    @Test func aHookThatRunsOverItsTimeIsStoppedWithWhatItStarted() throws {
        let hooks = HookScripts(timeout: .milliseconds(300))
        hooks.add("on-add-slow", "sleep 300 & sleep 300; wait")
        let refused = try #require(hooks.refusal { try hooks.add(title: "Wait for it") })
        #expect(refused.hook == "on-add-slow" && refused.reason == "it ran for more than 0.3 s and was stopped")
        #expect(try hooks.all().isEmpty)
        // Its whole process group was stopped, the sleeps it started included.
        #expect(Patience.waitUntil { hooks.runningHookProcesses().isEmpty })
    }

    @Test func aHookThatPrintsSomethingElseThanOneTodoRefusesTheChange() throws {
        let hooks = HookScripts()
        let cases: [(String, String)] = [
            (
                "cat >/dev/null; echo 'all good'",
                "it printed no todo (an on-add hook prints the todo it is given, changed or not, as one line of JSON)"
            ),
            (
                "cat >/dev/null",
                "it printed no todo (an on-add hook prints the todo it is given, changed or not, as one line of JSON)"
            ),
            ("read -r line; echo \"$line\"; echo \"$line\"", "it printed 2 todos; an on-add hook prints one"),
            ("cat >/dev/null; echo '{\"title\": oops}'", "what it printed is not a todo todo can write: "),
            (
                "cat >/dev/null; echo '{\"title\":\"x\"}'",
                "what it printed is not a todo todo can write: a todo without 'id'"
            ),
            (
                "sed 's/\"tags\":\\[\\]/\"tag\":\"x\",\"tags\":[]/'",
                "it printed the key 'tag', which a todo object does not have"
            ),
            (
                "sed 's/\"title\":\"[^\"]*\"/\"title\":\"  \"/'",
                "what it printed is not a todo todo can write: a todo's title must be a string that is not blank, without surrounding spaces"
            ),
            (
                "sed 's/\"tags\":\\[\\]/\"tags\":[\"two words\"]/'",
                "what it printed is not a todo todo can write: 'two words' is not a tag"
            ),
            (
                "sed 's/\"project\":null/\"project\":\"Home..x\"/'",
                "what it printed is not a todo todo can write: 'Home..x' is not a project (names joined by dots, without spaces)"
            ),
            (
                "sed 's/\"uuid\":\"[^\"]*\"/\"uuid\":\"00000000-0000-0000-0000-000000000099\"/'",
                "it printed another todo (uuid 00000000-0000-0000-0000-000000000099, not 00000000-0000-0000-0000-0000000000"
            ),
            (
                "sed 's/\"isDone\":false/\"isDone\":true/'",
                "it changed 'isDone', which hooks cannot change (they may change annotations, depends, due, note, priority, project, recurrence, scheduled, tags, title and wait)"
            ),
            ("sed 's/\"id\":1/\"id\":7/'", "it changed 'id', which hooks cannot change"),
            (
                "sed 's/\"depends\":\\[\\]/\"depends\":[99]/'",
                "it left todo 1 with a problem: todo 99 does not exist"
            ),
            (
                "sed 's/\"depends\":\\[\\]/\"depends\":[1]/'",
                "it left todo 1 with a problem: todo 1 cannot depend on itself"
            ),
        ]
        for (script, reason) in cases {
            hooks.add("on-add-garbage", script)
            let refused = hooks.refusal { try hooks.add(title: "Buy milk") }
            #expect(refused?.hook == "on-add-garbage", "\(script)")
            #expect(refused?.reason.hasPrefix(reason) == true, "\(script): \(refused?.reason ?? "accepted")")
        }
        #expect(try hooks.all().isEmpty)
        // The derived keys and updatedAt may say anything: they are worked out again.
        hooks.add(
            "on-add-garbage", #"sed -e 's/"urgency":[-0-9.]*/"urgency":99/' -e 's/"status":"pending"/"status":"x"/'"#)
        #expect(try hooks.add(title: "Buy milk").title == "Buy milk")
    }

    @Test func hooksRunInTheByteOrderOfTheirNamesEachGettingWhatThePreviousPrinted() throws {
        let hooks = HookScripts()
        // "on-add-10…" comes before "on-add-2…".
        hooks.add(
            "on-add-2-second",
            #"echo second >> "$OUT/log"; read -r line; case "$line" in *'"first"'*) ;; *) exit 1;; esac; "#
                + #"echo "$line" | sed 's/"first"\]/"first","second"]/'"#)
        hooks.add("on-add-10-first", #"echo first >> "$OUT/log"; sed 's/"tags":\[\]/"tags":["first"]/'"#)
        let todo = try hooks.add(title: "Plan the trip")
        #expect(todo.tags == ["first", "second"])
        #expect(hooks.lines("log") == ["first", "second"])
        #expect(
            hooks.runner.scan().hooks(for: .add).map { HookRunner.name(of: $0) } == [
                "on-add-10-first", "on-add-2-second",
            ])
    }

    @Test func filesThatAreNotExecutableHooksAreIgnoredAndReported() throws {
        let hooks = HookScripts()
        hooks.add("on-add-disabled", #"touch "$OUT/ran"; exit 1"#, executable: false)
        hooks.add("on-launch-greet", #"touch "$OUT/ran"; exit 1"#)
        hooks.add("on-delete", #"touch "$OUT/ran"; exit 1"#)
        hooks.add("README", "not a hook", executable: false)
        try FileManager.default.createDirectory(
            atPath: hooks.folder.file("hooks/on-add.d"), withIntermediateDirectories: true)
        #expect(try hooks.add(title: "Buy milk").title == "Buy milk")
        #expect(hooks.written("ran") == nil)
        let scan = hooks.runner.scan()
        #expect(scan.hooks.isEmpty)
        #expect(
            scan.ignored.map(\.name) == ["on-add-disabled", "on-add.d", "on-delete", "on-launch-greet"])
        #expect(scan.ignored[0].reason == "it is not executable (chmod +x \(hooks.hooks)/on-add-disabled turns it on)")
        #expect(scan.ignored[1].reason == "it is not a file")
        #expect(scan.ignored[2].reason == "on-add, on-modify and on-exit are the events todo has")
        #expect(scan.ignored[3].reason == "todo does not run on-launch hooks")
    }

    @Test func aScriptWithoutAnInterpreterLineCannotRun() throws {
        let hooks = HookScripts()
        hooks.folder.write("hooks/on-add-bare", "cat\n")
        chmod(hooks.folder.file("hooks/on-add-bare"), 0o755)
        #expect(
            hooks.refusal { try hooks.add(title: "x") }?.reason
                == "it cannot be run: it is not a program (a script must start with a #! line)")
    }

    @Test func aHookOpenForWritingForAMomentRunsOnceItIsClosed() throws {
        // "Text file busy" while a hook is being saved, or while a process forked elsewhere
        // holds a descriptor of it until its exec: the run waits for that moment to pass.
        let hooks = HookScripts()
        hooks.add("on-add-log", #"tee "$OUT/seen""#)
        let writer = open(hooks.folder.file("hooks/on-add-log"), O_WRONLY | O_CLOEXEC)
        try #require(writer >= 0)
        let closer = Thread {
            Thread.sleep(forTimeInterval: 0.1)
            close(writer)
        }
        closer.start()
        let todo = try hooks.add(title: "Saved meanwhile")
        #expect(todo.title == "Saved meanwhile" && hooks.written("seen")?.contains("Saved meanwhile") == true)
    }

    // MARK: on-modify

    @Test func anOnModifyHookGetsTheOldAndNewObjectsAndPrintsTheNew() throws {
        let hooks = HookScripts()
        let todo = try hooks.add(title: "Buy milk")
        hooks.add(
            "on-modify-log",
            #"cat > "$OUT/seen"; sed -n 2p "$OUT/seen" | sed 's/"note":null/"note":"checked"/'"#)
        let updated = try hooks.service.update(id: todo.id, TodoPatch(title: "Buy oat milk")).toBlocking().single()
        let seen = hooks.lines("seen")
        #expect(seen.count == 2)
        #expect(seen[0].contains(#""title":"Buy milk""#) && seen[1].contains(#""title":"Buy oat milk""#))
        #expect(updated.title == "Buy oat milk" && updated.note == "checked")
        #expect(try hooks.all()[0].note == "checked")
        #expect(hooks.publishedEvents.last == .updated([updated]))
    }

    @Test func completingStartingAnnotatingAndEditingAreModificationsAHookCanRefuse() throws {
        let hooks = HookScripts()
        let todo = try hooks.add(title: "File taxes") {
            $0.recurrence = .yearly; $0.due = .day(day("2030-04-15"))
        }
        hooks.add("on-modify-frozen", "echo 'Taxes are frozen'; exit 1")
        let service = hooks.service
        for (name, operation) in [
            ("done", { _ = try service.markDone(ids: [todo.id]).toBlocking().single() }),
            ("edit", { _ = try service.update(id: todo.id, TodoPatch(priority: .high)).toBlocking().single() }),
            ("start", { _ = try service.start(ids: [todo.id]).toBlocking().single() }),
            ("annotate", { _ = try service.annotate(ids: [todo.id], text: "receipts").toBlocking().single() }),
            ("delete", { _ = try service.delete(ids: [todo.id]).toBlocking().single() }),
        ] as [(String, () throws -> Void)] {
            #expect(hooks.refusal(operation)?.reason == "Taxes are frozen", "\(name)")
        }
        #expect(try hooks.all() == [todo])
    }

    @Test func completingARecurringTodoModifiesItAndAddsItsNextOccurrence() throws {
        let hooks = HookScripts()
        let todo = try hooks.add(title: "Pay rent") {
            $0.recurrence = .monthly; $0.due = .day(day("2030-02-01"))
        }
        hooks.add("on-modify-log", #"tee -a "$OUT/modified" | tail -n 1"#)
        hooks.add("on-add-log", #"tee -a "$OUT/added" | sed 's/"tags":\[\]/"tags":["next"]/'"#)
        let result = try hooks.service.markDone(ids: [todo.id]).toBlocking().single()
        #expect(hooks.lines("modified").count == 2 && hooks.lines("modified")[1].contains(#""isDone":true"#))
        #expect(hooks.lines("added").count == 1 && hooks.lines("added")[0].contains(#""due":"2030-03-01""#))
        #expect(result.next.map(\.tags) == [["next"]])
        #expect(try hooks.all().sorted { $0.id < $1.id }.map(\.tags) == [[], ["next"]])
    }

    @Test func aDeletionIsAModificationToStatusDeleted() throws {
        let hooks = HookScripts()
        let keep = try hooks.add(title: "Keep me") { $0.tags = ["keep"] }
        let other = try hooks.add(title: "Drop me")
        hooks.add(
            "on-modify-keep",
            #"cat > "$OUT/seen"; line=$(sed -n 2p "$OUT/seen"); "#
                + #"case "$line" in *'"keep"'*) echo "Todos tagged keep stay"; exit 1;; esac; echo "$line""#)
        #expect(
            hooks.refusal { try hooks.service.delete(ids: [keep.id, other.id]).toBlocking().single() }?.reason
                == "Todos tagged keep stay")
        #expect(try hooks.all().count == 2)
        #expect(try hooks.service.delete(ids: [other.id]).toBlocking().single() == [other])
        let seen = hooks.lines("seen")
        #expect(seen[0].contains(#""status":"pending""#) && seen[1].contains(#""status":"deleted""#))
        #expect(seen[1].contains(#""title":"Drop me""#))
        #expect(try hooks.all() == [keep])
    }

    // MARK: on-exit

    @Test func anOnExitHookGetsTheChangedTodosOncePerLineAfterTheyAreWritten() throws {
        let hooks = HookScripts(
            invocation: HookInvocation(
                arguments: ["todo", "import", "list.txt"], command: "import", configFile: "/cfg/todo/config",
                dataFile: "", version: "1.2.3"))
        var invocation = hooks.runner.invocation
        invocation.dataFile = hooks.folder.file("todos.json")
        hooks.runner.invocation = invocation
        hooks.add(
            "on-exit-log",
            #"cat > "$OUT/seen"; for a in "$@"; do echo "$a" >> "$OUT/args"; done; "#
                + #"for a in "$@"; do case "$a" in data:*) cp "${a#data:}" "$OUT/store";; esac; done; "#
                + #"echo '{"ignored":"json"}'; echo "Saw $(wc -l < "$OUT/seen" | tr -d ' ') todos""#)
        hooks.add("on-add-hello", #"cat; echo "Hello from on-add""#)
        let result = try hooks.service.importTodos([
            ImportedTodo(title: "One", createdAt: hooks.clock.now),
            ImportedTodo(title: "Two", createdAt: hooks.clock.now),
        ]).toBlocking().single()
        #expect(result.created.map(\.title) == ["One", "Two"])
        let seen = hooks.lines("seen")
        #expect(seen.count == 2 && seen[0].contains(#""title":"One""#) && seen[1].contains(#""title":"Two""#))
        #expect(
            hooks.lines("args") == [
                "api:2", "args:todo import list.txt", "command:import", "rc:/cfg/todo/config",
                "data:\(hooks.folder.file("todos.json"))", "version:1.2.3",
            ])
        // The store was written when on-exit ran.
        #expect(hooks.written("store")?.contains(#""title":"Two""#) == true)
        // Every message, after the change: on-add's for each todo, then on-exit's (its JSON ignored).
        #expect(
            hooks.published.map(\.description) == [
                "on-add-hello: Hello from on-add", "on-add-hello: Hello from on-add", "on-exit-log: Saw 2 todos",
            ])
    }

    @Test func anOnExitHookThatFailsIsReportedAndTheChangeStays() throws {
        let hooks = HookScripts()
        hooks.add("on-exit-sync", "echo 'Server unreachable'; exit 2")
        let todo = try hooks.add(title: "Buy milk")
        #expect(try hooks.all() == [todo])
        #expect(
            hooks.published == [
                HookMessage(hook: "on-exit-sync", event: .exit, text: "Server unreachable", isError: true)
            ])
    }

    @Test func aHookThatDoesNotReadItsInputIsFine() throws {
        let hooks = HookScripts()
        hooks.add("on-exit-quiet", "exit 0")  // a megabyte of todos it never reads: no SIGPIPE here
        let many = (0..<3000).map {
            ImportedTodo(title: "Todo \($0) " + String(repeating: "x", count: 300), createdAt: hooks.clock.now)
        }
        #expect(try hooks.service.importTodos(many).toBlocking().single().created.count == 3000)
        #expect(hooks.published.isEmpty)
    }

    // MARK: What runs no hooks

    @Test func undoRunsOnlyOnExitAndAMoveRunsNone() throws {
        let hooks = HookScripts()
        let first = try hooks.add(title: "First")
        _ = try hooks.add(title: "Second")
        hooks.add("on-modify-refuse", "echo 'No changes'; exit 1")
        hooks.add("on-add-refuse", "echo 'No changes'; exit 1")
        hooks.add("on-exit-log", #"cat >> "$OUT/exit""#)
        #expect(try hooks.service.move(id: first.id, to: 2).toBlocking().single().id == first.id)
        #expect(hooks.written("exit") == nil)
        let undone = try hooks.service.undo().toBlocking().single()
        #expect(undone.undoneKind == .moved)
        _ = try hooks.service.undo().toBlocking().single()  // removes Second: on-exit sees it deleted
        #expect(try hooks.all().map(\.title) == ["First"])
        #expect(hooks.lines("exit").count == 2)
        #expect(
            hooks.lines("exit")[1].contains(#""title":"Second""#)
                && hooks.lines("exit")[1].contains(#""status":"deleted""#))
    }

    @Test func hooksOffRunsNone() throws {
        let off = HookScripts(isEnabled: false)
        off.add("on-add-refuse", "echo 'No'; exit 1")
        #expect(try off.add(title: "Buy milk").title == "Buy milk")
        #expect(off.runner.scan().hooks.isEmpty)
        // From the config file, and from --set for one command.
        let file = off.folder.file("config")
        let config = try TodoConfig(file: file, text: "hooks = off\n")
        #expect(HookRunner(config: config)?.isEnabled == false)
        #expect(HookRunner(config: config)?.folder == off.folder.file("hooks"))
        #expect(HookRunner(config: config)?.invocation.configFile == file)
        #expect(HookRunner(config: try TodoConfig(file: file, text: "", overrides: ["hooks=off"]))?.isEnabled == false)
        #expect(
            HookRunner(config: try TodoConfig(file: file, text: "hooks = off", overrides: ["hooks=on"]))?.isEnabled
                == true)
        #expect(HookRunner(config: TodoConfig.defaults(file: nil)) == nil)
        // A provider without hooks runs none.
        #expect(TodoServiceProvider(storage: InMemoryTodoStorage()).hooks == nil)
    }
}
