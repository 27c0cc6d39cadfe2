import Foundation

extension ActivityAttributes {
    /// This activity in `contentState`, drawn as its `viewKind` presentation, as WidgetKit's
    /// `previewContext(_:viewKind:)` for a `PreviewProvider`: the presentation comes from the
    /// program's widget whose `ActivityConfiguration` is for these attributes, in the slot
    /// family that shows it (see `ActivityPreviewViewKind`).
    public func previewContext(_ contentState: Self.ContentState, viewKind: ActivityPreviewViewKind) -> some View {
        ActivityPreviewView(attributes: self, state: contentState, viewKind: viewKind)
            .previewContext(WidgetPreviewContext(family: viewKind.family))
    }
}

/// Draws an activity's presentation, found among the program's widgets by attributes type;
/// without such a widget it says so in place of the presentation.
struct ActivityPreviewView<Attributes: ActivityAttributes>: View {
    let attributes: Attributes
    let state: Attributes.ContentState
    let viewKind: ActivityPreviewViewKind

    var body: some View {
        let attributesType = String(reflecting: Attributes.self)
        if let engine = Self.engine(for: attributesType) {
            let snapshot = ActivitySnapshot(id: "preview", attributesType: attributesType, attributes: attributes,
                                            content: ActivityContent(state: state, staleDate: nil), staleDate: nil,
                                            relevanceScore: 0, sequence: 0)
            engine.view(for: viewKind.family, snapshot, isStale: false)
        } else {
            Text(verbatim: "No ActivityConfiguration for \(Attributes.self)")
        }
    }

    /// The activity engine of the first widget type in the program whose configuration is an
    /// `ActivityConfiguration` for `attributesType` (every `Widget` has an `init()`).
    static func engine(for attributesType: String) -> ActivityEngine? {
        for case let widget as any Widget.Type in PreviewCatalog.conformingTypes(to: "Widget", in: "GlanceWidgets") {
            for descriptor in widget.init().descriptors {
                if case .activity(let engine) = descriptor.engine, engine.attributesType == attributesType { return engine }
            }
        }
        return nil
    }
}
