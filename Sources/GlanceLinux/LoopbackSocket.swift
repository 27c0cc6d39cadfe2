#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket bound to a port the kernel chose on 127.0.0.1, not yet listening; the caller
/// closes `descriptor`. While it stays open no other socket can take the port.
package struct LoopbackSocket {
    package let descriptor: Int32
    package let port: Int

    /// - Throws: `MQTTError` naming the system's reason when no socket can be bound.
    package init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = fd >= 0 && withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            let reason = errnoDescription(errno)
            if fd >= 0 { close(fd) }
            throw MQTTError(description: "no free port on 127.0.0.1: \(reason)")
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }
}
