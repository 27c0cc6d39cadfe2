import Foundation
@testable import GlanceLinux
import GlanceInput
import Testing
#if canImport(Glibc)
import Glibc
#endif

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite struct TerminalKeyDecoderTests {
    @Test func arrowsInBothForms() {
        #expect(TerminalKeyDecoder.decode(bytes("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D")) == [.up, .down, .right, .left])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD")) == [.up, .down, .right, .left])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1B}[1;5A\u{1B}[1;2D")) == [.up, .left], "modifiers are ignored")
    }

    @Test func editingAndFunctionKeys() {
        #expect(TerminalKeyDecoder.decode(bytes("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[3~\u{1B}[5~\u{1B}[6~"))
            == [.home, .end, .home, .end, .delete, .pageUp, .pageDown])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1B}OP\u{1B}OS\u{1B}[15~\u{1B}[17~\u{1B}[24~")) == [.function(1), .function(4), .function(5), .function(6), .function(12)])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1B}[200~x")) == [.character("x")], "unknown sequences are skipped whole")
    }

    @Test func controlCharactersAndText() {
        #expect(TerminalKeyDecoder.decode([0x0D, 0x0A, 0x0D, 0x0D, 0x0A]) == [.enter, .enter, .enter], "CR, LF and CR LF are one Enter each")
        // Found by the fuzzer: a CR LF split across two reads was two Enters.
        var split = TerminalKeyDecoder()
        #expect(split.feed([0x0D]) == [.enter], "Enter at once, not after the next read")
        #expect(split.feed([0x0A, 0xE8]) + split.flush() == [])
        #expect(split.feed([0x0A]) == [.enter], "a later LF is a key again")
        #expect(TerminalKeyDecoder.decode([0x09, 0x7F, 0x08, 0x03, 0x04, 0x00]) == [.tab, .backspace, .backspace, .control("c"), .control("d")])
        #expect(TerminalKeyDecoder.decode(bytes("ab A")) == [.character("a"), .character("b"), .space, .character("A")])
        #expect(TerminalKeyDecoder.decode(bytes("é€😀")) == [.character("é"), .character("€"), .character("😀")])
        #expect(TerminalKeyDecoder.decode([0xFF, 0x80, 0x61]) == [.character("a")], "invalid UTF-8 is dropped")
    }

    @Test func sequencesSplitAcrossReadsWaitForTheirEnd() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.feed(bytes("[")).isEmpty)
        #expect(decoder.feed(bytes("1;5")).isEmpty)
        #expect(decoder.feed(bytes("Ca")) == [.right, .character("a")])
        #expect(!decoder.hasPending)
        #expect(decoder.feed([0xC3]).isEmpty)
        #expect(decoder.feed([0xA9]) == [.character("é")])
    }

    @Test func aLoneEscapeIsEscapeOnceNothingFollows() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.flush() == [.escape])
        #expect(decoder.flush().isEmpty)
        #expect(TerminalKeyDecoder.decode([0x1B, 0x1B, 0x1B, 0x5B, 0x41]) == [.escape, .escape, .up])
        #expect(TerminalKeyDecoder.decode(bytes("\u{1B}x")) == [.escape, .character("x")], "Alt+x")
        #expect(TerminalKeyDecoder.decode(bytes("\u{1B}[1")) == [.escape, .character("["), .character("1")], "an unfinished sequence at the end")
    }

    @Test func theSimulatorKeysReachTheirButtons() {
        var processor = InputProcessor()
        var events: [ButtonEvent] = []
        for (index, key) in TerminalKeyDecoder.decode(bytes("\u{1B}[A\rab")).enumerated() {
            events += processor.feed(key, map: .simulator, at: .milliseconds(Int64(index) * 1_000))
        }
        #expect(events.filter { $0.kind == .click }.map(\.button) == [.up, .center, .a, .b])
    }
}

