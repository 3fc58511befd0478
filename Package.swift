// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "ReactorKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ReactorKit", targets: ["ReactorKit"]),
        .library(name: "ReactorKitFoundation", targets: ["ReactorKitFoundation"]),
        .library(name: "ReactorKitTesting", targets: ["ReactorKitTesting"]),
        .library(name: "ServiceBus", targets: ["ServiceBus"]),
        .library(name: "TodoCore", targets: ["TodoCore"]),
        .library(name: "TodoCoreTesting", targets: ["TodoCoreTesting"]),
        .library(name: "TodoSync", targets: ["TodoSync"]),
        .executable(name: "todo", targets: ["todo-cli"]),
        .executable(name: "todo-caldav", targets: ["todo-caldav"]),
    ],
    targets: [
        .target(name: "ReactorKitRuntime"),
        // @ObservableState and @ObservableStateIgnored: a compiler plugin that speaks the plugin
        // protocol itself, without swift-syntax (see Sources/ReactorKitMacros/main.swift).
        .macro(name: "ReactorKitMacros"),
        .target(name: "ReactorKit", dependencies: ["ReactorKitRuntime", "ReactorKitMacros"]),
        // What of RxSwift needs full Foundation (OperationQueueScheduler): kept out of
        // ReactorKit, which links FoundationEssentials only.
        .target(name: "ReactorKitFoundation", dependencies: ["ReactorKit"]),
        .target(name: "ReactorKitTesting", dependencies: ["ReactorKit", "ReactorKitFoundation"]),
        .target(name: "ServiceBus", dependencies: ["ReactorKit"]),
        .target(name: "TodoCore", dependencies: ["ServiceBus", "ReactorKit"]),
        .target(name: "TodoCoreTesting", dependencies: ["TodoCore", "ReactorKitTesting"]),
        // Two-way sync: the engine, its state and the vdir transport (no networking: CalDAV is
        // served by the todo-caldav helper, so that `todo` never loads FoundationNetworking).
        .target(name: "TodoSync", dependencies: ["TodoCore"]),
        // Not a dependency on todo-caldav: SwiftPM links an executable's dependencies into the
        // executables that depend on it, which would load FoundationNetworking and FoundationXML
        // with `todo`. `swift build` builds both products; `swift build --product todo` only todo.
        .executableTarget(name: "todo-cli", dependencies: ["TodoCore", "TodoSync"]),
        // CalDAV over HTTP (FoundationNetworking) and WebDAV XML (FoundationXML): linked into the
        // todo-caldav helper only, never into `todo`.
        .target(name: "TodoCalDAV", dependencies: ["TodoSync", "TodoCore"]),
        // The helper `todo sync` starts for CalDAV (HTTP, TLS, XML), built by `swift build` with `todo`.
        .executableTarget(name: "todo-caldav", dependencies: ["TodoSync", "TodoCalDAV"]),
        // The second front end of Docs/BuildingAFrontEnd.md, built with the package (no product:
        // not something users install).
        .executableTarget(name: "todo-watch", dependencies: ["TodoCore"], path: "Examples/todo-watch"),
        .executableTarget(
            name: "ReactorKitBenchmarks",
            dependencies: ["ReactorKit", "ServiceBus"],
            path: "Benchmarks/ReactorKitBenchmarks"
        ),
        .executableTarget(
            name: "TodoStoreBenchmarks",
            dependencies: ["TodoCore"],
            path: "Benchmarks/TodoStoreBenchmarks"
        ),
        .testTarget(
            name: "ReactorKitTests", dependencies: ["ReactorKit", "ReactorKitTesting", "ServiceBus", "TestSupport"]),
        .testTarget(name: "ReactorKitTestingTests", dependencies: ["ReactorKit", "ReactorKitTesting"]),
        // RxTest-style expressions that must type-check fast: an expression slower than 250 ms
        // to type-check is a warning, and warnings fail this target's build.
        .testTarget(
            name: "RxTestTypeCheckTests", dependencies: ["ReactorKit", "ReactorKitTesting"],
            swiftSettings: [
                .unsafeFlags(["-Xfrontend", "-warn-long-expression-type-checking=250", "-warnings-as-errors"])
            ]),
        .testTarget(name: "ServiceBusTests", dependencies: ["ServiceBus", "ReactorKitTesting"]),
        .testTarget(
            name: "TodoCoreTests",
            dependencies: ["TodoCore", "ReactorKitTesting", "TodoCoreTesting", "todo-store-worker", "TestSupport"],
            exclude: ["Formats/Fixtures", "Urgency/Fixtures"]),
        .testTarget(
            name: "TodoCLITests",
            dependencies: [
                "todo-cli", "TodoCore", "TodoCoreTesting", "TodoSync", "ReactorKitTesting", "todo-store-worker",
                "TestSupport", "todo-caldav",
            ]),
        // Issue 20's proof: a front end, its service and reactors and their tests written against
        // the public products only (no @testable import, no TestSupport), with
        // Docs/BuildingAFrontEnd.md's code. todo-cli and todo-watch are here only to be built: the
        // tests run the `todo` and `todo-watch` programs as processes, importing neither.
        .testTarget(
            name: "FrontEndTests",
            dependencies: ["TodoCore", "TodoCoreTesting", "ReactorKitTesting", "todo-cli", "todo-watch"]),
        // The sync engine with two devices and a vdir, and the CalDAV transport against real
        // servers (Radicale, Xandikos) started by the tests.
        .testTarget(
            name: "TodoSyncTests",
            dependencies: [
                "TodoSync", "TodoCalDAV", "TestSupport", "TodoCore", "TodoCoreTesting", "ReactorKit",
                "ReactorKitTesting", "todo-caldav",
            ]),
        // Child processes for the tests, without Foundation's Process (see ChildProcess.swift).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .executableTarget(name: "todo-store-worker", dependencies: ["TodoCore"], path: "Tests/TodoStoreWorker"),
    ],
    swiftLanguageModes: [.v6]
)
