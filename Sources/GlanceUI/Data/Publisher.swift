/// A source of values over time, standing in for Combine's `Publisher`, which Linux lacks.
///
/// Glance only needs the shape so `ObservableObject` and `@Published` compile: a widget is
/// redrawn per timeline entry, never because an object announced a change.
public protocol Publisher<Output, Failure> {
    /// The values published.
    associatedtype Output
    /// The error that can end the stream.
    associatedtype Failure: Error
}

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
