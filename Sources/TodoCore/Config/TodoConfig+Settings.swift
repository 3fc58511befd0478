/// The effective settings, each with where it comes from: what `todo config` prints.
extension TodoConfig {
    /// Every key with one name (with its default when not set, an empty value for one that has
    /// none) and every key of the file or the overrides, sorted by key.
    ///
    /// ```swift
    /// for setting in config.settings {
    ///     print("\(setting.key) = \(setting.value)  (\(setting.origin))")  // week.start = sunday  (line 3)
    /// }
    /// ```
    public var settings: [Setting] {
        var all: [String: Setting] = [:]
        for (key, value) in ConfigKey.defaults { all[key] = Setting(key: key, value: value, origin: .default) }
        for (key, setting) in entries { all[key] = setting }
        return all.values.sorted { $0.key < $1.key }
    }

    /// The effective setting of `key`: its value and origin; its default when not set; `nil` for
    /// a key that is not set and has no default (`alias.t`, `sync.url`).
    public func setting(_ key: String) -> Setting? {
        if let setting = entries[key] { return setting }
        guard let value = ConfigKey.defaults.first(where: { $0.key == key })?.value, !value.isEmpty else {
            return nil
        }
        return Setting(key: key, value: value, origin: .default)
    }

    /// The keys todo knows by one name, sorted (the families `alias.NAME`, `context.NAME`,
    /// `report.NAME.…` and `urgency.user.…` come on top of them).
    public static var knownKeys: [String] { ConfigKey.defaults.map(\.key) }
}
