import Foundation
import Testing

/// The face's loop (GlanceFace) stays below the operating system: none of its files imports
/// GlanceLinux, SwiftNIO, Hummingbird, ArgumentParser or Yams, and nothing its target depends
/// on in Package.swift, directly or through other targets, is one of them (or GlanceHost or
/// GlanceWeb, which bring them). What the loop needs of the OS comes through its protocols.
@Suite struct ModuleBoundaryTests {
    /// The module that must stay below the OS.
    static let module = "GlanceFace"

    /// Modules GlanceFace may not import, as patterns of module names.
    static let forbiddenImports = #"GlanceLinux|GlanceHost|GlanceWeb|NIO\w*|Hummingbird\w*|ArgumentParser|Yams"#

    /// Names the target's dependency closure may not hold: targets, products and packages.
    static let forbiddenDependencies: Set<String> = [
        "GlanceLinux", "GlanceHost", "GlanceWeb", "ArgumentParser", "swift-argument-parser", "Yams",
        "Hummingbird", "HummingbirdWebSocket", "hummingbird", "hummingbird-websocket",
    ]

    /// The package's root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theLoopImportsNothingOfTheOperatingSystem() throws {
        let folder = Self.root.appendingPathComponent("Sources/\(Self.module)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.contains("FaceHost.swift"), "found the loop's sources at \(folder.path)")
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            offenders += try Self.forbiddenImportLines(in: text).map { "Sources/\(Self.module)/\(file):\($0.line): \($0.text)" }
        }
        #expect(offenders.isEmpty, """
            \(Self.module) is the loop below the OS; these lines import what it must not (put the OS part in \
            GlanceHost behind one of the loop's protocols):
            \(offenders.joined(separator: "\n"))
            """)
    }

    /// The loop's roles are split over files a reader can hold in mind: none of FaceHost's
    /// files (FaceHost.swift and its FaceHost+… extensions) is longer than 300 lines.
    @Test func faceHostsFilesStayShort() throws {
        let folder = Self.root.appendingPathComponent("Sources/\(Self.module)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("FaceHost") && $0.hasSuffix(".swift") }.sorted()
        #expect(files.count >= 2, "found FaceHost's files in \(folder.path)")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            #expect(lines <= 300, "Sources/\(Self.module)/\(file) has \(lines) lines; split a role out of it (at most 300)")
        }
    }

    @Test func theLoopsTargetDependsOnNothingOfTheOperatingSystem() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.dependencies(inManifest: manifest)
        #expect(targets[Self.module] != nil, "Package.swift declares \(Self.module) with its dependencies")
        let reached = Self.closure(of: Self.module, in: targets)
        #expect(reached.contains("GlanceWidgets"), "the closure is read through the targets (GlanceFace needs the runtime)")
        let forbidden = reached.intersection(Self.forbiddenDependencies).sorted()
        #expect(forbidden.isEmpty, "\(Self.module)'s target reaches \(forbidden.joined(separator: ", ")) in Package.swift")
    }

    /// The checks see what they are meant to: every way of writing an import, and a dependency
    /// reached through another target.
    @Test func theChecksCatchWhatTheyLookFor() throws {
        let text = """
            import Foundation
            import GlanceLinux
            @testable import Yams
            import struct ArgumentParser.ExitCode
            @preconcurrency import NIOCore
            // import Hummingbird
            import GlanceLinuxFriend
            """
        #expect(try Self.forbiddenImportLines(in: text).map(\.line) == [2, 3, 4, 5])
        let manifest = """
            .target(
                name: "A",
                dependencies: ["B", .target(name: "C", condition: .when(traits: ["T"]))]
            ),
            .target(name: "B"),
            .target(name: "C", dependencies: [.product(name: "Yams", package: "Yams")]),
            """
        let targets = Self.dependencies(inManifest: manifest)
        #expect(Self.closure(of: "A", in: targets).intersection(Self.forbiddenDependencies) == ["Yams"])
        #expect(Self.closure(of: "B", in: targets).isEmpty)
    }

    // MARK: - Reading sources and the manifest

    /// The lines (1-based) of `text` that import a forbidden module, in any form.
    static func forbiddenImportLines(in text: String) throws -> [(line: Int, text: String)] {
        let rule = try Regex(#"^\s*(@\w+\s+)*import\s+((typealias|struct|class|enum|protocol|let|var|func)\s+)?("# + forbiddenImports + #")(\.|\s|$)"#)
        return text.components(separatedBy: "\n").enumerated().compactMap { index, line in
            line.contains(rule) ? (index + 1, line.trimmingCharacters(in: .whitespaces)) : nil
        }
    }

    /// Each target's name to the quoted names in its `dependencies:` list (targets, products
    /// and packages alike).
    static func dependencies(inManifest manifest: String) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for match in manifest.matches(of: /\.(?:target|executableTarget|testTarget|macro|systemLibrary|plugin)\(\s*name:\s*"([^"]+)"/) {
            // The declaration's own parentheses, from its "(" to the one that closes it.
            guard let open = manifest[match.range].firstIndex(of: "(") else { continue }
            var depth = 0, close = open
            repeat {
                if manifest[close] == "(" { depth += 1 } else if manifest[close] == ")" { depth -= 1 }
                close = manifest.index(after: close)
            } while depth > 0 && close < manifest.endIndex
            let declaration = manifest[open..<close]
            let names = declaration.range(of: "dependencies:").map { list in
                declaration[list.upperBound...].matches(of: /"([^"]+)"/).map { String($0.output.1) }
            } ?? []
            result[String(match.output.1), default: []].formUnion(names)
        }
        return result
    }

    /// Every name `target` reaches through the targets' dependency lists (not itself).
    static func closure(of target: String, in targets: [String: Set<String>]) -> Set<String> {
        var reached: Set<String> = [], pending = Array(targets[target] ?? [])
        while let name = pending.popLast() {
            guard reached.insert(name).inserted else { continue }
            pending += targets[name] ?? []
        }
        return reached
    }
}
