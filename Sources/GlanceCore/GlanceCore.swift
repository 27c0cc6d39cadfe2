// GlanceCore: the vocabulary the runtime, the panels and the host share — the one clock
// every part of a running face reads, and the display state the runtime hands the panel.
// No I/O: the clock that really waits lives in GlanceLinux.
@_exported import Foundation

/// Marks where a widget's own code runs (its provider, its views' `body`), so that a crash in
/// it is blamed on that widget: the host's crash guard records the name a fatal signal
/// interrupts, and the next start quarantines the widget. Calls must be cheap and never block.
public protocol WidgetCodeGuard: Sendable {
    /// Code of widget `kind` runs from now.
    func enter(_ kind: String)
    /// No widget code runs from now.
    func leave()
}
