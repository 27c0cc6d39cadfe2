import Foundation

/// A live activity's Dynamic Island presentations, as WidgetKit's `DynamicIsland`.
///
/// Glance has no Dynamic Island, but a face's slots have the same shapes as its
/// presentations (Docs/Contract.md, "Presentations"): an `accessoryInline` slot shows the compact leading
/// and trailing views side by side, an `accessoryCircular` or `accessoryCorner` slot shows
/// the minimal view, and an `accessoryRectangular` slot shows the lock-screen view (the
/// `ActivityConfiguration`'s content). The expanded regions are kept but never shown: no
/// slot is as large as the expanded island.
public struct DynamicIsland {
    let expanded: AnyView
    let compactLeading: AnyView
    let compactTrailing: AnyView
    let minimal: AnyView
    var url: URL?

    /// The island's views: the expanded regions, the compact leading and trailing views, and the minimal view.
    public init<Expanded: View, CompactLeading: View, CompactTrailing: View, Minimal: View>(
        @DynamicIslandExpandedContentBuilder expanded: @escaping () -> DynamicIslandExpandedContent<Expanded>,
        @ViewBuilder compactLeading: @escaping () -> CompactLeading,
        @ViewBuilder compactTrailing: @escaping () -> CompactTrailing,
        @ViewBuilder minimal: @escaping () -> Minimal) {
        self.expanded = AnyView(expanded().content)
        self.compactLeading = AnyView(compactLeading())
        self.compactTrailing = AnyView(compactTrailing())
        self.minimal = AnyView(minimal())
    }

    /// The URL the presentations open, as `View.widgetURL`; Glance gives it to the inline and
    /// circular presentations (the lock-screen view sets its own).
    public func widgetURL(_ url: URL?) -> DynamicIsland {
        var copy = self
        copy.url = url
        return copy
    }

    /// Accepted for source compatibility: the tint of the island's border, which a panel does not have.
    public func keylineTint(_ color: Color?) -> DynamicIsland { self }

    /// Accepted for source compatibility: the island's margins; a face's slots have their own geometry.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for mode: DynamicIslandMode) -> DynamicIsland { self }

    /// Accepted for source compatibility: the island's margins; a face's slots have their own geometry.
    public func contentMargins(_ edges: Edge.Set = .all, _ insets: EdgeInsets, for mode: DynamicIslandMode) -> DynamicIsland { self }

    /// The view a slot of `family` shows, `nil` when the lock-screen view is the one.
    func view(for family: WidgetFamily) -> AnyView? {
        let view: AnyView
        switch family {
        case .accessoryInline:
            view = AnyView(HStack(spacing: 4) {
                compactLeading
                compactTrailing
            })
        case .accessoryCircular, .accessoryCorner:
            view = minimal
        default:
            return nil
        }
        guard let url else { return view }
        return AnyView(view.widgetURL(url))
    }
}

/// A presentation of the Dynamic Island, as WidgetKit's `DynamicIslandMode`.
public struct DynamicIslandMode: Sendable, Hashable {
    private let name: String
    /// The compact view before the camera.
    public static let compactLeading = DynamicIslandMode(name: "compactLeading")
    /// The compact view after the camera.
    public static let compactTrailing = DynamicIslandMode(name: "compactTrailing")
    /// The expanded island.
    public static let expanded = DynamicIslandMode(name: "expanded")
    /// The minimal view, when several activities share the island.
    public static let minimal = DynamicIslandMode(name: "minimal")
}

/// Where an expanded region sits, as WidgetKit's `DynamicIslandExpandedRegionPosition`.
public struct DynamicIslandExpandedRegionPosition: Sendable, Hashable {
    private let name: String
    /// Beside the camera, leading.
    public static let leading = DynamicIslandExpandedRegionPosition(name: "leading")
    /// Beside the camera, trailing.
    public static let trailing = DynamicIslandExpandedRegionPosition(name: "trailing")
    /// Below the camera.
    public static let center = DynamicIslandExpandedRegionPosition(name: "center")
    /// Below everything else.
    public static let bottom = DynamicIslandExpandedRegionPosition(name: "bottom")
}

