import CPreviewDiscovery
import Foundation
import GlanceCore

// MARK: - The macros

/// Declares a preview of a view, as SwiftUI's `#Preview { … }`: `glance preview --all` draws it.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "GlancePreviewMacros", type: "PreviewMacro")

/// Declares a preview of a view with traits such as `.sizeThatFitsLayout`, as SwiftUI's.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
                     @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "GlancePreviewMacros", type: "PreviewMacro")

// MARK: - Preview

/// One declared preview, as DeveloperToolsSupport's `Preview`: what a `#Preview` macro
/// expands into. Glance draws it to one or more images (`glance preview --all`).
@MainActor
public struct Preview {
    /// The traits of a view preview.
    public enum ViewTraits {}

    /// The name given to the macro, if any.
    public let displayName: String?
    /// Draws the preview: one image per view, timeline entry or content state.
    package let images: @MainActor (PreviewSettings) async throws -> [PreviewImage]

    package init(displayName: String?, images: @escaping @MainActor (PreviewSettings) async throws -> [PreviewImage]) {
        self.displayName = displayName
        self.images = images
    }

    /// A preview of a view; `#Preview { … }` expands into a call of this initializer.
    public init(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>...,
                @ViewBuilder body: @escaping @MainActor () -> any View) {
        var layout = PreviewLayout.device
        for trait in traits {
            if let traitLayout = trait.layout { layout = traitLayout }
        }
        self.init(displayName: name) { [layout] settings in
            PreviewItems.render(body(), defaultLayout: layout, settings: settings)
        }
    }
}

/// A trait of a preview, as DeveloperToolsSupport's `PreviewTrait`.
public struct PreviewTrait<T> {
    /// The size the preview is drawn at, when the trait sets one.
    let layout: PreviewLayout?
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// The panel's size: 128×64, or the family's slot with `.previewContext`.
    public static var defaultLayout: PreviewTrait<T> { PreviewTrait(layout: .device) }
    /// Just large enough for the view.
    public static var sizeThatFitsLayout: PreviewTrait<T> { PreviewTrait(layout: .sizeThatFits) }
    /// A fixed size in pixels.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait<T> {
        PreviewTrait(layout: .fixed(width: width, height: height))
    }
    /// Accepted; panels do not rotate in previews.
    public static var portrait: PreviewTrait<T> { PreviewTrait(layout: nil) }
    /// Accepted; panels do not rotate in previews.
    public static var landscapeLeft: PreviewTrait<T> { PreviewTrait(layout: nil) }
    /// Accepted; panels do not rotate in previews.
    public static var landscapeRight: PreviewTrait<T> { PreviewTrait(layout: nil) }
    /// Accepted; panels do not rotate in previews.
    public static var portraitUpsideDown: PreviewTrait<T> { PreviewTrait(layout: nil) }
}

/// The size a preview is drawn at, as SwiftUI's `PreviewLayout`.
public enum PreviewLayout: Sendable, Hashable {
    /// The panel: 128×64, or the family's slot size with `.previewContext`.
    case device
    /// Just large enough for the view (at most 1024×1024).
    case sizeThatFits
    /// A fixed size in pixels.
    case fixed(width: CGFloat, height: CGFloat)
}

/// The context a preview is drawn in, as SwiftUI's `PreviewContext`; Glance knows one,
/// `WidgetPreviewContext`.
public protocol PreviewContext {}

/// The family a view preview is drawn in, as WidgetKit's `WidgetPreviewContext`.
public struct WidgetPreviewContext: PreviewContext, Sendable, Hashable {
    /// The family.
    public let family: WidgetFamily

    /// A context drawing the view in `family`'s slot, with the family in the environment.
    public init(family: WidgetFamily) {
        self.family = family
    }
}

/// A type whose `previews` Xcode shows, as SwiftUI's `PreviewProvider` (the form before
/// `#Preview`). `glance preview --all` draws every view of `previews`.
@MainActor @preconcurrency
public protocol PreviewProvider {
    /// The type of the previews.
    associatedtype Previews: View
    /// The views to preview, each with its own `.previewContext` or `.previewLayout`.
    @ViewBuilder static var previews: Previews { get }
}

/// What `#Preview` expands into: a type the preview catalog finds at run time, as
/// DeveloperToolsSupport's `PreviewRegistry`.
public protocol PreviewRegistry {
    /// The file the macro was written in (`Module/File.swift`).
    static var fileID: String { get }
    /// Its line.
    static var line: Int { get }
    /// Its column.
    static var column: Int { get }
    /// The preview.
    @MainActor static func makePreview() throws -> Preview
}

// MARK: - Preview modifiers

extension View {
    /// Draws this view in `context`'s family in previews (the slot's size, the family in the
    /// environment); outside previews the family is set for the view.
    public func previewContext<C: PreviewContext>(_ value: C) -> some View {
        PreviewTraitsView(content: self, traits: PreviewItemTraits(family: (value as? WidgetPreviewContext)?.family))
    }

    /// The name this view's preview image gets.
    public func previewDisplayName(_ value: String?) -> some View {
        PreviewTraitsView(content: self, traits: PreviewItemTraits(name: value))
    }

