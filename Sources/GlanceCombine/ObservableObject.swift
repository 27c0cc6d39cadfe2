/// A class whose changes views observe, as Combine's `ObservableObject`.
///
/// Views hold such objects with `@StateObject` or `@ObservedObject` and read them in
/// `body`; in a widget snapshot the object is read as it is when the entry is drawn.
public protocol ObservableObject: AnyObject {
    /// The type of `objectWillChange`.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where ObjectWillChangePublisher.Failure == Never
    /// Announces that the object is about to change.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// A publisher whose `send()` has no effect (nothing re-renders on a change in Glance).
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}
