/// Collects a command's parameter bytes the way the SSD13xx-style controllers do: an opcode
/// that takes parameters waits for all of them, across transactions if need be.
struct CommandDecoder {
    private var pendingOpcode: UInt8?
    private var parameters: [UInt8] = []

    /// Takes one command byte; returns the opcode and its parameters once the command is complete.
    /// - Parameter parameterCount: How many parameter bytes follow an opcode on this controller.
    mutating func receive(_ byte: UInt8, parameterCount: (UInt8) -> Int) -> (opcode: UInt8, parameters: [UInt8])? {
        if let opcode = pendingOpcode {
            parameters.append(byte)
            guard parameters.count == parameterCount(opcode) else { return nil }
            pendingOpcode = nil
            return (opcode, parameters)
        }
        if parameterCount(byte) == 0 { return (byte, []) }
        pendingOpcode = byte
        parameters = []
        return nil
    }
}
