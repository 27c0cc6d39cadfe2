import Foundation

/// A problem in a widget bundle's asset folder: which file, which line (0 when the problem is
/// the whole file) and what was wrong.
public struct AssetCatalogError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file the problem is in.
    public let file: String
    /// 1-based line, 0 when the problem is not at one line.
    public let line: Int
    /// What is wrong and what was expected.
    public let message: String

    /// Creates an error.
    public init(file: String, line: Int = 0, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}
