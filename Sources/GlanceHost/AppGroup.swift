import Foundation
import GlanceLinux
import GlanceWidgets

/// A shared container where other programs drop data for widgets (Docs/Contract.md, "App groups"): a
/// directory per app group, `$XDG_STATE_HOME/glance/GROUP` (default `~/.local/state`), or
/// `/var/lib/glance/GROUP` when Glance runs as a system service.
///
/// Scripts write JSON files there; providers read them with `read(_:from:)`. Writes made
/// through `write(_:to:)` are atomic — a temporary file, fsync, rename — so a reader never
/// sees half a file. A face can watch a file and reload the widgets that read it.
public struct AppGroup: Sendable, Hashable {
    /// The group's name, e.g. `desk`.
    public let name: String
    /// The container directory.
    public let directory: URL

    /// The container of `name` under `root`.
    public init(name: String, root: URL) {
        self.name = name
        self.directory = root.appendingPathComponent(name, isDirectory: true)
    }

    /// Where containers live for this process: `GLANCE_STATE_DIR` when set, `/var/lib/glance`
    /// for root, else `$XDG_STATE_HOME/glance` or `~/.local/state/glance`.
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment, isRoot: Bool = SystemProcess.isRoot) -> URL {
        if let explicit = environment["GLANCE_STATE_DIR"], !explicit.isEmpty { return URL(fileURLWithPath: explicit, isDirectory: true) }
        if isRoot { return URL(fileURLWithPath: "/var/lib/glance", isDirectory: true) }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state, isDirectory: true).appendingPathComponent("glance", isDirectory: true)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/state/glance", isDirectory: true)
    }

    /// The container named `name` in the default root.
    public static func named(_ name: String) -> AppGroup {
        AppGroup(name: name, root: defaultRoot())
    }

    /// The URL of file `name` in the container (`name` may not leave the container).
    /// - Throws: `AppGroupError.invalidName` for names with `..`, absolute paths or empty names.
    public func url(for name: String) throws(AppGroupError) -> URL {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
            throw .invalidName(name, group: self.name)
        }
        return directory.appendingPathComponent(name)
    }

    /// The largest app-group file read: widget data is small, and a runaway script's file
    /// must not fill the face's memory.
    public static let fileSizeLimit = 4 << 20

    /// Decodes the JSON file `name`. Only a regular file of at most `fileSizeLimit` bytes is
    /// read; a symbolic link, FIFO or device put there is refused without being opened for
    /// reading, so it costs the widget its data, never the face its frames.
    /// - Throws: `AppGroupError.missing` when there is no such file (a provider usually shows
    ///   a placeholder then), `.refused` for a file that is not a regular one or too large,
    ///   `.unreadable` with the decoder's explanation otherwise.
    public func read<T: Decodable>(_ type: T.Type, from name: String, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        let url = try url(for: name)
        if let kind = WidgetCenter.currentKind { AppGroupInterest.shared.note(kind: kind, group: self.name, file: name) }
        guard let data = try contents(of: name) else { throw AppGroupError.missing(url.path) }
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw AppGroupError.unreadable(url.path, reason: AppGroupError.explain(error))
        }
    }

    /// The bytes of file `name`, nil when there is none. Only a regular file of at most
    /// `fileSizeLimit` bytes is read, as by `read(_:from:)`; the one way the face, the browser
    /// simulator and the MQTT bridge read an app-group file.
    /// - Throws: `AppGroupError.invalidName`, or `.refused` for a file that is not a regular
    ///   one, is too large or lies behind a linked folder.
    public func contents(of name: String) throws(AppGroupError) -> Data? {
        let url = try url(for: name)
        try refuseLinkedFolders(in: name)
        do {
            return try AtomicFile.readRegular(url, limit: Self.fileSizeLimit)
        } catch let error as AtomicFileError {
            throw .refused(url.path, reason: error.reason)
        } catch {
            throw .refused(url.path, reason: "\(error)")
        }
    }

    /// Why `contents` cannot be an app-group file — not JSON (a bare value is JSON too), or
    /// over `fileSizeLimit` — or nil when it can; what every writer checks before writing.
    public static func problem(with contents: Data) -> String? {
        guard contents.count <= fileSizeLimit else { return "over the app-group limit of \(fileSizeLimit) bytes" }
        do {
            _ = try JSONSerialization.jsonObject(with: contents, options: [.fragmentsAllowed])
        } catch {
            return "not JSON: \(AppGroupError.explain(error))"
        }
        return nil
    }

    /// Writes `contents` into file `name`, as another program would: checked (`problem(with:)`),
    /// atomically, the container and folders made as needed; a file that already holds
    /// exactly these bytes is left alone. The one way the browser simulator and the MQTT
    /// bridge write an app-group file; the face is told of the change by its caller.
    /// - Returns: Whether the file was written (false: it held these bytes already).
    /// - Throws: `AppGroupError.invalidName`, `.notSaved` for contents that cannot be an
    ///   app-group file, `.unwritable` with the system's reason.
    @discardableResult
    public func write(contents: Data, to name: String) throws(AppGroupError) -> Bool {
        let url = try url(for: name)
        if let problem = Self.problem(with: contents) { throw .notSaved(name, reason: problem) }
        if (try? self.contents(of: name)) == contents { return false }
        do {
            try refuseLinkedFolders(in: name, verb: "written")
            try AtomicFile.write(contents, to: url)
        } catch let error as AppGroupError {
            throw error
        } catch let error as AtomicFileError {
            throw .unwritable(url.path, reason: error.reason)
        } catch {
            throw .unwritable(url.path, reason: "\(error)")
        }
        return true
    }

    /// Refuses a name whose folders inside the container are symbolic links (a link out of
    /// the container); the file itself is opened without following a link.
    private func refuseLinkedFolders(in name: String, verb: String = "read") throws(AppGroupError) {
        var folder = directory
        for component in name.split(separator: "/").dropLast() {
            folder.appendPathComponent(String(component))
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path)) != nil {
                let reason = "\(folder.path) is a symbolic link; only files inside the app group are \(verb)"
                throw verb == "read" ? .refused(directory.appendingPathComponent(name).path, reason: reason)
                    : .unwritable(directory.appendingPathComponent(name).path, reason: reason)
            }
        }
    }

    /// Encodes `value` as JSON into file `name` atomically, creating the container if needed
    /// (through `write(contents:to:)`, so a file that holds this JSON already is left alone).
    /// - Throws: `AppGroupError.unwritable` with the reason, `.notSaved` for JSON over `fileSizeLimit`.
    public func write<T: Encodable>(_ value: T, to name: String, encoder: JSONEncoder = AppGroup.encoder) throws {
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw AppGroupError.unwritable(try url(for: name).path, reason: "\(error)")
        }
        try write(contents: data, to: name)
    }

    /// Pretty, key-sorted JSON, so files are pleasant to read and diff.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

