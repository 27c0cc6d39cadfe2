#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import Foundation
import GlanceLinux

/// Which files `glance dev` follows, and what a change of each means.
///
/// Every folder under `Sources/` (any file: Swift code, C code, resources) and `Package.swift`
/// are code: a change needs a build. The face file and every folder under `Assets/` are what
/// the face reads at start: a change needs a restart. Editors' own files (backups ending in
/// `~`, swap files, vim's `4913` probe, Emacs' `#name#`) are not changes; names starting with
/// "." never reach us (`DirectoryWatcher` leaves them out).
struct DevWatchPlan: Sendable, Equatable {
    /// A folder to watch and what a file written in it means.
    struct Folder: Sendable, Equatable {
        /// The folder's path.
        var path: String
        /// What a change of a file there means.
        var change: DevLoop.Change
        /// The only file names that count, when not all do.
        var only: Set<String>?
    }

    /// The package's folder.
    let packagePath: String
    /// The face file, if there is one.
    let faceFile: String?

    /// The folders to watch now: `Sources/` and `Assets/` with every folder under them (hidden
    /// ones left out), the package's folder for `Package.swift`, and the face file's folder
    /// for it.
    func folders() -> [Folder] {
        var folders = [Folder]()
        for (name, change) in [("Sources", DevLoop.Change.source), ("Assets", .face)] {
            for path in Self.tree(packagePath + "/" + name) { folders.append(Folder(path: path, change: change)) }
        }
        var rootNames: Set<String> = ["Package.swift"]
        if let faceFile {
            let url = URL(fileURLWithPath: faceFile).standardizedFileURL
            let folder = url.deletingLastPathComponent().path
            if folder == URL(fileURLWithPath: packagePath).standardizedFileURL.path {
                rootNames.insert(url.lastPathComponent)
            } else {
                folders.append(Folder(path: folder, change: .face, only: [url.lastPathComponent]))
            }
        }
        folders.append(Folder(path: packagePath, change: .source, only: rootNames))
        return folders
    }

    /// What writing `name` into `folder` means, or nil when it means nothing.
    func change(of name: String, in folder: Folder) -> DevLoop.Change? {
        if let only = folder.only {
            guard only.contains(name) else { return nil }
            let faceName = faceFile.map { URL(fileURLWithPath: $0).lastPathComponent }
            return name == faceName && name != "Package.swift" ? .face : folder.change
        }
        return Self.isEditorFile(name) ? nil : folder.change
    }

    /// Whether `name` is an editor's backup, swap or probe file rather than the maker's.
    static func isEditorFile(_ name: String) -> Bool {
        name.hasSuffix("~") || name.hasPrefix("#") || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix(".swo")
            || name.hasSuffix(".tmp") || (!name.isEmpty && name.allSatisfy(\.isNumber))
    }

    /// `root` and every folder under it (not hidden ones), when `root` is a folder.
    static func tree(_ root: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
        var found = [root]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            found += tree(root + "/" + name)
        }
        return found
    }
}

/// The watches of one `glance dev`: a `DirectoryWatcher` (inotify) for each folder of the
/// plan, posting what each written file means. Folders made later under `Sources/` are
/// watched from the next change on (`refresh()`).
actor DevWatch {
    private let plan: DevWatchPlan
    private let post: @Sendable (DevSession.Event) -> Void
    private var watches: [String: (watcher: DirectoryWatcher, task: Task<Void, Never>)] = [:]

    init(plan: DevWatchPlan, post: @escaping @Sendable (DevSession.Event) -> Void) {
        self.plan = plan
        self.post = post
    }

    /// Watches every folder of the plan not watched yet.
    /// - Throws: `DirectoryWatcherError` when a folder cannot be watched.
    func refresh() throws {
        let packageURL = URL(fileURLWithPath: plan.packagePath).standardizedFileURL
        for folder in plan.folders() where watches[folder.path] == nil {
            let watcher = try DirectoryWatcher(directory: folder.path)
            let shown = Self.relative(folder.path, to: packageURL)
            let task = Task { [plan, post] in
                do {
                    for try await name in watcher.changes {
                        // A file already gone was a tool's temporary one (sed -i writes one, then renames it).
                        guard let change = plan.change(of: name, in: folder),
                              FileManager.default.fileExists(atPath: folder.path + "/" + name) else { continue }
                        post(.changed(change, path: shown.isEmpty ? name : shown + "/" + name))
                        self.refreshQuietly()
                    }
                } catch {
                    post(.watchFailed("\(error)"))
                }
            }
            watches[folder.path] = (watcher, task)
        }
    }

    /// The folders watched.
    var folders: [String] { watches.keys.sorted() }

    /// Stops every watch.
    func stop() async {
        for (watcher, task) in watches.values {
            await watcher.stop()
            task.cancel()
        }
        watches = [:]
    }

    private func refreshQuietly() {
        do {
            try refresh()
        } catch {
            post(.watchFailed("\(error)"))
        }
    }

    /// `path` relative to the package's folder ("" for the folder itself), else as it is.
    static func relative(_ path: String, to package: URL) -> String {
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        if full == package.path { return "" }
        return full.hasPrefix(package.path + "/") ? String(full.dropFirst(package.path.count + 1)) : full
    }
}
#endif
