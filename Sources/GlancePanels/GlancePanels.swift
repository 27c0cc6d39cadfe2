// GlancePanels: command/data buses, transport protocols, panel controllers, byte-decoding
// controller emulators, the display that owns the glass, frame diffing and capture files.
// No I/O beyond the transports it is handed.
@_exported import GlanceCore
import GlanceGraphics
