import Foundation

/// What a live activity's view is drawn from, as ActivityKit's `ActivityViewContext`.
public struct ActivityViewContext<Attributes: ActivityAttributes>: Sendable {
    /// The activity's fixed data.
    public let attributes: Attributes
    /// Its latest state.
    public let state: Attributes.ContentState
    /// True once the content's stale date has passed.
    public let isStale: Bool
    /// The activity's identifier.
    public let activityID: String
}

/// The view a live activity of `Attributes` is drawn with, as WidgetKit's `ActivityConfiguration`.
///
/// Difference from Apple: there is no Dynamic Island, so only `init(for:content:)` exists;
/// the activity is drawn in the face slot that shows live activities.
public struct ActivityConfiguration<Attributes: ActivityAttributes, Content: View>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let descriptor: WidgetDescriptor

    /// Creates the configuration that draws activities of `attributesType` with `content`.
    public init(for attributesType: Attributes.Type = Attributes.self,
                @ViewBuilder content: @escaping @Sendable (ActivityViewContext<Attributes>) -> Content) {
        let typeName = String(reflecting: Attributes.self)
        let engine = ActivityEngine(for: Attributes.self, content: ViewFactory { snapshot, isStale in
            guard let attributes = snapshot.attributes as? Attributes,
                  let activityContent = snapshot.content as? ActivityContent<Attributes.ContentState> else {
                preconditionFailure("activity \(snapshot.id) is not a \(typeName)")
            }
            return AnyView(content(ActivityViewContext(attributes: attributes, state: activityContent.state,
                                                       isStale: isStale, activityID: snapshot.id)))
        })
        descriptor = WidgetDescriptor(kind: "activity:" + String(describing: Attributes.self), engine: .activity(engine))
    }

    /// The built-in configurations have no body.
    public var body: Never { neverBody() }
}
