import Testing

@testable import todo_cli

@Test func theCommandModuleLoads() {
    #expect(GlobalOptions() == GlobalOptions())
}
