import Foundation
import Testing

/// Nothing reads or waits on real time behind the host's clock (`HostClock`): a test that owns
/// a `ManualClock` owns all of a face's time, and no timer of a library's own wakes an idle
/// process. The test reads every Swift file under `Sources/` and names each line that sleeps
/// or reads the time directly, outside the places where that is the point.
@Suite struct ClockBypassTests {
    /// What bypasses the clock, by name and pattern (matched in code, not in comments or strings).
    static let rules: [(name: String, pattern: String)] = [
        ("Task.sleep", #"\bTask\s*\.\s*sleep\b"#),
        ("Thread.sleep", #"\bThread\s*\.\s*sleep\b"#),
        ("usleep", #"\busleep\s*\("#),
        ("nanosleep", #"\bnanosleep\s*\("#),
        ("asyncAfter", #"\basyncAfter\b"#),
        ("ContinuousClock.now", #"\b(ContinuousClock|SuspendingClock)(\(\))?\s*\.\s*now\b"#),
        ("DispatchTime.now", #"\bDispatchTime\s*\.\s*now\b"#),
        ("Date()", #"\bDate\s*\(\s*\)"#),
        ("Date.now", #"\bDate\s*\.\s*now\b"#),
    ]

    /// A word every pattern has, to skip the lines that have none quickly.
    static let keywords = ["sleep", "asyncAfter", "now", "Date"]

    /// Files and folders (a path ending in `/`) where real time is the point, with why.
    static let allowed: [(path: String, why: String)] = [
        ("Sources/GlanceLinux/SystemClock.swift", "the real clock: the wall clock, CLOCK_MONOTONIC and real waiting"),
        ("Sources/GlanceLinux/SimulatedClock.swift", "the --clock simulated clock: starts at the real time and waits for real"),
        ("Sources/GlanceCore/ProcessClock.swift", "the one place Apple-named APIs read the process's clock (a formatter without a reference date, an activity center outside any face), as Apple's read the device's"),
        ("Sources/GlanceHost/Bench/", "the bench measures real time and CPU use of faces it runs as child processes; it is not a face"),
        ("Sources/GlanceExamples/", "widget code reads Date() as iOS widget code does; the host steers what it reads under simulated time (CSimulatedTime, SimulatedClock.holdProcessClock)"),
        ("Sources/GlanceTesting/Arrivals.swift", "a test helper's bound on waiting, so a broken test fails instead of hanging; real time on purpose, never shipped"),
    ]

    /// The package's root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func nothingBypassesTheHostClock() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 100, "found the package's sources at \(sources.path)")
        let rules = try Self.rules.map { ($0.name, try Regex($0.pattern)) }
        var offenders: [String] = []
        for file in files {
            let path = "Sources/" + file
            if Self.allowed.contains(where: { $0.path.hasSuffix("/") ? path.hasPrefix($0.path) : path == $0.path }) { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            for (index, code) in Self.codeLines(text).enumerated() where Self.keywords.contains(where: code.contains) {
                for (name, rule) in rules where code.contains(rule) {
                    offenders.append("\(path):\(index + 1): \(name): \(lines[index].trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(offenders.isEmpty, """
            These lines read or wait on real time behind the host's clock: take the time from the \
            face's HostClock (now, uptime, sleep(for:) for device waits, a deadline for the run loop):
            \(offenders.joined(separator: "\n"))
            """)
    }

    /// The scan sees code only: a pattern in a comment, a doc comment or a string is no call.
    @Test func commentsAndStringsAreNotCode() throws {
        let text = #"""
            let a = Date()
            // let b = Date()
            /// `Text(Date(), style: .timer)` counts from when the tree was built
            let c = "Under --clock fast, Date() in widget code reads the face's time." // Date()
            /* Task.sleep(for: .seconds(1))
               usleep(10) */ let d = Task.sleep
            let e = """
                Date() \
                Date()
                """
            let f = "a \"quoted\" Date()" + String(Date().timeIntervalSince1970)
            let g = #"raw "Date()" \(Date())"# + "at \(Date().formatted()) \("Date()")"
            """#
        let rule = try Regex(Self.rules.first { $0.name == "Date()" }!.pattern)
        let sleep = try Regex(Self.rules.first { $0.name == "Task.sleep" }!.pattern)
        let lines = Self.codeLines(text)
        #expect(lines.indices.filter { lines[$0].contains(rule) } == [0, 10, 11])
        #expect(lines[11] == #"let g = "" + "(Date().formatted())("")""#, "raw strings have no interpolation; others do")
        #expect(lines.indices.filter { lines[$0].contains(sleep) } == [5])
        #expect(lines.count == text.components(separatedBy: "\n").count, "line for line")
    }

    /// `text`'s lines with comments removed and string literals emptied, line for line; what a
    /// string interpolates (`\(Date())`) is code and stays.
    static func codeLines(_ text: String) -> [String] {
        enum Mode {
            case code(parens: Int)
            case comment(depth: Int)
            case string(hashes: Int, multiline: Bool)
        }
        var stack: [Mode] = [.code(parens: 0)]
        var lines: [String] = [], current = ""
        let characters = Array(text)
        var index = 0
        func starts(_ token: String, at position: Int? = nil) -> Bool {
            var from = position ?? index
            for character in token {
                guard from < characters.count, characters[from] == character else { return false }
                from += 1
            }
            return true
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                lines.append(current)
                current = ""
                index += 1
                // A one-line string ends with its line, closed or not.
                if case .string(_, false)? = stack.last { stack.removeLast() }
                continue
            }
            switch stack[stack.count - 1] {
            case .comment(let depth):
                if starts("*/") {
                    stack[stack.count - 1] = .comment(depth: depth - 1)
                    if depth == 1 { stack.removeLast() }
                    index += 2
                } else if starts("/*") {
                    stack[stack.count - 1] = .comment(depth: depth + 1)
                    index += 2
                } else {
                    index += 1
                }
            case .string(let hashes, let multiline):
                let close = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                let interpolation = "\\" + String(repeating: "#", count: hashes) + "("
                if starts(close) {
                    stack.removeLast()
                    current += "\""
                    index += close.count
                } else if starts(interpolation) {
                    stack.append(.code(parens: 0))
                    current += "("
                    index += interpolation.count
                } else {
                    // An escape skips the character after it, unless that ends the line (a
                    // multi-line string's line continuation).
                    let escape = hashes == 0 && character == "\\" && index + 1 < characters.count && characters[index + 1] != "\n"
                    index += escape ? 2 : 1
                }
            case .code(let parens):
                var quote = index
                while quote < characters.count, characters[quote] == "#" { quote += 1 }
                if starts("//") {
                    while index < characters.count, characters[index] != "\n" { index += 1 }
                } else if starts("/*") {
                    stack.append(.comment(depth: 1))
                    index += 2
                } else if quote < characters.count, characters[quote] == "\"" {
                    let multiline = starts("\"\"\"", at: quote)
                    stack.append(.string(hashes: quote - index, multiline: multiline))
                    current += "\""
                    index = quote + (multiline ? 3 : 1)
                } else if character == ")", parens == 0, stack.count > 1 {
                    // The end of an interpolation: back in its string.
                    stack.removeLast()
                    current += ")"
                    index += 1
                } else {
                    if character == "(" { stack[stack.count - 1] = .code(parens: parens + 1) }
                    if character == ")" { stack[stack.count - 1] = .code(parens: max(0, parens - 1)) }
                    current.append(character)
                    index += 1
                }
            }
        }
        lines.append(current)
        return lines
    }
}
