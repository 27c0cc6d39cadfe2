#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
/// What `glance dev` decides, apart from doing it: when a burst of saves has settled, whether
/// it needs a build or only a restart of the face, and what a finished build leads to.
///
/// A value with no clock and no I/O: its caller (`DevSession`) reads the time from the host
/// clock, hands every change and outcome in, and does the actions it returns, in order.
///
/// Rules:
/// - Changes are gathered until none came for `quiet`, or `longest` after the first of them
///   (an editor writes a file, its backup and a swap file within milliseconds; a long stream
///   of writes does not hold the build back for ever).
/// - A change of a source file (or the manifest) needs a build; one of the face file or its
///   assets only a restart, since the face reads them when it starts.
/// - One build at a time: changes during a build wait for it, then for their own quiet time.
/// - A failed build changes nothing: the face of the last good build keeps running.
/// - A good build restarts the face when its program changed, when the face is not running,
///   or when the face's files changed meanwhile; a build that changed nothing leaves it be.
struct DevLoop: Sendable {
    /// What a change touched.
    enum Change: Sendable, Hashable {
        /// Code: a file under `Sources/`, or `Package.swift`.
        case source
        /// What the face reads when it starts: the face file, a file under `Assets/`.
        case face
    }

    /// What to do next.
    enum Action: Sendable, Equatable {
        /// Build the package (`swift build`).
        case build
        /// Stop the face, if one runs, and start the last good build's program.
        case restartFace
    }

    /// How long saves are gathered.
    struct Timing: Sendable, Equatable {
        /// Quiet time after the last change before acting.
        var quiet: Duration = .milliseconds(200)
        /// The longest a change waits while more keep coming.
        var longest: Duration = .seconds(2)
    }

    let timing: Timing
    /// Kinds of the changes gathered and not yet acted on.
    private(set) var pending: Set<Change> = []
    /// Uptime of the first and the last change gathered.
    private var firstChange: Duration?
    private var lastChange: Duration?
    /// Whether a build runs.
    private(set) var building = false
    /// Whether there is a program to run: a build succeeded, or one was there at the start.
    private(set) var hasProgram: Bool
    /// Whether the face runs (as far as this loop knows: `faceStopped()` says when it ended).
    private(set) var faceRunning = false
    /// Whether the face was ever started.
    private var faceStarted = false

    /// Creates the loop; `programExists` says whether a program built before is there to run
    /// should the first build fail.
    init(timing: Timing = Timing(), programExists: Bool) {
        self.timing = timing
        hasProgram = programExists
    }

    /// The first thing to do: build, so the face runs what the sources say now.
    mutating func start() -> [Action] {
        building = true
        return [.build]
    }

    /// Notes a change at uptime `time`; it is acted on at `deadline`.
    mutating func changed(_ change: Change, at time: Duration) {
        pending.insert(change)
        if firstChange == nil { firstChange = time }
        lastChange = max(lastChange ?? time, time)
    }

    /// The uptime at which the gathered changes are acted on: nil when there are none, or while
    /// a build runs (its end decides).
    var deadline: Duration? {
        guard !building, let firstChange, let lastChange else { return nil }
        return min(lastChange + timing.quiet, firstChange + timing.longest)
    }

    /// Acts on the gathered changes once `time` has reached `deadline`.
    mutating func tick(at time: Duration) -> [Action] {
        guard let deadline, time >= deadline else { return [] }
        let kinds = pending
        clearPending()
        if kinds.contains(.source) {
            building = true
            return [.build]
        }
        // The face's files alone: a restart reads them again (with nothing built yet, the
        // first good build will).
        return hasProgram ? startFace() : []
    }

    /// Takes a finished build's outcome.
    /// - Parameters:
    ///   - succeeded: Whether the build succeeded.
    ///   - programChanged: Whether it wrote a new program (false when nothing needed compiling).
    mutating func built(succeeded: Bool, programChanged: Bool) -> [Action] {
        building = false
        guard succeeded else {
            // The face of the last good build keeps running; at the start, the program built
            // before is that build.
            return !faceStarted && hasProgram ? startFace() : []
        }
        hasProgram = true
        // A restart now reads the face's files that changed during the build too.
        let faceFilesChanged = pending.remove(.face) != nil
        if pending.isEmpty { clearPending() }
        return programChanged || !faceRunning || faceFilesChanged ? startFace() : []
    }

    /// Notes that the face ended by itself (it failed, or was stopped from outside): the next
    /// change starts it again.
    mutating func faceStopped() {
        faceRunning = false
    }

    private mutating func startFace() -> [Action] {
        faceRunning = true
        faceStarted = true
        return [.restartFace]
    }

    private mutating func clearPending() {
        pending = []
        firstChange = nil
        lastChange = nil
    }
}
#endif
