import Foundation
import GlanceCore
import GlanceFace
import GlanceGraphics
import GlanceInput
import GlanceLinux
import GlancePanels
import GlanceWidgets
import Logging

/// The browser simulator's side of each page: what the page is sent (the glass, e-paper
/// refreshes, the face's clock, the timeline inspector, log lines) and what it asks (button
/// edges, time controls, app-group files). The HTTP server (`WebServer`) only carries the
/// messages; everything the page can do goes through here and then through the `FaceHost`,
/// exactly as GPIO edges and control-socket requests do.
///
/// With no page connected nothing runs: the face's notices are listened to only while at
/// least one page is open.
package actor WebSimulator {
    /// One message to a page.
    package enum Output: Sendable, Equatable {
        case text(String)
        case binary([UInt8])
    }

    /// Sends one message to a page; false when the page is gone.
    package typealias Send = @Sendable (Output) async -> Bool

    /// The shortest time between two updates of the pages: a fast-forwarded face draws far
    /// more frames than a browser can show, so the pages get the newest every 1/30 s.
    static let defaultPublishInterval: Duration = .milliseconds(33)

    private let host: FaceHost
    /// The board the face runs on, as its file describes it (the wiring view draws it).
    package nonisolated let board: BoardConfiguration
    private let publishInterval: Duration
    private let clock: SimulatedClock?
    private let tail: LogTail
    private let logger: Logger
    private var clients: [Int: Send] = [:]
    private var nextID = 0
    /// The tasks following the face while pages are open.
    private var listening: [Task<Void, Never>] = []
    private var following = false
    /// The glass every open page has (row-major gray), and what the e-paper refresh counts were.
    private var sentGlass = Bitmap(width: 0, height: 0)
    private var sentRefreshes: [RefreshKind: Int] = [:]
    private var sentInspection = ""
    /// The newest snapshot of the face, while pages are open.
    private var latest: FaceSnapshot?
    private var publishing = false
    private var dirty = false
    /// Pages that connected, and what they were sent (`--usage-report`).
    private(set) var usage = UsageReport.WebUsage()
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// - Parameters:
    ///   - board: The board `host` runs on.
    ///   - publishInterval: The shortest real time between two updates of the pages (tests on
    ///     a clock of their own use zero: every frame, at once).
    init(host: FaceHost, board: BoardConfiguration, clock: SimulatedClock?, tail: LogTail, logger: Logger,
         publishInterval: Duration = WebSimulator.defaultPublishInterval) {
        self.publishInterval = publishInterval
        self.host = host
        self.board = board
        self.clock = clock
        self.tail = tail
        self.logger = logger
    }

    // MARK: - Pages

    /// A page connected: it gets everything (hello, the whole glass, the clock, the
    /// inspector, the log kept so far), then every change. Returns its number.
    package func connect(send original: @escaping Send) async -> Int {
        usage.pages += 1
        let send: Send = { [weak self] output in
            await self?.count(output)
            return await original(output)
        }
        nextID += 1
        let id = nextID
        if !following { await startListening() }
        let hello = await hello()
        await exclusive {
            // The pages already open see the newest glass first, so all share one picture; the
            // new page joins them only once it has that picture, so no change can overtake it.
            await publish()
            let welcome: [Output] = [.text(hello), .binary(Self.glassMessage(sentGlass, rows: 0..<sentGlass.height)),
                                     .text(clockMessage()), .text(sentInspection), .text(Self.encode(LogMessage(lines: tail.lines)))]
            for output in welcome where !(await send(output)) { return }
            clients[id] = send
        }
        if clients.isEmpty { disconnect(id) }
        return id
    }

    /// Runs `body` with no other publishing or welcome in progress: the pages get the glass's
    /// changes in the order they happened (actor methods interleave at every `await`).
    private func exclusive(_ body: () async -> Void) async {
        while busy { await withCheckedContinuation { waiters.append($0) } }
        busy = true
        await body()
        busy = false
        if !waiters.isEmpty { waiters.removeFirst().resume() }
    }

    private func count(_ output: Output) {
        usage.messages += 1
        switch output {
        case .text(let text): usage.bytes += text.utf8.count
        case .binary(let bytes): usage.bytes += bytes.count
        }
    }

    /// A page left.
    package func disconnect(_ id: Int) {
        clients[id] = nil
        guard clients.isEmpty else { return }
        tail.listen(nil)
        for task in listening { task.cancel() }
        listening = []
        following = false
    }

    /// How many pages are open.
    var pageCount: Int { clients.count }

    /// Follows the face's frames and the log (in order) while pages are open.
    private func startListening() async {
        following = true
        // Subscribed before the page's welcome, so no frame between the two goes unseen.
        var snapshots = await host.snapshots(wanting: .inspection).makeAsyncIterator()
        latest = await snapshots.next()
        let (lines, newLine) = AsyncStream.makeStream(of: LogTail.Line.self, bufferingPolicy: .bufferingNewest(LogTail.capacity))
        tail.listen { newLine.yield($0) }
        listening = [
            Task { [weak self] in
                while let snapshot = await snapshots.next() {
                    await self?.changed(snapshot)
                }
            },
            Task { [weak self] in
                for await line in lines {
                    await self?.broadcast(.text(Self.encode(LogMessage(lines: [line]))))
                }
            },
        ]
    }

    // MARK: - Requests

    /// Handles one message from page `id`; the answer, if any, goes to that page only.
    package func receive(_ text: String, from id: Int) async {
        let request: WebRequest
        do {
            request = try WebRequest.parse(text, buttons: host.board.buttons.map(\.name))
        } catch {
            logger.warning("web: ignored a message from the page: \(error.message)")
            await reply(to: id, Result(id: error.id, ok: false, message: error.message))
            return
        }
        switch request {
        case .edge(let button, let down):
            host.post(.edge(ButtonEdge(button: ButtonID(rawValue: button), pressed: down, time: host.clock.inputTime)))
        case .clock(let action, let requestID):
            await reply(to: id, steer(action, id: requestID))
        case .read(let file, let requestID):
            await reply(to: id, await read(file, id: requestID))
        case .write(let file, let contents, let requestID):
            await reply(to: id, await write(file, contents: contents, id: requestID))
        }
    }

    private func steer(_ action: WebRequest.ClockAction, id: Int?) async -> Result {
        guard let clock else {
            return Result(id: id, ok: false, message: "the face runs on real time; start it with --clock simulated to pause, step and fast-forward")
        }
        var message: String
        switch action {
        case .pause:
            clock.setRate(0)
            message = "time paused"
        case .play:
            clock.setRate(1)
            message = "time runs at its real pace"
        case .fast:
            clock.setRate(SimulatedClock.fastRate)
            message = "fast-forward: an hour in \(Int(3600 / SimulatedClock.fastRate)) s"
        case .step:
            guard let next = await host.nextEvent() else {
                return Result(id: id, ok: false, message: "nothing is scheduled: the face waits for a button or new data")
            }
            clock.jump(to: next)
            message = "stepped to \(Self.timeFormatter.string(from: next))"
        }
        host.post(.clockChanged)
        logger.info("web: \(message)")
        await broadcast(.text(clockMessage()))
        await exclusive { await publish() }
        return Result(id: id, ok: true, message: message)
    }

    private func read(_ file: String, id: Int?) async -> Reply {
        do {
            let contents = try await appGroup.contents(of: file)
            return .file(FileMessage(id: id, file: file, text: contents.map { String(decoding: $0, as: UTF8.self) } ?? "", exists: contents != nil))
        } catch {
            return .result(Result(id: id, ok: false, message: "cannot read \(file): \(error)"))
        }
    }

    private func write(_ file: String, contents: String, id: Int?) async -> Reply {
        let group = await appGroup
        do {
            try group.write(contents: Data(contents.utf8), to: file)
        } catch {
            return .result(Result(id: id, ok: false, message: "\(error)"))
        }
        let kinds = AppGroupInterest.shared.kinds(group: group.name, file: file)
        logger.info("web: wrote \(group.directory.appendingPathComponent(file).path) (\(contents.utf8.count) bytes)")
        await host.appGroupChanged(file)
        let reloads = kinds.isEmpty ? "no widget has read it yet" : "reloading \(kinds.joined(separator: ", "))"
        return .result(Result(id: id, ok: true, message: "\(file) saved; \(reloads)"))
    }

    private var appGroup: AppGroup {
        get async {
            let name = if let latest { latest.appGroup } else { await host.snapshotNow([]).appGroup }
            return AppGroup(name: name, root: host.appGroupRoot)
        }
    }

    // MARK: - Publishing

    /// The face changed: publish now, or after the interval when one just went.
    private func changed(_ snapshot: FaceSnapshot) async {
        latest = snapshot
        guard !publishing else {
            dirty = true
            return
        }
        publishing = true
        defer { publishing = false }
        repeat {
            dirty = false
            await exclusive { await publish() }
            if publishInterval > .zero { try? await host.clock.sleep(for: publishInterval) }
        } while dirty && !clients.isEmpty
    }

    /// Sends the pages what changed in the newest snapshot: the glass rows, an e-paper refresh,
    /// the inspector.
    private func publish() async {
        guard let latest else { return }
        let glass = latest.glass
        if let rows = Self.changedRows(from: sentGlass, to: glass) {
            sentGlass = glass
            await broadcast(.binary(Self.glassMessage(glass, rows: rows)))
        }
        let refreshes = latest.refreshes
        // A full refresh (the flash) outranks a partial one.
        if let kind = [RefreshKind.full, .partial].first(where: { refreshes[$0, default: 0] > sentRefreshes[$0, default: 0] }) {
            await broadcast(.text(Self.encode(RefreshMessage(kind: kind.rawValue))))
        }
        sentRefreshes = refreshes
        let inspection = latest.inspection.map(Self.inspectionMessage) ?? sentInspection
        if inspection != sentInspection {
            sentInspection = inspection
            await broadcast(.text(inspection))
        }
    }

    private func broadcast(_ output: Output) async {
        for (id, send) in clients where !(await send(output)) {
            disconnect(id)
        }
    }

    private func reply(to id: Int, _ result: Result) async {
        await reply(to: id, .result(result))
    }

    private func reply(to id: Int, _ reply: Reply) async {
        guard let send = clients[id] else { return }
        let text = switch reply {
        case .result(let result): Self.encode(result)
        case .file(let file): Self.encode(file)
        }
        if !(await send(.text(text))) { disconnect(id) }
    }

    /// The glass as a PNG in `look`'s colors, each pixel `zoom`×`zoom` (the page's download).
    package func glassPNG(zoom: Int, look: PanelLook) async throws -> [UInt8] {
        let glass = if let latest { latest.glass } else { await host.snapshotNow([]).glass }
        return try glass.png(scale: zoom, look: look)
    }

    // MARK: - Messages

    /// The rows that differ between two glasses (all of them when the size changed); nil when none.
    static func changedRows(from old: Bitmap, to new: Bitmap) -> Range<Int>? {
        guard old.width == new.width, old.height == new.height else { return new.height > 0 ? 0..<new.height : nil }
        let width = new.width
        guard (old.colors == nil) == (new.colors == nil) else { return new.height > 0 ? 0..<new.height : nil }
        func same(_ row: Int) -> Bool {
            let span = row * width..<(row + 1) * width
            return old.pixels[span] == new.pixels[span] && old.colors?[span] == new.colors?[span]
        }
        guard let first = (0..<new.height).first(where: { !same($0) }),
              let last = (0..<new.height).last(where: { !same($0) }) else { return nil }
        return first..<(last + 1)
    }

    /// A binary glass message: kind 1, width, height, first row, row count (big-endian
    /// 16-bit), then the rows' gray bytes (0 dark … 255 fully lit, or paper on e-paper); a
    /// colour screen's glass is kind 2 with red, green and blue bytes for each pixel instead.
    static func glassMessage(_ glass: Bitmap, rows: Range<Int>) -> [UInt8] {
        var bytes: [UInt8] = [glass.colors == nil ? 1 : 2]
        for value in [glass.width, glass.height, rows.lowerBound, rows.count] {
            bytes += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        let span = rows.lowerBound * glass.width..<rows.upperBound * glass.width
        if let colors = glass.colors {
            bytes.reserveCapacity(bytes.count + 3 * span.count)
            for color in colors[span] { bytes += [color.red, color.green, color.blue] }
        } else {
            bytes += glass.pixels[span]
        }
        return bytes
    }

    private func hello() async -> String {
        let board = host.board
        let size = host.assembly.pictureSize
        let technology = host.assembly.display.panel.technology == .ePaper ? "ePaper" : "oled"
        let looks = Dictionary(uniqueKeysWithValues: PanelLook.names.compactMap { name in PanelLook.named(name).map { (name, LookMessage($0)) } })
        let files = (try? FileManager.default.contentsOfDirectory(atPath: await appGroup.directory.path)) ?? []
        let message = HelloMessage(
            board: .init(name: board.name, width: size.width, height: size.height, controller: board.controller,
                         technology: technology, look: PanelLook.named(board.look) != nil ? board.look.lowercased() : "white"),
            looks: looks, zoom: max(1, min(8, 512 / max(size.width, 1))),
            buttons: board.buttons.map { .init(name: $0.name, key: $0.key) },
            clock: .init(steerable: clock != nil, fastRate: SimulatedClock.fastRate),
            appGroup: .init(name: await appGroup.name, files: files.filter { (try? WebRequest.fileName($0)) != nil }.sorted(),
                            fileSizeLimit: AppGroup.fileSizeLimit, messageSizeLimit: WebRequest.sizeLimit),
            mirror: !board.isEmulated)
        return Self.encode(message)
    }

    private func clockMessage() -> String {
        let pace = clock?.current
        return Self.encode(ClockMessage(now: pace?.now ?? host.clock.now, rate: pace?.rate ?? 1, paused: pace?.rate == 0))
    }

    private static func inspectionMessage(_ inspection: FaceSnapshot.Inspection) -> String {
        encode(InspectMessage(face: inspection.face, light: inspection.light.map { "\($0)" } ?? "off",
                              shift: inspection.shift.map { .init(x: $0.x, y: $0.y) }))
    }

    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        // The messages are plain structures of strings, numbers and dates: encoding cannot fail.
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "{}"
    }

    private static let timeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter
    }()
}

