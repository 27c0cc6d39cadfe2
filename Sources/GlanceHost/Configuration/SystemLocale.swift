import Foundation

/// The locale the system asks for, from the POSIX locale variables.
enum SystemLocale {
    /// The locale named by `LC_ALL`, else `LC_MESSAGES`, else `LANG` (e.g. `de_DE.UTF-8` is
    /// German in Germany); nil when none is set or it is `C` or `POSIX` (no language chosen:
    /// the process keeps Foundation's default).
    static func fromEnvironment(_ environment: [String: String]) -> Locale? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return identifier(posix: value).map(Locale.init(identifier:))
        }
        return nil
    }

    /// `de_DE.UTF-8@euro` as `de_DE`; nil for `C`, `POSIX` and their variants.
    static func identifier(posix value: String) -> String? {
        let name = value.prefix { $0 != "." && $0 != "@" }
        guard !name.isEmpty, name != "C", name != "POSIX" else { return nil }
        return String(name)
    }
}