/// Which widget kinds read which app-group files, learnt as providers read them, so a file
/// written by another program reloads exactly the widgets that use it.
final class AppGroupInterest: @unchecked Sendable {
    static let shared = AppGroupInterest()
    private let lock = NSLock()
    private var kindsByFile: [String: Set<String>] = [:]

    func note(kind: String, group: String, file: String) {
        lock.lock()
        kindsByFile["\(group)/\(file)", default: []].insert(kind)
        lock.unlock()
    }

    /// The files of `group` each kind read (sorted), for the face's state file.
    func files(group: String) -> [String: [String]] {
        lock.lock()
        defer { lock.unlock() }
        var files = [String: [String]]()
        for (key, kinds) in kindsByFile where key.hasPrefix("\(group)/") {
            for kind in kinds { files[kind, default: []].append(String(key.dropFirst(group.count + 1))) }
        }
        return files.mapValues { $0.sorted() }
    }

    /// The kinds that read `file` of `group`, sorted.
    func kinds(group: String, file: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return (kindsByFile["\(group)/\(file)"] ?? []).sorted()
    }
}

/// Why an app-group file could not be used.
public enum AppGroupError: Error, CustomStringConvertible, Equatable, Sendable {
    case invalidName(String, group: String)
    case missing(String)
    case unreadable(String, reason: String)
    case refused(String, reason: String)
    case unwritable(String, reason: String)
    /// Contents refused before writing (`AppGroup.problem(with:)`): the file name and why.
    case notSaved(String, reason: String)

    public var description: String {
        switch self {
        case .invalidName(let name, let group): "'\(name)' is not a file name inside app group '\(group)' (no '..' or leading '/')"
        case .missing(let path): "\(path) does not exist yet"
        case .unreadable(let path, let reason): "\(path) is not the expected JSON: \(reason)"
        case .refused(let path, let reason): "\(path) is not read: \(reason)"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        case .notSaved(let name, let reason): "\(name) is not saved: \(reason)"
        }
    }

    static func explain(_ error: Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: "missing key '\(([key] + context.codingPath).map(\.stringValue).reversed().joined(separator: "."))'"
        case .typeMismatch(let type, let context)?: "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' should be \(type)"
        case .valueNotFound(let type, let context)?: "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is null, expected \(type)"
        case .dataCorrupted(let context)?: context.underlyingError.map(explain) ?? context.debugDescription
        default: String(parserSentence(error).prefix(200))
        }
    }

    /// The JSON parser's own sentence ("Unexpected end of file…", where in the text and what
    /// was expected), not the error's domain, code and user-info dump.
    static func parserSentence(_ error: Error) -> String {
        let bridged = error as NSError
        if let text = bridged.userInfo["NSDebugDescription"] as? String, !text.isEmpty { return text }
        return bridged.localizedDescription
    }
}

extension FileManager {
    /// The app-group container, as on Apple platforms (`group.` prefixes are dropped), so
    /// provider code that locates shared files this way works unchanged. The directory is
    /// created when missing.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        let name = groupIdentifier.hasPrefix("group.") ? String(groupIdentifier.dropFirst(6)) : groupIdentifier
        let url = AppGroup.named(name).directory
        try? createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
