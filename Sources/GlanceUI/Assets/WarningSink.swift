import GlanceCore

/// Where views report problems a maker should fix but that must not stop drawing, such as an
/// asset name the catalog lacks. The host sends them to its log; `once` keeps repeats out.
public struct WarningSink: Sendable {
    private let emit: @Sendable (String) -> Void

    /// A sink that passes each warning to `emit`.
    public init(_ emit: @escaping @Sendable (String) -> Void) {
        self.emit = emit
    }

    /// Reports `message`.
    public func warn(_ message: String) {
        emit(message)
    }

    /// A sink that drops every warning (the default when the host installed none).
    public static let ignore = WarningSink { _ in }

    /// A sink that passes each distinct message to `emit` the first time only; the set of
    /// messages seen lives in the returned sink (no global state).
    public static func once(_ emit: @escaping @Sendable (String) -> Void) -> WarningSink {
        let seen = Locked(Set<String>())
        return WarningSink { message in
            if seen.withLock({ $0.insert(message).inserted }) { emit(message) }
        }
    }
}
