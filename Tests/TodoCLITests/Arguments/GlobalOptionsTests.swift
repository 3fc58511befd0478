import Testing
import TodoCore

@testable import todo_cli

/// `--file`, `--json`, `--no-color`, `--quiet`: before the command, after it, among its
/// arguments, and `--` ending them.
@Suite struct GlobalOptionsTests {
    @Test func defaultsWhenNoneIsGiven() {
        #expect(invocation(["stats"]) == Invocation(global: GlobalOptions(), command: StatsCommand()))
    }

    @Test func acceptedBeforeTheCommand() {
        let parsed = invocation(["--file", "/tmp/t.json", "--json", "--no-color", "--quiet", "stats"])
        #expect(parsed?.global == GlobalOptions(file: "/tmp/t.json", json: true, noColor: true, quiet: true))
        #expect(parsed?.command == StatsCommand())
    }

    @Test func acceptedAfterTheCommandAndAmongItsArguments() {
        let parsed = invocation(["add", "Buy", "--json", "oat", "--file", "t.json", "milk", "-q", "--no-color"])
        #expect(parsed?.global == GlobalOptions(file: "t.json", json: true, noColor: true, quiet: true))
        #expect(parsed?.command == draft("Buy oat milk"))
    }

    @Test func fileTakesAnEqualsValueAndTheLastOneWins() {
        #expect(invocation(["--file=a.json", "list"])?.global.file == "a.json")
        #expect(invocation(["--file", "a.json", "list", "--file=b.json"])?.global.file == "b.json")
        #expect(invocation(["list", "--file=with=equals.json"])?.global.file == "with=equals.json")
    }

    @Test func quietHasAShortNameThatCombinesWithOtherFlags() {
        #expect(invocation(["-q", "stats"])?.global.quiet == true)
        #expect(
            invocation(["rm", "1", "-qy"])
                == Invocation(
                    global: GlobalOptions(quiet: true),
                    command: RemoveCommand(selection: selection("1"), confirmed: true)))
    }

    @Test func aDoubleDashEndsTheOptions() {
        let parsed = invocation(["add", "--", "--json", "-q"])
        #expect(parsed?.global == GlobalOptions())
        #expect(parsed?.command == draft("--json -q"))
    }

    @Test func aDoubleDashBeforeTheCommandEndsTheOptionsToo() {
        let parsed = invocation(["--json", "--", "add", "--quiet"])
        #expect(parsed?.global == GlobalOptions(json: true))
        #expect(parsed?.command == draft("--quiet"))
    }

    @Test func fileWithoutAValueIsAUsageError() {
        let beforeCommand = usageError("--file")
        #expect(beforeCommand?.message == "missing value for '--file <path>'")
        #expect(beforeCommand?.command == nil)
        let afterCommand = usageError("list", "--file")
        #expect(afterCommand?.message == "missing value for '--file <path>'")
        #expect(afterCommand?.command == "list")
        #expect(errorMessage("--file", "--json", "list") == "missing value for '--file <path>'")
    }

    @Test func fileWithAnEmptyPathIsAUsageError() {
        #expect(errorMessage("list", "--file=") == "the file path for '--file <path>' is empty")
    }

    @Test func flagsTakeNoValue() {
        #expect(errorMessage("--json=yes", "list") == "'--json' does not take a value")
        #expect(errorMessage("list", "--quiet=1") == "'--quiet' does not take a value")
    }

    @Test func aMisspeltGlobalOptionIsSuggested() {
        let error = usageError("--jsn", "list")
        #expect(error?.message == "unknown option '--jsn'. Did you mean '--json'?")
        #expect(error?.command == nil)
        #expect(errorMessage("list", "--no-colour") == "unknown option '--no-colour'. Did you mean '--no-color'?")
    }

    @Test func fIsNeverTheFileOption() {
        #expect(errorMessage("-f", "x.json", "list") == "unknown option '-f'")
        #expect(errorMessage("list", "-f", "x.json") == "unknown option '-f'")
    }
}
