/// The publisher of `ObservableObject.objectWillChange`, as Combine's type of that name.
///
/// `send()` is accepted and has no effect: Glance draws what the views say at each entry.
public final class ObservableObjectPublisher: Publisher, Sendable {
    public typealias Output = Void
    public typealias Failure = Never

    /// Creates a publisher.
    public init() {}

    /// Announces a change; nothing listens on a panel.
    public func send() {}
}
