#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import Foundation
import GlanceCore
import GlanceLinux
#if canImport(Glibc)
import Glibc
#endif

/// `swift build` of the package's program, for `glance dev`: the package's own debug build,
/// its output straight to the terminal (progress and compiler errors as `swift build` shows
/// them).
final class PackageBuilder: DevBuilding {
    private let packagePath: String
    private let product: String
    private let program: String
    private let post: @Sendable (DevSession.Event) -> Void
    /// The running build's process and the task waiting for it.
    private let running = Locked<(pid: pid_t?, task: Task<Void, Never>?)>((nil, nil))

    /// - Parameters:
    ///   - packagePath: The package's folder.
    ///   - product: The executable product to build.
    ///   - program: The file the build writes, whose change says the program changed.
    ///   - post: Where the build's outcome goes.
    init(packagePath: String, product: String, program: String, post: @escaping @Sendable (DevSession.Event) -> Void) {
        self.packagePath = packagePath
        self.product = product
        self.program = program
        self.post = post
    }

    func startBuild() {
        let before = ProgramStamp(path: program)
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn("swift", ["build", "--package-path", packagePath, "--product", product])
        } catch {
            post(.built(DevBuildOutcome(status: -1, programChanged: false, failure: "\(error)")))
            return
        }
        let task = Task { [running, program, post] in
            let status = await offThePool(named: "glance-dev-build") { ChildProcess.wait(pid) }
            running.withLock { $0.pid = nil }
            post(.built(DevBuildOutcome(status: status, programChanged: ProgramStamp(path: program) != before)))
        }
        running.withLock { $0 = (pid, task) }
    }

    func cancel() async {
        let (pid, task) = running.withLock { $0 }
        // SIGINT, as Ctrl-C would: swift build stops its compilers and releases the build folder.
        if let pid { ChildProcess.signalGroup(pid, SIGINT) }
        await task?.value
    }
}

/// The program file as the file system has it: another inode, size or modification time is
/// another program (the linker writes a new file).
struct ProgramStamp: Equatable, Sendable {
    let inode: UInt64
    let size: Int64
    let modified: Int64

    /// The stamp of `path`, or nil when there is no such file.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}

/// The face as `glance dev` runs it: `PROGRAM run --headless --web … --clock-state …` in a
/// process of its own (and process group: Ctrl-C in the terminal reaches `glance dev`, which
/// stops it), its log on our standard error.
actor FaceProcess: DevFaceRunning {
    private let program: String
    private let arguments: [String]
    private let clock: any HostClock
    private let post: @Sendable (DevSession.Event) -> Void
    private var running: (pid: pid_t, ended: Task<Int32, Never>)?

    /// How long a face has to save its state and end after SIGTERM before it is killed.
    static let stopLimit: Duration = .seconds(10)

    /// - Parameters:
    ///   - program: The face's program.
    ///   - arguments: Its arguments (`run …`).
    ///   - clock: The clock the stop limit is measured on.
    ///   - post: Where a face that ends by itself is reported.
    init(program: String, arguments: [String], clock: any HostClock, post: @escaping @Sendable (DevSession.Event) -> Void) {
        self.program = program
        self.arguments = arguments
        self.clock = clock
        self.post = post
    }

    func restart() async throws {
        await stop()
        let pid = try ChildProcess.spawn(program, arguments)
        let ended = Task { await offThePool(named: "glance-dev-face") { ChildProcess.wait(pid) } }
        running = (pid, ended)
        Task {
            let status = await ended.value
            self.ended(pid, status: status)
        }
    }

    func stop() async {
        guard let (pid, ended) = running else { return }
        running = nil
        // SIGTERM: the face saves its state and its clock (--clock-state) and ends.
        ChildProcess.signalGroup(pid, SIGTERM)
        let killer = Task { [clock] in
            do {
                try await clock.sleep(for: Self.stopLimit)
            } catch {
                return
            }
            ChildProcess.signalGroup(pid, SIGKILL)
        }
        _ = await ended.value
        killer.cancel()
    }

    /// A face that ended while it was still the one running ended by itself.
    private func ended(_ pid: pid_t, status: Int32) {
        guard running?.pid == pid else { return }
        running = nil
        post(.faceEnded(status: status))
    }
}
#endif