// MARK: - Message shapes (Docs/Simulator.md)

private enum Reply {
    case result(WebSimulator.Result)
    case file(FileMessage)
}

extension WebSimulator {
    /// The answer to a request.
    struct Result: Encodable, Equatable {
        var type = "result"
        let id: Int?
        let ok: Bool
        let message: String

        init(id: Int?, ok: Bool, message: String) {
            (self.id, self.ok, self.message) = (id, ok, message)
        }
    }
}

private struct FileMessage: Encodable {
    var type = "file"
    let id: Int?
    let file: String
    let text: String
    let exists: Bool
}

private struct LogMessage: Encodable {
    var type = "log"
    let lines: [LogTail.Line]
}

private struct RefreshMessage: Encodable {
    var type = "refresh"
    let kind: String
}

private struct ClockMessage: Encodable {
    var type = "clock"
    let now: Date
    let rate: Double
    let paused: Bool
}

private struct LookMessage: Encodable {
    let dark: String, lit: String, gap: String
    let pixelGap: Bool
    let band: Band?

    struct Band: Encodable {
        let rows: Int
        let lit: String
    }

    init(_ look: PanelLook) {
        func hex(_ color: RGB) -> String { String(format: "#%02x%02x%02x", color.red, color.green, color.blue) }
        (dark, lit, gap, pixelGap) = (hex(look.dark), hex(look.lit), hex(look.gap), look.pixelGap)
        band = look.band.map { Band(rows: $0.rows, lit: hex($0.lit)) }
    }
}

private struct HelloMessage: Encodable {
    var type = "hello"
    let board: Board
    let looks: [String: LookMessage]
    let zoom: Int
    let buttons: [Button]
    let clock: Clock
    let appGroup: Group
    let mirror: Bool

    struct Board: Encodable {
        let name: String
        let width: Int, height: Int
        let controller: String, technology: String, look: String
    }

    struct Button: Encodable {
        let name: String
        let key: String?
    }

    struct Clock: Encodable {
        let steerable: Bool
        let fastRate: Double
    }

    struct Group: Encodable {
        let name: String
        let files: [String]
        /// The largest app-group file, and the largest message the page may send (in bytes).
        let fileSizeLimit: Int, messageSizeLimit: Int
    }
}

/// The inspector: the face's inspection with the display's light and burn-in shift.
private struct InspectMessage: Encodable {
    let face: FaceInspection
    let light: String
    let shift: Shift?

    struct Shift: Encodable {
        let x: Int, y: Int
    }

    private enum CodingKeys: String, CodingKey {
        case type, light, shift
    }

    func encode(to encoder: any Encoder) throws {
        try face.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("inspect", forKey: .type)
        try container.encode(light, forKey: .light)
        try container.encode(shift, forKey: .shift)
    }
}
