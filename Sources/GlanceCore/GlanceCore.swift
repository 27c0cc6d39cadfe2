// GlanceCore: the vocabulary the runtime, the panels and the host share — the one clock
// every part of a running face reads, and the display state the runtime hands the panel.
// No I/O: the clock that really waits lives in GlanceLinux.
@_exported import Foundation
