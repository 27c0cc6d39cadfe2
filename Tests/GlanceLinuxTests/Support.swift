import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh, empty scratch directory standing in for `/dev` (removed when the test ends).
final class ScratchDirectory {
    let path: String

    init() {
        var template = Array("\(NSTemporaryDirectory())glance-linux-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Creates an ordinary file (something that is not a device) and returns its path.
    @discardableResult
    func file(_ name: String, contents: String = "") -> String {
        let file = "\(path)/\(name)"
        precondition(FileManager.default.createFile(atPath: file, contents: Data(contents.utf8)))
        return file
    }
}

/// A pipe whose ends close when the value goes away (unless closed earlier).
final class Pipe2 {
    let read: Int32
    private(set) var write: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0)
        read = ends[0]
        write = ends[1]
    }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.write(write, $0.baseAddress, $0.count) }
    }

    func closeWriter() {
        if write >= 0 { close(write) }
        write = -1
    }

    deinit {
        close(read)
        closeWriter()
    }
}
