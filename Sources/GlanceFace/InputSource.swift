/// Something outside the process that makes events for the face: GPIO buttons, the
/// simulator's terminal keys, signals, the app-group folder (and, later, a web page or an
/// MQTT broker). Sources only post `FaceHost.Event`s; what an event does is the run loop's
/// business, so every source meets the same debounce, gestures and bindings.
///
/// Contract: `connect(post:)` starts the source and returns once it is delivering, calling
/// `post` from any thread; a source that cannot start throws an error naming what is
/// missing. `disconnect()` stops delivery and releases what the source holds; nothing is
/// posted after it returns.
package protocol InputSource: Sendable {
    /// A short name for logs, e.g. `GPIO buttons`.
    var name: String { get }
    /// Starts delivering events through `post`.
    /// - Throws: An error saying what is missing (a terminal, a GPIO chip).
    func connect(post: @escaping @Sendable (FaceHost.Event) -> Void) async throws
    /// Stops delivering and releases the source.
    func disconnect() async
}
