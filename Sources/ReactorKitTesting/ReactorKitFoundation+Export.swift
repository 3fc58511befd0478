// Tests get `OperationQueueScheduler` (which needs full Foundation, so it is not in
// ReactorKit) without importing another module, as RxSwift's tests do with `import RxSwift`.
@_exported import ReactorKitFoundation
