// GlanceUI: the SwiftUI-style view language (View, @ViewBuilder, stacks, Text, Image, shapes,
// Gauge, ProgressView), its layout engine and its renderer into GlanceGraphics bitmaps.
@_exported import Foundation
@_exported import GlanceGraphics
@_exported import GlanceCombine
