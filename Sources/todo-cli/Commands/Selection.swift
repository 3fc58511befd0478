import TodoCore

/// The todos a command changes, as the user named them: a filter, the terms before the
/// command's name and those after it joined as `TodoFilter.and(_:)` joins them (`todo +work done
/// due:today` is `(+work) and (due:today)`).
///
/// A filter of ids only (`3`, `3 5`, `3-7,9`) names exactly its todos: they are changed without
/// a question, and an id that names no todo fails the command as it always has. Any other filter
/// is looked up first, among the todos of the command's ``Scope`` unless it names a status
/// itself; when it selects several, the command asks on a terminal (listing them) and needs
/// `--yes` elsewhere; when it selects none, the command fails: "No todo matches …".
struct Selection: Sendable, Equatable {
    /// The filter.
    var filter: TodoFilter
    /// For a filter of ids only, its ids and ranges as typed, in order (`3-5 1` is `[3...5,
    /// 1...1]`); `nil` for any other filter.
    var typedIDs: [ClosedRange<Int>]?

    /// Which todos a filter selects among when it names no status itself.
    enum Scope: Sendable, Equatable {
        /// Those not done, waiting ones included (`done`, `start`, `stop`).
        case notDone
        /// The done ones (`undone`).
        case done
        /// Every todo (`rm`, `edit`, `annotate`).
        case all
    }

    /// The selection of the filter terms given before the command's name and after it.
    ///
    /// - Throws: The filter's error, with its "Did you mean" suggestion, as a usage error.
    init(before: [String], after: [String]) throws(ArgumentProblem) {
        if (before + after).contains(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw ArgumentProblem("an empty argument names no todo; give ids (3, 3-7, 4,9) or filter terms (+work)")
        }
        filter = try Self.filter(before: before, after: after)
        guard !filter.isEmpty else {
            throw ArgumentProblem("no todos are named; give ids (3, 3-7, 4,9) or filter terms (+work)")
        }
        typedIDs = filter.isPlainIDList ? Self.ranges(of: before + after) : nil
    }

    /// The filter the terms before and after a command make: each parsed on its own, the two
    /// then joined.
    ///
    /// - Throws: The filter's error, with its "Did you mean" suggestion, as a usage error.
    static func filter(before: [String], after: [String]) throws(ArgumentProblem) -> TodoFilter {
        do {
            return try TodoFilter(parsing: before).and(TodoFilter(parsing: after))
        } catch {
            throw ArgumentProblem(error.description)
        }
    }

    /// Whether it is one id, typed alone: what the commands answer with one object in `--json`
    /// rather than an array.
    var isOneID: Bool {
        typedIDs?.count == 1 && typedIDs?.first?.count == 1
    }

