import Foundation

/// The device a face is drawn on, as WatchKit's `WKInterfaceDevice`: watch complications
/// read `current().screenBounds` to fit small and large watches, and on a panel the answer
/// is the panel.
public final class WKInterfaceDevice: Sendable {
    /// The panel's bounds in points: its size in pixels divided by `screenScale`.
    public let screenBounds: CGRect
    /// Pixels per point (the face's display scale).
    public let screenScale: CGFloat
    /// The device's name: the board's name from glance.yaml (empty outside a face).
    public let name: String
    /// The kind of device.
    public let model: String
    /// The operating system's name.
    public let systemName: String
    /// The operating system's version.
    public let systemVersion: String

    init(panel: PanelDescription?, scale: CGFloat) {
        let scale = scale > 0 ? scale : 1
        let pixels = panel?.size ?? .zero
        screenBounds = CGRect(x: 0, y: 0, width: pixels.width / scale, height: pixels.height / scale)
        screenScale = scale
        name = panel?.name ?? ""
        model = "Glance panel"
        systemName = "Linux"
        let version = ProcessInfo.processInfo.operatingSystemVersion
        systemVersion = "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
    }

    /// The device the current face is drawn on: while a view's `body` is evaluated, the panel
    /// of that face; elsewhere (a timeline provider, a test without a face) a device with
    /// empty bounds, because no panel is being drawn.
    public class func current() -> WKInterfaceDevice {
        let environment = EnvironmentValues.current
        return WKInterfaceDevice(panel: environment.panel, scale: environment.displayScale)
    }
}

/// The panel a face is drawn on, which the runtime installs in every widget's environment.
package struct PanelDescription: Sendable, Hashable {
    /// The panel's size in pixels.
    package var size: CGSize
    /// The board's name.
    package var name: String

    package init(size: CGSize, name: String) {
        self.size = size
        self.name = name
    }
}

private struct PanelKey: EnvironmentKey { static let defaultValue: PanelDescription? = nil }

extension EnvironmentValues {
    /// The panel the face is drawn on; nil outside a face.
    package var panel: PanelDescription? {
        get { self[PanelKey.self] }
        set { self[PanelKey.self] = newValue }
    }
}
