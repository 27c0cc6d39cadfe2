extension Color {
    /// A color from hue, saturation and brightness, each 0…1, as SwiftUI's
    /// `Color(hue:saturation:brightness:opacity:)`.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let (red, green, blue) = hsbToRGB(hue: hue, saturation: saturation, brightness: brightness)
        self.init(red: red, green: green, blue: blue, opacity: opacity)
    }
}