    /// The ids and ranges of words that are ids only (`3-5,9`, `or`, `(3`), in order.
    private static func ranges(of words: [String]) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        for word in words {
            let body = word.trimmingCharacters(in: "()")
            for part in body.split(separator: ",") {
                let bounds = part.split(separator: "-").compactMap { Int($0) }
                guard let lower = bounds.first, let upper = bounds.last, lower <= upper else { continue }
                ranges.append(lower...upper)
            }
        }
        return ranges
    }

    /// The todos to change, after asking when the filter selects several: the ids, and the list
    /// reactor to change them with; or, when there is nothing to change or the user declined,
    /// the exit code (the reason printed).
    ///
    /// - Parameters:
    ///   - scope: The todos a filter that names no status selects among.
    ///   - question: What to ask when it selects several: `Complete` makes "Complete 5 todos?".
    ///   - confirmed: Whether `--yes` was given.
    ///   - command: The command's name, for the usage line of an error in the filter.
    ///   - context: Where the command runs.
    func resolve(
        among scope: Scope, asking question: Question, confirmed: Bool, command: String, in context: CommandContext
    ) -> Result<Resolved, Stop> {
        if let typedIDs, !typedIDs.contains(where: { $0.count > 1 }) {
            // Ids only, no range: exactly those, as typed (an unknown one fails the change).
            let list = context.make { TodoListReactor(provider: $0) }
            return .success(Resolved(list: list, ids: typedIDs.map(\.lowerBound)))
        }
        let todos: [Todo]
        switch fetch(command: command, in: context) {
        case .success(let fetched): todos = fetched
        case .failure(let stop): return .failure(stop)
        }
        if let typedIDs {
            // Ids and ranges: each id as typed, each range the todos it holds.
            let found = todos.map(\.id).sorted()
            var ids: [Int] = []
            for range in typedIDs {
                if range.count == 1 { ids.append(range.lowerBound) } else { ids += found.filter(range.contains) }
            }
            guard !ids.isEmpty else { return .failure(noMatch(scope: .all, in: context)) }
            return .success(Resolved(list: context.make { TodoListReactor(provider: $0) }, ids: ids))
        }
        let selected = filter.mentionsStatus ? todos : todos.filter { scope.contains($0) }
        guard !selected.isEmpty else { return .failure(noMatch(scope: scope, in: context)) }
        if selected.count > 1, !confirmed {
            if let stop = ask(question, about: selected, in: context) { return .failure(stop) }
        }
        return .success(Resolved(list: context.make { TodoListReactor(provider: $0) }, ids: selected.map(\.id)))
    }

    /// What ``resolve(among:asking:confirmed:command:in:)`` found.
    struct Resolved {
        /// The list reactor to change the todos with.
        var list: TodoListReactor
        /// The ids of the todos, in the order named (or the list's order, for a filter).
        var ids: [Int]
    }

    /// Why a command stops before changing anything: the exit code, the reason already printed.
    struct Stop: Error {
        /// The exit code.
        var code: ExitCode
    }

    /// The question asked before changing several todos a filter selects.
    struct Question {
        /// The verb that starts the question, capitalised: `Complete` (`Complete 5 todos?`).
        var verb: String
        /// More about it, after the question: `They can be brought back with undo.`
        var message: String?
        /// What is said when the user declines.
        var declined = "Nothing was changed."
    }

    /// Every todo of the store the filter keeps, in the manual order, fetched by a list reactor
    /// released at once (so that it does not fetch again after the change).
    private func fetch(command: String, in context: CommandContext) -> Result<[Todo], Stop> {
        var query = TodoQuery(status: .all)
        query.filter = filter
        let list = context.make { TodoListReactor(provider: $0, query: query) }
        list.send(.refresh)
        let state = list.currentState
        context.release(list)
        if let error = state.error { return .failure(Stop(code: context.fail(error, command: command))) }
        return .success(state.todos)
    }

    /// `Error: No todo matches +work (pending or waiting); nothing was changed`: the filter in
    /// its normal form, then the scope when it narrowed the filter. The same words for every
    /// command that takes a filter (done, undone, rm, edit, start, stop, annotate).
    private func noMatch(scope: Scope, in context: CommandContext) -> Stop {
        let among: String
        switch filter.mentionsStatus ? .all : scope {
        case .notDone: among = " (pending or waiting)"
        case .done: among = " (done)"
        case .all: among = ""
        }
        context.output.err(
            "Error: No todo matches \(filter.description.shownOnOneLine)\(among); nothing was changed\n")
        return Stop(code: .failure)
    }

    /// Asks `question` about `todos` (listed first, on a terminal) through the alert service;
    /// `nil` when the answer is yes.
    private func ask(_ question: Question, about todos: [Todo], in context: CommandContext) -> Stop? {
        if context.terminal.inputIsTerminal {
            let renderer = TodoListRenderer(today: context.today, width: context.width, style: Style(isEnabled: false))
            context.output.err(String(decoding: renderer.renderBytes(todos), as: UTF8.self))
        }
        let yes = AlertAction(title: question.verb, style: .destructive)
        let alert = Alert(
            title: "\(question.verb) \(todos.count) todos?", message: question.message,
            actions: [yes, AlertAction(title: "Cancel", style: .cancel)])
        var answer: Result<AlertAction, TodoError> = .success(AlertAction(title: "Cancel", style: .cancel))
        // A terminal answers at once; an alert service that would answer later (a front end's
        // own) gets no answer here: the question is withdrawn, and it stays "Cancel".
        context.provider.alertService.show(alert).subscribe(
            onNext: { answer = .success($0) },
            onError: { error in
                answer = .failure(error as? TodoError ?? .confirmationUnavailable("pass --yes to confirm"))
            }
        ).dispose()
        switch answer {
        case .success(let chosen) where chosen == yes:
            return nil
        case .success:
            context.output.err(question.declined + "\n")
            return Stop(code: .failure)
        case .failure(let error):
            return Stop(code: context.fail(error))
        }
    }
}

extension Selection.Scope {
    /// Whether `todo` is among the todos of this scope.
    func contains(_ todo: Todo) -> Bool {
        switch self {
        case .notDone: return !todo.isDone
        case .done: return todo.isDone
        case .all: return true
        }
    }
}
