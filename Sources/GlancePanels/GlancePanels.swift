// GlancePanels: command/data buses, transport protocols, panel controllers, byte-decoding
// controller emulators, frame diffing and capture files. No I/O beyond the transports it is handed.
import GlanceGraphics
