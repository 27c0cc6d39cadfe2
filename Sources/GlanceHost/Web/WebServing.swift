import GlanceCore
import Logging

/// The browser simulator's HTTP server, as `glance run --web` starts it.
///
/// The server (SwiftNIO and Hummingbird) lives in its own module, GlanceWeb, which a face links
/// only when it is built with the `WebSimulator` trait (on by default; Docs/Simulator.md,
/// "Deployed faces"). This module holds the page's logic (`WebSimulator`) and asks for a server
/// here; a program without one says so when `--web` is given.
package protocol WebServing: Sendable {
    /// The page's URL, with the token when one is needed.
    var url: String { get }
    /// Closes the pages' connections and the socket, and waits until they are closed.
    func stop() async
}

/// The server this program links, installed by the `Glance` module's `main()` when GlanceWeb
/// is part of the build.
package enum WebServers {
    /// Starts serving `simulator` at an address for a board (its name and panel look); returns
    /// once the socket is bound.
    package typealias Start = @Sendable (_ address: WebAddress, _ simulator: WebSimulator, _ board: String, _ look: String,
                                         _ logger: Logger) async throws -> any WebServing

    private static let installed = Locked<Start?>(nil)

    /// Makes `start` the server `glance run --web` uses.
    package static func install(_ start: @escaping Start) {
        installed.withLock { $0 = start }
    }

    /// The installed server, if any.
    package static var start: Start? {
        installed.withLock { $0 }
    }

    /// The largest message a page may send, which is also the WebSocket's frame limit.
    package static let messageSizeLimit = WebRequest.sizeLimit

    /// Why `--web` cannot be used in this program.
    static let missing = """
        --web needs the browser simulator, which this program was built without (the package's \
        WebSimulator trait is off, as in a deployed face's build); build with the trait on — \
        `swift build`, without --disable-default-traits — to serve the page
        """
}
