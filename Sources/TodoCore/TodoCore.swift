@_exported import ReactorKit
