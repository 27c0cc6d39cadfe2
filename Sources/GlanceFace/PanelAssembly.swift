import GlanceGraphics
import GlancePanels

/// A board's display put together: the controller driver over its bus (or an in-process
/// emulator) behind a `PanelPipeline` and the `PanelDisplay` that owns the glass. GlanceHost's
/// `PanelAssembly.open(board:…)` puts it together from the board file (Linux I2C, SPI, GPIO).
///
/// Pictures are drawn in the board's orientation (250×122 for the 2.13" e-paper, whose
/// controller is 122×250 portrait: the assembly adds the quarter turn) and with lit meaning
/// foreground; the display turns that into ink where the controller is e-paper.
package struct PanelAssembly: Sendable {
    /// Where pictures and the display state go.
    package let display: PanelDisplay
    /// What the glass shows in the board's orientation, for emulated panels (the simulator
    /// draws it): lit pixels at their brightness relative to the normal level; nil on hardware.
    package let glass: (@Sendable () async -> Bitmap)?

    package init(display: PanelDisplay, glass: (@Sendable () async -> Bitmap)?) {
        self.display = display
        self.glass = glass
    }

    /// The pipeline under the display.
    package var pipeline: PanelPipeline { display.pipeline }

    /// The size pictures are drawn at.
    package var pictureSize: Size { display.pictureSize }
}
