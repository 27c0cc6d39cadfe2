/// Splits one I2C transaction into command and data runs using the control bytes
/// (Docs/Panels.md, "I2C addressing and control bytes"): Co (bit 7) clear means the rest of
/// the transaction is one run; Co set means exactly one byte follows before the next control
/// byte. D/C# (bit 6) selects data.
enum I2CControlStream {
    /// One run of bytes of the same kind.
    struct Run {
        var isData: Bool
        var bytes: ArraySlice<UInt8>
    }

    /// The runs of `transaction`, in order; a trailing control byte with nothing after it yields nothing.
    static func runs(_ transaction: [UInt8]) -> [Run] {
        var runs = [Run]()
        var index = transaction.startIndex
        while index < transaction.endIndex {
            let control = transaction[index]
            index += 1
            let isData = control & 0x40 != 0
            if control & 0x80 == 0 {
                if index < transaction.endIndex { runs.append(Run(isData: isData, bytes: transaction[index...])) }
                break
            }
            guard index < transaction.endIndex else { break }
            runs.append(Run(isData: isData, bytes: transaction[index...index]))
            index += 1
        }
        return runs
    }

    /// Hands each byte of `transaction` to `data` or `command`, in order, as its control bytes say.
    static func forEachByte(in transaction: [UInt8], data: (UInt8) -> Void, command: (UInt8) -> Void) {
        for run in runs(transaction) {
            if run.isData {
                for byte in run.bytes { data(byte) }
            } else {
                for byte in run.bytes { command(byte) }
            }
        }
    }
}

/// Deterministic garbage for RAM at power-up, so a controller that forgets to write
/// part of the frame shows up as wrong glass instead of accidentally right black.
enum PowerOnGarbage {
    static func bytes(_ count: Int, seed: UInt32) -> [UInt8] {
        var state = seed | 1
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return UInt8(truncatingIfNeeded: state >> 7)
        }
    }
}
