import Foundation
import GlanceCore

/// The strings tables and locale of the running widget bundle: what the main bundle and the
/// user's language are to an iOS app.
///
/// `String(localized:)` and `String(localized:)` of a `LocalizedStringResource` read
/// `Localization.current`, since they have no view environment; views read
/// `EnvironmentValues.stringTables` and `locale`, which the host fills from the same tables
/// and the face's locale. The host installs the process's localization once at start;
/// `withLocalization(_:operation:)` scopes another to one task (tests, previews).
public struct Localization: Sendable {
    /// The bundle's strings.
    public var tables: StringTables
    /// The locale strings are looked up and formatted in.
    public var locale: Locale

    /// Creates a localization.
    public init(tables: StringTables, locale: Locale) {
        self.tables = tables
        self.locale = locale
    }

    @TaskLocal private static var scoped: Localization?
    private static let installed = Locked(Localization(tables: .empty, locale: .current))

    /// The task's localization when one is scoped, else the process's (no strings and
    /// `Locale.current` until the host installs the bundle's).
    public static var current: Localization {
        scoped ?? installed.withLock { $0 }
    }

    /// Makes `localization` the process's (the host does this once, at start).
    package static func install(_ localization: Localization) {
        installed.withLock { $0 = localization }
    }

    /// Runs `operation` with `localization` as `current` for this task and the tasks it starts.
    public static func withLocalization<T>(_ localization: Localization, operation: () throws -> T) rethrows -> T {
        try $scoped.withValue(localization, operation: operation)
    }

    /// Runs `operation` with `localization` as `current` for this task and the tasks it starts.
    public static func withLocalization<T>(_ localization: Localization, operation: () async throws -> T) async rethrows -> T {
        try await $scoped.withValue(localization, operation: operation)
    }

    /// The text of `key` formatted with `arguments`, or `fallback` when no table has the key.
    func string(key: String, table: String?, arguments: [FormatArgument], fallback: String) -> String {
        guard let (entry, language) = tables.entry(for: key, table: table, locale: locale) else { return fallback }
        return LocalizedFormat.plain(LocalizedFormat.render(entry, arguments: arguments, language: language, locale: locale))
    }
}

private struct StringTablesKey: EnvironmentKey {
    static var defaultValue: StringTables { Localization.current.tables }
}

extension EnvironmentValues {
    /// Where `Text("key")` and `Text(LocalizedStringResource)` find their translations (the
    /// bundle's String Catalogs and strings files); set by the host.
    public var stringTables: StringTables {
        get { self[StringTablesKey.self] }
        set { self[StringTablesKey.self] = newValue }
    }
}