    /// The size this view's preview is drawn at.
    public func previewLayout(_ value: PreviewLayout) -> some View {
        PreviewTraitsView(content: self, traits: PreviewItemTraits(layout: value))
    }

    /// Accepted and ignored: previews are drawn at the panel's size, not a device's.
    public func previewDevice(_ value: PreviewDevice?) -> some View { self }
}

/// A device to preview on, as SwiftUI's `PreviewDevice`; previews ignore it.
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

/// What the preview modifiers say about one preview image.
struct PreviewItemTraits: Sendable {
    var name: String?
    var family: WidgetFamily?
    var layout: PreviewLayout?

    /// These traits, with `outer`'s filling what these leave unset (inner modifiers win).
    func under(_ outer: PreviewItemTraits) -> PreviewItemTraits {
        PreviewItemTraits(name: name ?? outer.name, family: family ?? outer.family, layout: layout ?? outer.layout)
    }
}

/// A view carrying preview traits; drawn as its content, in the family it names.
struct PreviewTraitsView<Content: View>: View, PrimitiveView {
    let content: Content
    let traits: PreviewItemTraits

    var body: Never { neverBody() }

    func makeNodes(in environment: EnvironmentValues) -> [LayoutNode] {
        var environment = environment
        if let family = traits.family { environment.widgetFamily = family }
        return GlanceUI.makeNodes(content, in: environment)
    }
}

// MARK: - Splitting previews into images

/// A view that stands for several preview images (a tuple, a group), or carries traits.
protocol PreviewItemSource {
    func previewItems() -> [PreviewItem]
}

/// One image of a preview: a view and its traits.
struct PreviewItem {
    var view: AnyView
    var traits = PreviewItemTraits()
}

extension TupleView: PreviewItemSource {
    func previewItems() -> [PreviewItem] {
        var items = [PreviewItem]()
        for view in repeat each value {
            items += PreviewItems.split(view)
        }
        return items
    }
}

extension Group: PreviewItemSource {
    func previewItems() -> [PreviewItem] { PreviewItems.split(content) }
}

extension _ConditionalContent: PreviewItemSource {
    func previewItems() -> [PreviewItem] {
        switch storage {
        case .trueContent(let view): PreviewItems.split(view)
        case .falseContent(let view): PreviewItems.split(view)
        }
    }
}

extension ForEach: PreviewItemSource where Content: View {
    func previewItems() -> [PreviewItem] { data.flatMap { PreviewItems.split(content($0)) } }
}

extension PreviewTraitsView: PreviewItemSource {
    func previewItems() -> [PreviewItem] {
        PreviewItems.split(content).map { item in
            PreviewItem(view: AnyView(PreviewTraitsView<AnyView>(content: item.view, traits: traits)),
                        traits: item.traits.under(traits))
        }
    }
}

extension EnvironmentModifierView: PreviewItemSource {
    func previewItems() -> [PreviewItem] {
        PreviewItems.split(content).map { item in
            PreviewItem(view: AnyView(EnvironmentModifierView<AnyView>(content: item.view, transform: transform)), traits: item.traits)
        }
    }
}

enum PreviewItems {
    /// The preview images `view` stands for: one per member of a tuple, group or `ForEach`,
    /// with the traits of the preview modifiers around it.
    static func split<V: View>(_ view: V) -> [PreviewItem] {
        if let source = view as? any PreviewItemSource { return source.previewItems() }
        return [PreviewItem(view: AnyView(view))]
    }

    /// Draws every image of `view`.
    @MainActor
    static func render(_ view: any View, defaultLayout: PreviewLayout, settings: PreviewSettings) -> [PreviewImage] {
        let date = settings.date ?? settings.time.now
        return split(view).map { item in
            let family = item.traits.family
            let size: Size
            switch item.traits.layout ?? defaultLayout {
            case .device:
                size = family?.defaultSlotSize ?? Size(width: 128, height: 64)
            case .fixed(let width, let height):
                size = Size(width: min(4096, max(1, Int(width.rounded()))), height: min(4096, max(1, Int(height.rounded()))))
            case .sizeThatFits:
                size = ViewRenderer.idealSize(item.view, environment: settings.environment(family: family ?? .accessoryRectangular),
                                              at: date, antialiased: settings.antialiased, limit: Size(width: 1024, height: 1024))
            }
            return PreviewImage(label: item.traits.name ?? family?.rawValue ?? "",
                                bitmap: settings.image(of: item.view, family: family ?? .accessoryRectangular, size: size, at: date))
        }
    }
}

extension WidgetFamily {
    /// The slot a family gets when nothing says otherwise: 128×64 rectangular, 64×64
    /// circular and corner, 128×16 inline (the slots of a 128×64 panel's faces); the system
    /// families get the smallest slot a face gives them, cells of 120×120 pixels as on the
    /// Home Screen's grid: small 120×120, medium 240×120, large 240×240, extra large 480×240.
    public var defaultSlotSize: Size {
        switch self {
        case .accessoryRectangular: Size(width: 128, height: 64)
        case .accessoryCircular, .accessoryCorner: Size(width: 64, height: 64)
        case .accessoryInline: Size(width: 128, height: 16)
        case .systemSmall: Size(width: 120, height: 120)
        case .systemMedium: Size(width: 240, height: 120)
        case .systemLarge: Size(width: 240, height: 240)
        case .systemExtraLarge: Size(width: 480, height: 240)
        }
    }
}

