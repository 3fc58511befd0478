// ServiceBus: the ServiceProvider convention, global message buses, and an app shell that
// coordinates many reactors over them. Importing ServiceBus imports ReactorKit too.
@_exported import ReactorKit
