/// The project's font and symbol files, embedded in the binary at build time from `Fonts/`.
public enum FontResources {
    /// Paths of every embedded file, relative to `Fonts/`, sorted.
    public static var paths: [String] { EmbeddedFonts.files.keys.sorted() }

    /// The text of the embedded file at `path` (relative to `Fonts/`), or nil when there is none.
    public static func text(at path: String) -> String? { EmbeddedFonts.files[path] }
}
