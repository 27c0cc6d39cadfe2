import Foundation

/// Colors at positions along a ramp, as SwiftUI's `Gradient`. As a shape style it paints a
/// ramp from top to bottom; `LinearGradient`, `RadialGradient` and `AngularGradient` place it.
///
/// Gray panels show gradients smoothly; on 1-bit panels the pipeline dithers their grays.
public struct Gradient: Hashable, Sendable, ShapeStyle {
    /// One color of a gradient and where it sits (0…1).
    public struct Stop: Hashable, Sendable {
        /// The color at this stop.
        public var color: Color
        /// Where the stop sits along the ramp, 0…1.
        public var location: CGFloat

        /// Creates a stop.
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    /// The stops, in order.
    public var stops: [Stop]

    /// A gradient through `stops`.
    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// A gradient through `colors`, spaced evenly from 0 to 1.
    public init(colors: [Color]) {
        let last = max(1, colors.count - 1)
        stops = colors.enumerated().map { Stop(color: $0.element, location: CGFloat($0.offset) / CGFloat(last)) }
    }

    public func resolve(in environment: EnvironmentValues) -> Tone { paint(.linear(start: .top, end: .bottom), in: environment).meanTone }

    /// The gradient placed by `kind`, with its colors resolved in `environment`.
    func paint(_ kind: GradientPaint.Kind, in environment: EnvironmentValues) -> GradientPaint {
        GradientPaint(kind: kind, stops: stops.map { stop in
            let tone = stop.color.resolve(in: environment)
            return Shading.Stop(location: Double(stop.location), level: tone.level, opacity: tone.opacity, rgb: tone.rgb)
        })
    }
}

extension Gradient: GradientShapeStyle {
    func gradientPaint(in environment: EnvironmentValues) -> GradientPaint? { paint(.linear(start: .top, end: .bottom), in: environment) }
}

/// A type-erased gradient (what `Color.gradient` returns); as a style it runs top to bottom.
public struct AnyGradient: Hashable, Sendable, ShapeStyle {
    let gradient: Gradient

    /// Wraps `gradient`.
    public init(_ gradient: Gradient) {
        self.gradient = gradient
    }

    public func resolve(in environment: EnvironmentValues) -> Tone { gradient.resolve(in: environment) }
}

extension AnyGradient: GradientShapeStyle {
    func gradientPaint(in environment: EnvironmentValues) -> GradientPaint? { gradient.gradientPaint(in: environment) }
}

extension Color {
    /// A gentle ramp from a lighter version of this color at the top to the color itself.
    public var gradient: AnyGradient {
        AnyGradient(Gradient(colors: [Color(white: min(1, lightness + 0.15), opacity: alpha), self]))
    }
}

/// A gradient along a line between two unit points of the filled shape's frame, as SwiftUI's
/// `LinearGradient`. It is also a view that fills its frame.
public struct LinearGradient: ShapeStyle, View, Sendable {
    let gradient: Gradient
    let startPoint: UnitPoint
    let endPoint: UnitPoint

    /// A linear gradient from `startPoint` to `endPoint`.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// A linear gradient through evenly spaced `colors`.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    /// A linear gradient through `stops`.
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    public func resolve(in environment: EnvironmentValues) -> Tone { gradient.resolve(in: environment) }
    public var body: some View { Rectangle().fill(self) }
}

extension LinearGradient: GradientShapeStyle {
    func gradientPaint(in environment: EnvironmentValues) -> GradientPaint? {
        gradient.paint(.linear(start: startPoint, end: endPoint), in: environment)
    }
}

/// A gradient by distance from a centre, as SwiftUI's `RadialGradient` (radii in points).
public struct RadialGradient: ShapeStyle, View, Sendable {
    let gradient: Gradient
    let center: UnitPoint
    let startRadius: CGFloat
    let endRadius: CGFloat

    /// A radial gradient from `startRadius` to `endRadius` around `center`.
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }

    /// A radial gradient through evenly spaced `colors`.
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// A radial gradient through `stops`.
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    public func resolve(in environment: EnvironmentValues) -> Tone { gradient.resolve(in: environment) }
    public var body: some View { Rectangle().fill(self) }
}