/// One region of the expanded island, as WidgetKit's `DynamicIslandExpandedRegion`.
public struct DynamicIslandExpandedRegion<Content: View> {
    /// Where the region sits.
    public let position: DynamicIslandExpandedRegionPosition
    /// How much room the region gets relative to the others.
    public let priority: Double
    let content: Content

    /// A region at `position` showing `content`.
    public init(_ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content) {
        self.position = position
        self.priority = priority
        self.content = content()
    }

    /// Accepted for source compatibility (regions are not shown; see `DynamicIsland`).
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?) -> DynamicIslandExpandedRegion { self }
}

/// The expanded island's regions, as WidgetKit's `DynamicIslandExpandedContent`.
public struct DynamicIslandExpandedContent<Content: View> {
    let content: Content
    /// The regions' positions, in the order written.
    let positions: [DynamicIslandExpandedRegionPosition]
}

/// Builds the expanded island from its regions, as WidgetKit's `DynamicIslandExpandedContentBuilder`.
@resultBuilder
public enum DynamicIslandExpandedContentBuilder {
    /// One region.
    public static func buildExpression<Content: View>(_ region: DynamicIslandExpandedRegion<Content>) -> DynamicIslandExpandedContent<AnyView> {
        DynamicIslandExpandedContent(content: AnyView(region.content), positions: [region.position])
    }

    /// Regions built elsewhere: a helper marked `@DynamicIslandExpandedContentBuilder` that
    /// returns `DynamicIslandExpandedContent<some View>`, called inside `expanded:`.
    public static func buildExpression<Content: View>(_ content: DynamicIslandExpandedContent<Content>) -> DynamicIslandExpandedContent<AnyView> {
        DynamicIslandExpandedContent(content: AnyView(content.content), positions: content.positions)
    }

    /// Regions under `if #available`.
    public static func buildLimitedAvailability(_ regions: DynamicIslandExpandedContent<AnyView>) -> DynamicIslandExpandedContent<AnyView> { regions }

    /// The regions of a block, in order.
    public static func buildBlock(_ regions: DynamicIslandExpandedContent<AnyView>...) -> DynamicIslandExpandedContent<AnyView> {
        DynamicIslandExpandedContent(content: AnyView(VStack(spacing: 0) { ForEach(regions.indices, id: \.self) { regions[$0].content } }),
                                     positions: regions.flatMap(\.positions))
    }

    /// Regions under `if`.
    public static func buildOptional(_ regions: DynamicIslandExpandedContent<AnyView>?) -> DynamicIslandExpandedContent<AnyView> {
        regions ?? DynamicIslandExpandedContent(content: AnyView(EmptyView()), positions: [])
    }

    /// Regions of the first branch of `if`/`else`.
    public static func buildEither(first regions: DynamicIslandExpandedContent<AnyView>) -> DynamicIslandExpandedContent<AnyView> { regions }

    /// Regions of the second branch of `if`/`else`.
    public static func buildEither(second regions: DynamicIslandExpandedContent<AnyView>) -> DynamicIslandExpandedContent<AnyView> { regions }
}

/// Where a view of an expanded region sits vertically, as WidgetKit's
/// `DynamicIslandExpandedRegionVerticalPlacement`.
public struct DynamicIslandExpandedRegionVerticalPlacement: Sendable, Hashable {
    private let name: String

    /// The system's default placement.
    public static let `default` = DynamicIslandExpandedRegionVerticalPlacement(name: "default")
    /// Below the camera, for content too wide to sit beside it.
    public static let belowIfTooWide = DynamicIslandExpandedRegionVerticalPlacement(name: "belowIfTooWide")
}

extension View {
    /// Accepted for source compatibility: where a view of an expanded region sits; Glance never
    /// shows the expanded island (see `DynamicIsland`).
    public func dynamicIsland(verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement) -> some View { self }

    /// Accepted for source compatibility: the tint behind a live activity on Apple's Lock
    /// Screen. Face slots never show a background (as `containerBackground` in accessory slots).
    public func activityBackgroundTint(_ color: Color?) -> some View { self }

    /// Accepted for source compatibility: the color of the system's buttons beside a live
    /// activity (such as Clear), which a panel does not show.
    public func activitySystemActionForegroundColor(_ color: Color?) -> some View { self }
}
