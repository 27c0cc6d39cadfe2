// Imports WatchKit alone: `WKInterfaceDevice`.
import Testing
import WatchKit

@Suite struct WatchKitImportTests {
    @Test func interfaceDeviceCompilesWithWatchKitAlone() {
        // No face is being drawn here, so there is no panel to measure.
        #expect(WKInterfaceDevice.current().screenBounds == .zero)
        #expect(WKInterfaceDevice.current().screenScale == 1)
    }
}