// glibc declares these only under _XOPEN_SOURCE, which the Glibc module is not built with.
@_silgen_name("posix_openpt") private func openLeader(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func grantLeader(_ fd: Int32) -> Int32
@_silgen_name("unlockpt") private func unlockLeader(_ fd: Int32) -> Int32
@_silgen_name("ptsname") private func followerName(_ fd: Int32) -> UnsafeMutablePointer<CChar>?

/// A pseudo-terminal pair: the follower side behaves like a user's terminal.
private final class PseudoTerminal {
    let leader: Int32
    let follower: Int32

    init() throws {
        leader = openLeader(O_RDWR | O_NOCTTY)
        guard leader >= 0, grantLeader(leader) == 0, unlockLeader(leader) == 0, let name = followerName(leader) else {
            throw TerminalError.attributes(operation: "creating a pseudo-terminal for", errno: errno)
        }
        follower = open(name, O_RDWR | O_NOCTTY)
        guard follower >= 0 else { throw TerminalError.attributes(operation: "opening the pseudo-terminal for", errno: errno) }
    }

    deinit {
        close(follower)
        close(leader)
    }

    var attributes: termios {
        var value = termios()
        tcgetattr(follower, &value)
        return value
    }
}

private func isCanonical(_ attributes: termios) -> Bool { attributes.c_lflag & tcflag_t(ICANON) != 0 }
private func echoes(_ attributes: termios) -> Bool { attributes.c_lflag & tcflag_t(ECHO) != 0 }

/// One pseudo-terminal test at a time: raw mode is process-wide.
@Suite(.serialized) struct TerminalRawModeTests {
    @Test func rawModeAndBack() throws {
        let terminal = try PseudoTerminal()
        let before = terminal.attributes
        #expect(isCanonical(before) && echoes(before))
        let mode = try TerminalRawMode.enter(descriptor: terminal.follower)
        let raw = terminal.attributes
        #expect(!isCanonical(raw) && !echoes(raw))
        #expect(raw.c_lflag & tcflag_t(ISIG) != 0, "Ctrl-C still raises SIGINT")
        #expect(raw.c_oflag == before.c_oflag, "output processing is untouched")
        #expect(throws: TerminalError.alreadyRaw) { try TerminalRawMode.enter(descriptor: terminal.follower) }
        mode.restore()
        #expect(isCanonical(terminal.attributes) && echoes(terminal.attributes))
        mode.restore()
    }

    @Test func anErrorInsideRestoresTheTerminal() throws {
        struct Failure: Error {}
        let terminal = try PseudoTerminal()
        #expect(throws: Failure.self) {
            try TerminalRawMode.withRawMode(descriptor: terminal.follower) { _ in
                #expect(!isCanonical(terminal.attributes))
                throw Failure()
            }
        }
        #expect(isCanonical(terminal.attributes))
    }

    @Test func theSignalPathRestoresTheTerminal() throws {
        let terminal = try PseudoTerminal()
        let mode = try TerminalRawMode.enter(descriptor: terminal.follower)
        defer { mode.restore() }
        #expect(!isCanonical(terminal.attributes))
        TerminalRawMode.restoreForSignal()
        #expect(isCanonical(terminal.attributes) && echoes(terminal.attributes))
    }

    @Test func aPipeIsNotATerminal() throws {
        let pipe = Pipe2()
        #expect(throws: TerminalError.notATerminal(descriptor: pipe.read)) { try TerminalRawMode.enter(descriptor: pipe.read) }
    }
}

@Suite struct TerminalKeysTests {
    @Test func keysArriveInOrderUntilInputEnds() async throws {
        let pipe = Pipe2()
        let reader = try TerminalKeys.open(descriptor: pipe.read, escapeDelay: .zero)
        pipe.send(bytes("\u{1B}[Ab\r"))
        pipe.send([0x1B])
        pipe.closeWriter()
        var keys: [Key] = []
        for try await key in reader.keys { keys.append(key) }
        #expect(keys == [.up, .character("b"), .enter, .escape])
    }

    @Test func stopEndsTheStream() async throws {
        let pipe = Pipe2()
        let reader = try TerminalKeys.open(descriptor: pipe.read)
        await reader.stop()
        var count = 0
        for try await _ in reader.keys { count += 1 }
        #expect(count == 0)
    }
}
