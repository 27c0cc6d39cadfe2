import Foundation
import GlanceLinux

/// Where the control socket of `glance run` lives, which `glance ctl` finds without being told.
enum ControlSocket {
    /// The socket path for a process with this environment and user: `$GLANCE_CONTROL_SOCKET`
    /// when set, else `$XDG_RUNTIME_DIR/glance/control.sock`, else `/run/glance/control.sock`
    /// for root (a system service), else `/tmp/glance-UID/control.sock`.
    ///
    /// `glance run` and `glance ctl` run by the same user in the same session agree on it; a
    /// cron job has no `XDG_RUNTIME_DIR`, so point it at the socket with `--socket` or
    /// `GLANCE_CONTROL_SOCKET` when the face runs in a login session.
    /// - Parameters:
    ///   - environment: The process's environment variables.
    ///   - userID: The effective user ID (0 for root).
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment,
                            userID: UInt32 = SystemProcess.userID) -> String {
        if let explicit = environment["GLANCE_CONTROL_SOCKET"], !explicit.isEmpty { return explicit }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return (runtime as NSString).appendingPathComponent("glance/control.sock")
        }
        if userID == 0 { return "/run/glance/control.sock" }
        return "/tmp/glance-\(userID)/control.sock"
    }

    /// The socket `glance ctl` talks to: `defaultPath`, except that without `XDG_RUNTIME_DIR`
    /// (cron jobs, ssh commands) a socket the user's login session made in
    /// `/run/user/UID/glance/` is found too.
    /// - Parameter exists: Whether a file exists at a path (the file system, in production).
    static func clientPath(environment: [String: String] = ProcessInfo.processInfo.environment,
                           userID: UInt32 = SystemProcess.userID,
                           exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> String {
        let path = defaultPath(environment: environment, userID: userID)
        let explicit = environment["GLANCE_CONTROL_SOCKET"].map { !$0.isEmpty } ?? false
        let session = "/run/user/\(userID)/glance/control.sock"
        guard !explicit, environment["XDG_RUNTIME_DIR"] == nil, userID != 0, !exists(path), exists(session) else { return path }
        return session
    }
}
