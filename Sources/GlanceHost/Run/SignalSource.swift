import Dispatch
import Foundation
import GlanceFace

/// SIGINT and SIGTERM stop the face; SIGHUP reads the face file again. Signals are delivered
/// on a queue instead of interrupting the program (their default action is ignored while the
/// source is connected), so shutdown can finish its work.
actor SignalSource: InputSource {
    nonisolated let name = "signals"
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "glance.signals")

    func connect(post: @escaping @Sendable (FaceHost.Event) -> Void) async throws {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            // A serial queue: a global one would start libdispatch's worker pool and its
            // once-a-second monitor timer at the first signal.
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { post(number == SIGHUP ? .reloadFace : .stop) }
            source.resume()
            sources.append(source)
        }
    }

    func disconnect() async {
        for source in sources { source.cancel() }
        sources = []
    }
}
