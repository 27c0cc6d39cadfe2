import Foundation

/// Where `glance run --web` listens: `PORT` (loopback), or `ADDRESS:PORT` (`0.0.0.0:8080`,
/// `[::1]:8080`, `192.168.1.20:8080`). Port 0 takes a free port (tests read the address the
/// server prints).
package struct WebAddress: Sendable, Equatable, CustomStringConvertible {
    package let host: String
    package let port: Int

    /// Parses `[ADDRESS:]PORT`; nil when it is not one.
    package init?(_ text: String) {
        var host = "127.0.0.1", portText = Substring(text)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
            portText = rest.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
            guard !host.contains(":") else { return nil }
        }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace), let port = Int(portText), (0...65_535).contains(port) else { return nil }
        self.host = host
        self.port = port
    }

    /// Whether only this machine can connect: 127.0.0.0/8, `::1` or `localhost`.
    package var isLoopback: Bool { Self.isLoopback(name: host) }

    /// Whether `name` is `localhost` or a literal loopback address: an IPv4 address in
    /// 127.0.0.0/8 written as four decimal numbers, or IPv6's `::1` in any spelling. A name
    /// that only starts like one (`127.evil.example`, `127.0.0.1.nip.io`) is a DNS name that
    /// anyone can point at this machine, so it is not loopback (DNS rebinding).
    package static func isLoopback(name: String) -> Bool {
        var name = name.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { $0.elementsEqual([UInt8](repeating: 0, count: 15) + [1]) }
    }

    /// The address as a URL host (IPv6 in brackets).
    package var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    package var description: String { "\(urlHost):\(port)" }
}
