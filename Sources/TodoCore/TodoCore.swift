// TodoCore: the todo library — model, services, the JSON-file store, reactors and
// import/export formats — with no user interface. Importing TodoCore imports ServiceBus and
// ReactorKit too.
@_exported import ServiceBus