extension RadialGradient: GradientShapeStyle {
    func gradientPaint(in environment: EnvironmentValues) -> GradientPaint? {
        gradient.paint(.radial(center: center, startRadius: Double(startRadius), endRadius: Double(endRadius)), in: environment)
    }
}

/// A gradient by angle around a centre, as SwiftUI's `AngularGradient` (a conic gradient);
/// angles run clockwise from 3 o'clock.
public struct AngularGradient: ShapeStyle, View, Sendable {
    let gradient: Gradient
    let center: UnitPoint
    let startAngle: Angle
    let endAngle: Angle

    /// An angular gradient from `startAngle` to `endAngle`; equal angles make a full turn.
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
    }

    /// An angular gradient through evenly spaced `colors`.
    public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// An angular gradient through `stops`.
    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// A full-turn angular gradient starting at `angle`.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }

    /// A full-turn angular gradient through evenly spaced `colors`, starting at `angle`.
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }

    /// A full-turn angular gradient through `stops`, starting at `angle`.
    public init(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, angle: angle)
    }

    public func resolve(in environment: EnvironmentValues) -> Tone { gradient.resolve(in: environment) }
    public var body: some View { Rectangle().fill(self) }
}

extension AngularGradient: GradientShapeStyle {
    func gradientPaint(in environment: EnvironmentValues) -> GradientPaint? {
        let end = endAngle == startAngle ? startAngle + .degrees(360) : endAngle
        return gradient.paint(.angular(center: center, startAngle: startAngle.degrees, endAngle: end.degrees), in: environment)
    }
}

extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient from `startPoint` to `endPoint`.
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient through `colors`.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient through `stops`.
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// A radial gradient around `center`.
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient through `colors`.
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// An angular gradient around `center`.
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// An angular gradient through `colors`.
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
}

/// A gradient ready to draw: its placement in unit space and its stops as gray tones.
struct GradientPaint: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case linear(start: UnitPoint, end: UnitPoint)
        case radial(center: UnitPoint, startRadius: Double, endRadius: Double)
        case angular(center: UnitPoint, startAngle: Double, endAngle: Double)
    }

    var kind: Kind
    var stops: [Shading.Stop]

    /// The average tone, for places that paint one tone (text, symbols).
    var meanTone: Tone {
        guard !stops.isEmpty else { return Tone(level: 0, opacity: 0) }
        let level = stops.reduce(0) { $0 + Int($1.level) } / stops.count
        let opacity = stops.reduce(0) { $0 + Int($1.opacity) } / stops.count
        let colors = stops.map(\.color.rgb)
        func mean(_ channel: KeyPath<RGB, UInt8>) -> UInt8 { UInt8(colors.reduce(0) { $0 + Int($1[keyPath: channel]) } / colors.count) }
        let rgb = stops.allSatisfy { $0.rgb == nil } ? nil : RGB(red: mean(\.red), green: mean(\.green), blue: mean(\.blue))
        return Tone(level: UInt8(level), opacity: UInt8(opacity), rgb: rgb)
    }

    /// The same gradient with every stop's opacity scaled by `factor`.
    func fading(_ factor: Double) -> GradientPaint {
        var copy = self
        copy.stops = stops.map { stop in
            var stop = stop
            stop.opacity = UInt8((Double(stop.opacity) * min(1, max(0, factor))).rounded())
            return stop
        }
        return copy
    }

    /// The shading of this gradient laid over `rect`.
    func shading(in rect: Rect) -> Shading {
        func point(_ unit: UnitPoint) -> PointF {
            PointF(x: Double(rect.minX) + Double(rect.width) * Double(unit.x), y: Double(rect.minY) + Double(rect.height) * Double(unit.y))
        }
        switch kind {
        case .linear(let start, let end):
            return Shading(.linear(from: point(start), to: point(end)), stops: stops)
        case .radial(let center, let startRadius, let endRadius):
            return Shading(.radial(center: point(center), startRadius: startRadius, endRadius: endRadius), stops: stops)
        case .angular(let center, let startAngle, let endAngle):
            return Shading(.angular(center: point(center), startAngle: startAngle, endAngle: endAngle), stops: stops)
        }
    }
}
