import Foundation

/// The screen a face is drawn on, as UIKit's `UIScreen`: widget code reads
/// `UIScreen.main.bounds` to size things for small and large phones, and on a panel the answer
/// is the panel (as `WKInterfaceDevice.current()` answers on a watch).
public final class UIScreen: Sendable {
    /// The panel's bounds in points: its size in pixels divided by `scale`.
    public let bounds: CGRect
    /// Pixels per point (the face's display scale).
    public let scale: CGFloat
    /// The panel's bounds in pixels.
    public let nativeBounds: CGRect
    /// Pixels per point of the physical panel, the same as `scale` on a panel.
    public var nativeScale: CGFloat { scale }

    init(panel: PanelDescription?, scale: CGFloat) {
        let scale = scale > 0 ? scale : 1
        let pixels = panel?.size ?? .zero
        bounds = CGRect(x: 0, y: 0, width: pixels.width / scale, height: pixels.height / scale)
        nativeBounds = CGRect(origin: .zero, size: pixels)
        self.scale = scale
    }

    /// The screen the current face is drawn on: while a view's `body` is evaluated, its panel;
    /// elsewhere (a timeline provider, a test without a face) a screen with empty bounds.
    public class var main: UIScreen {
        let environment = EnvironmentValues.current
        return UIScreen(panel: environment.panel, scale: environment.displayScale)
    }
}