// MARK: - Drawing

/// How previews are drawn: the moment, the panel's kind and what views read.
public struct PreviewSettings: Sendable {
    /// The clock for provider timeouts and the moment drawn when `date` is nil.
    public var time: any HostClock
    /// The moment drawn; nil draws timeline entries at their own dates and the rest now.
    public var date: Date?
    /// Soft edges, as on a gray panel.
    public var antialiased: Bool
    /// Drawn as in always-on.
    public var luminanceReduced: Bool
    /// Named colors and images.
    public var assets: any AssetCatalog
    /// What `@AppStorage` reads.
    public var defaults: any KeyValueStore
    /// Where a missing asset or symbol is reported.
    public var warnings: WarningSink

    public init(time: any HostClock, date: Date? = nil, antialiased: Bool = false, luminanceReduced: Bool = false,
                assets: any AssetCatalog = EmptyAssetCatalog(), defaults: any KeyValueStore = EmptyKeyValueStore(),
                warnings: WarningSink = .ignore) {
        self.time = time
        self.date = date
        self.antialiased = antialiased
        self.luminanceReduced = luminanceReduced
        self.assets = assets
        self.defaults = defaults
        self.warnings = warnings
    }

    /// `view` drawn in `family`'s environment at `size` (the family's slot when nil) at `date`.
    package func image<V: View>(of view: V, family: WidgetFamily, size: Size? = nil, at date: Date) -> Bitmap {
        ViewRenderer.render(view, size: size ?? family.defaultSlotSize, environment: environment(family: family), at: date,
                            antialiased: antialiased).bitmap
    }

    /// The environment a preview in `family` is drawn with.
    package func environment(family: WidgetFamily) -> EnvironmentValues {
        EnvironmentValues(widgetFamily: family, assets: assets, defaults: defaults, warnings: warnings, luminanceReduced: luminanceReduced)
    }
}

/// One drawn image of a preview.
public struct PreviewImage: Sendable {
    /// What it shows: the family, the entry's index, the display name.
    public var label: String
    /// The pixels.
    public var bitmap: Bitmap

    public init(label: String, bitmap: Bitmap) {
        self.label = label
        self.bitmap = bitmap
    }
}

// MARK: - Finding the declared previews

/// A preview declared in the program, with where it was declared.
@MainActor
public struct DeclaredPreview {
    /// The display name, else the type (`PreviewProvider`) or `File.swift:line` (`#Preview`).
    public let name: String
    /// `Module/File.swift:line`, or the provider type's name.
    public let source: String
    /// The preview.
    public let preview: Preview
}

/// The previews this program declares, with `#Preview` or `PreviewProvider`.
public enum PreviewCatalog {
    /// Every declared preview: `#Preview`s in file and line order, then `PreviewProvider`s by name.
    /// - Throws: what a preview's `makePreview()` threw.
    @MainActor
    public static func declared() throws -> [DeclaredPreview] {
        var macros = [(file: String, line: Int, preview: DeclaredPreview)]()
        for case let registry as any PreviewRegistry.Type in conformingTypes(to: "PreviewRegistry") {
            let preview = try registry.makePreview()
            let source = "\(registry.fileID):\(registry.line)"
            let file = registry.fileID.split(separator: "/").last.map(String.init) ?? registry.fileID
            macros.append((registry.fileID, registry.line,
                           DeclaredPreview(name: preview.displayName ?? "\(file):\(registry.line)", source: source, preview: preview)))
        }
        var providers = [DeclaredPreview]()
        for case let provider as any PreviewProvider.Type in conformingTypes(to: "PreviewProvider") {
            let name = String(describing: provider)
            providers.append(DeclaredPreview(name: name, source: String(reflecting: provider), preview: preview(of: provider)))
        }
        return macros.sorted { ($0.file, $0.line) < ($1.file, $1.line) }.map(\.preview) + providers.sorted { $0.name < $1.name }
    }

    @MainActor
    private static func preview<P: PreviewProvider>(of provider: P.Type) -> Preview {
        Preview(displayName: nil) { settings in
            PreviewItems.render(P.previews, defaultLayout: .device, settings: settings)
        }
    }

    /// The types conforming to the protocol `name` of `module` (GlanceUI's by default), in
    /// every loaded image.
    package static func conformingTypes(to name: String, in module: String = "GlanceUI") -> [Any.Type] {
        var types = [Any.Type]()
        withUnsafeMutablePointer(to: &types) { list in
            glance_enumerate_conformances(module, name, { metadata, context in
                let list = context!.assumingMemoryBound(to: [Any.Type].self)
                list.pointee.append(unsafeBitCast(metadata, to: Any.Type.self))
            }, list)
        }
        return types
    }
}
