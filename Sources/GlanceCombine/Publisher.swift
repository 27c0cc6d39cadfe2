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

