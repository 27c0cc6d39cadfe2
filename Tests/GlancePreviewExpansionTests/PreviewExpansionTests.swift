import Testing
@testable import GlancePreviewExpansion

/// `#Preview`'s expansion from source text: the argument list and trailing closures kept as
/// written, the name from the discriminator, the place from the compiler's location.
@Suite struct PreviewExpansionTests {
    static let discriminator = "$s4Desk0015Clockswift_tzEGbfMX172_0_33_B2F35D64B8C2FC8970D159CE7AD5DB71Ll7PreviewfMf_"
    static let place = PreviewExpansion.Location(fileID: "Desk/Clock.swift", line: 171, column: 2)

    func expand(_ source: String, at place: PreviewExpansion.Location = Self.place) throws -> String {
        try PreviewExpansion.expand(source: source, macroName: "Preview", discriminator: Self.discriminator, location: place)
    }

    @Test func plainPreviewGetsAnEmptyArgumentList() throws {
        #expect(try expand("\n\n#Preview {\n    Text(\"Hi\")\n}") == """
            struct $s4Desk0015Clockswift_tzEGbfMX172_0_33_B2F35D64B8C2FC8970D159CE7AD5DB71Ll7PreviewfMf_7PreviewfMu_: GlanceUI.PreviewRegistry {
                static var fileID: String { "Desk/Clock.swift" }
                static var line: Int { 173 }
                static var column: Int { 1 }
                @MainActor static func makePreview() throws -> GlanceUI.Preview {
                    GlanceUI.Preview() {
                Text("Hi")
            }
                }
            }
            """)
    }

    /// The call inside `makePreview()`.
    func call(_ source: String) throws -> String {
        let expansion = try expand(source)
        let lines = expansion.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.contains("makePreview()") }) else { return "" }
        // The call's first line has the template's indentation; the rest are the maker's.
        return String(lines[start + 1].dropFirst(8)) + lines[(start + 2)..<(lines.count - 2)].map { "\n" + $0 }.joined()
    }

    @Test func namedPreviewWithTraitsKeepsItsArguments() throws {
        #expect(try call("#Preview(\"Small\", traits: .sizeThatFitsLayout, .fixedLayout(width: 64, height: 32)) { Text(\"x\") }")
            == "GlanceUI.Preview(\"Small\", traits: .sizeThatFitsLayout, .fixedLayout(width: 64, height: 32)) { Text(\"x\") }")
        #expect(try call("#Preview (\"Gap\") { Text(\"x\") }") == "GlanceUI.Preview(\"Gap\") { Text(\"x\") }")
        #expect(try call("#Preview(\"Body\", body: { Text(\"x\") })") == "GlanceUI.Preview(\"Body\", body: { Text(\"x\") })")
    }

    @Test func widgetPreviewsKeepEveryTrailingClosure() throws {
        #expect(try call("""
            #Preview(as: .accessoryRectangular) {
                ClockWidget()
            } timeline: {
                ClockEntry(date: .now)
                ClockEntry(date: .now.addingTimeInterval(60))
            }
            """) == """
            GlanceUI.Preview(as: .accessoryRectangular) {
                ClockWidget()
            } timeline: {
                ClockEntry(date: .now)
                ClockEntry(date: .now.addingTimeInterval(60))
            }
            """)
        #expect(try call("#Preview(\"Tiny\", as: .systemSmall, widget: { W() }, timeline: { E() })")
            == "GlanceUI.Preview(\"Tiny\", as: .systemSmall, widget: { W() }, timeline: { E() })")
        #expect(try call("#Preview(as: .accessoryInline, using: .sample) {\n    W()\n} timelineProvider: {\n    P()\n}")
            == "GlanceUI.Preview(as: .accessoryInline, using: .sample) {\n    W()\n} timelineProvider: {\n    P()\n}")
        #expect(try call("#Preview(as: .content, using: Trip.sample) { TripWidget() } contentStates: { Trip.State(stop: 3) }")
            == "GlanceUI.Preview(as: .content, using: Trip.sample) { TripWidget() } contentStates: { Trip.State(stop: 3) }")
    }

    @Test func commentsStringsAndAttributesBeforeTheMacroAreSkipped() throws {
        let source = """

            // #Preview { an old one }
            /* a { brace /* and #Preview( nested */ } */
            /// Doc: `#Preview`
            @available(iOS 17.0, *, message: "#Preview(\\"{\\") \\(#"}"#)")
            @MainActor
            #Preview("a \\"{\\" b") {
                let s = "}#Preview{" // }
                let t = #"\\("{")"#
                return Text(s + t) /* } */
            } // the end
            """
        #expect(try call(source) == """
            GlanceUI.Preview("a \\"{\\" b") {
                let s = "}#Preview{" // }
                let t = #"\\("{")"#
                return Text(s + t) /* } */
            } // the end
            """)
        // The preview's place is the node's first token: the attribute, as before.
        #expect(try expand(source).contains("static var line: Int { 175 }"))
    }

    @Test func placeCountsLinesAndUTF8Columns() throws {
        func place(_ source: String, from start: PreviewExpansion.Location) throws -> [String] {
            try PreviewExpansion.expand(source: source, macroName: "Preview", discriminator: "$s1A", location: start)
                .split(separator: "\n").filter { $0.contains("static var") }.map { $0.droppingLeadingSpaces() }
        }
        let start = PreviewExpansion.Location(fileID: "M/F.swift", line: 5, column: 3)
        #expect(try place("  /* é */ #Preview {}", from: start)
                == ["static var fileID: String { \"M/F.swift\" }", "static var line: Int { 5 }", "static var column: Int { 14 }"])
        #expect(try place("\r\n\r\n  #Preview {}", from: start).dropFirst() == ["static var line: Int { 7 }", "static var column: Int { 3 }"])
        #expect(try place("#Preview {}", from: PreviewExpansion.Location(fileID: "M/\"odd\\.swift", line: 1, column: 1)).first
                == "static var fileID: String { \"M/\\\"odd\\\\.swift\" }")
    }

    @Test func sourceThatIsNotThePreviewMacroFails() {
        #expect(throws: PreviewExpansion.Failure("expected '#Preview' at the start of the macro's text, found '#Other { }'", at: 3)) {
            try expand("\n  #Other { }")
        }
        #expect(throws: PreviewExpansion.Failure("a /* comment that is not closed", at: 1)) {
            try expand(" /* #Preview { }")
        }
        #expect(throws: PreviewExpansion.Failure("a string literal that is not closed", at: 23)) {
            try expand("@available(*, message: \"open\n#Preview { }")
        }
        #expect(throws: PreviewExpansion.Failure("#Preview takes no generic arguments", at: 8)) {
            try expand("#Preview<Int> { }")
        }
        #expect(throws: PreviewExpansion.Failure("the compiler's discriminator 'a b' is not a mangled name", at: 0)) {
            try PreviewExpansion.expand(source: "#Preview { }", macroName: "Preview", discriminator: "a b", location: Self.place)
        }
    }
}

extension Substring {
    fileprivate func droppingLeadingSpaces() -> String {
        String(drop { $0 == " " })
    }
}
