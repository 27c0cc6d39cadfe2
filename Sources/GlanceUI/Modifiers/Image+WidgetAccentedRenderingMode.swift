import Foundation

extension Image {
    /// How this image is drawn when the widget is in `accented` rendering mode, as WidgetKit's
    /// `Image.widgetAccentedRenderingMode(_:)`.
    ///
    /// `.accented` and `.accentedDesaturated` put the image in the accent group (as
    /// `widgetAccentable()`), `.desaturated` and `nil` leave it in the default group, and
    /// `.fullColor` draws it with its own tones instead of the group's. Panels are gray, so
    /// "desaturated" and "luminance as alpha" are how every image is drawn already. Outside
    /// `accented` mode nothing changes.
    public func widgetAccentedRenderingMode(_ renderingMode: WidgetAccentedRenderingMode?) -> some View {
        modifyEnvironment { environment in
            guard environment.widgetRenderingMode == .accented else { return }
            switch renderingMode {
            case .accented?, .accentedDesaturated?:
                environment.isAccentGroup = true
            case .fullColor?:
                environment.widgetRenderingMode = .fullColor
            case .desaturated?, nil:
                break
            }
        }
    }
}
