import Foundation

/// What a live activity's view is drawn from, as ActivityKit's `ActivityViewContext`.
public struct ActivityViewContext<Attributes: ActivityAttributes> {
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
/// The activity is drawn in the face slot that shows live activities. With a `DynamicIsland`,
/// the slot's family chooses the presentation (Docs/Contract.md, "Presentations"): rectangular slots show
/// `content` (the lock-screen view), inline slots the compact leading and trailing views side
/// by side, circular and corner slots the minimal view. Without one, every slot shows `content`.
public struct ActivityConfiguration<Attributes: ActivityAttributes, Content: View>: WidgetConfiguration, PrimitiveWidgetConfiguration {
    let descriptor: WidgetDescriptor

    /// Creates the configuration that draws activities of `attributesType` with `content` in every slot.
    public init(for attributesType: Attributes.Type = Attributes.self,
                @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content) {
        self.init(attributesType, content: content, island: nil)
    }

    /// Creates the configuration that draws activities of `attributesType` with `content` (the
    /// lock-screen view) and the presentations of `dynamicIsland`.
    public init(for attributesType: Attributes.Type = Attributes.self,
                @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
                dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland) {
        self.init(attributesType, content: content, island: dynamicIsland)
    }

    private init(_ attributesType: Attributes.Type, content: @escaping (ActivityViewContext<Attributes>) -> Content,
                 island: ((ActivityViewContext<Attributes>) -> DynamicIsland)?) {
        let typeName = String(reflecting: Attributes.self)
        func context(_ snapshot: ActivitySnapshot, _ isStale: Bool) -> ActivityViewContext<Attributes> {
            guard let attributes = snapshot.attributes as? Attributes,
                  let activityContent = snapshot.content as? ActivityContent<Attributes.ContentState> else {
                preconditionFailure("activity \(snapshot.id) is not a \(typeName)")
            }
            return ActivityViewContext(attributes: attributes, state: activityContent.state, isStale: isStale, activityID: snapshot.id)
        }
        let lockScreen = ViewFactory<(ActivitySnapshot, Bool)> { snapshot, isStale in AnyView(content(context(snapshot, isStale))) }
        let presentation = ViewFactory<(ActivitySnapshot, Bool, WidgetFamily)> { snapshot, isStale, family in
            let context = context(snapshot, isStale)
            return island?(context).view(for: family) ?? AnyView(content(context))
        }
        let engine = ActivityEngine(for: Attributes.self, content: lockScreen, presentation: presentation)
        descriptor = WidgetDescriptor(kind: "activity:" + String(describing: Attributes.self), engine: .activity(engine))
    }

    /// The built-in configurations have no body.
    public var body: Never { neverBody() }
}
