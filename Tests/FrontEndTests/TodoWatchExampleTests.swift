import Foundation
import Testing

/// Examples/todo-watch, the guide's finished program, run on a temporary store while `todo`
/// processes change it: it prints one line per change, as they happen.
@Suite struct TodoWatchExampleTests {
    @Test func itPrintsTheChangesAnotherProcessMakes() throws {
        let sandbox = Sandbox()
        #expect(try sandbox.todo("add", "Call mum").status == 0)
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: Sandbox.binary("todo-watch"))
        watch.arguments = ["--until-eof"]
        watch.environment = sandbox.environment
        let input = Pipe()
        let output = Pipe()
        watch.standardInput = input
        watch.standardOutput = output
        try watch.run()
        let printed = Arrivals<String>()
        let reader = Thread {
            while true {
                let chunk = output.fileHandleForReading.availableData  // empty at the end of the output
                guard !chunk.isEmpty else { break }
                printed.append(String(decoding: chunk, as: UTF8.self))
            }
        }
        reader.start()
        func lines(_ chunks: [String]) -> [String] {
            chunks.joined().split(separator: "\n").map(String.init)
        }

        #expect(printed.wait { lines($0) == ["watching \(sandbox.storePath): 1 pending, 0 done"] }, "\(printed.all)")
        #expect(try sandbox.todo("add", "Buy milk").status == 0)
        #expect(printed.wait { lines($0).last == "added 2: Buy milk" }, "\(printed.all)")
        #expect(try sandbox.todo("done", "2").status == 0)
        #expect(printed.wait { lines($0).last == "done 2: Buy milk" }, "\(printed.all)")
        #expect(try sandbox.todo("edit", "1", "--title", "Call dad").status == 0)
        #expect(printed.wait { lines($0).last == "changed 1: Call dad (was: Call mum)" }, "\(printed.all)")
        #expect(try sandbox.todo("rm", "2").status == 0)
        #expect(printed.wait { lines($0).last == "deleted 2: Buy milk" }, "\(printed.all)")

        try input.fileHandleForWriting.close()  // the end of its input: it stops
        watch.waitUntilExit()
        #expect(watch.terminationStatus == 0)
        #expect(
            lines(printed.all) == [
                "watching \(sandbox.storePath): 1 pending, 0 done", "added 2: Buy milk", "done 2: Buy milk",
                "changed 1: Call dad (was: Call mum)", "deleted 2: Buy milk",
            ])
    }
}
