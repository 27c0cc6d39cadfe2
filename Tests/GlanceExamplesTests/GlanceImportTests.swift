#if URLSession
import Foundation
import Glance
import Testing

/// A provider written with `import Glance` instead of WidgetKit's name calls URLSession as it
/// does on iOS, where `import Foundation` brings it: under the URLSession trait `Glance`
/// re-exports FoundationNetworking as the Apple-named modules do.
@Suite struct GlanceImportTests {
    @Test func urlSessionIsSeenThroughGlance() {
        let session: URLSession = .shared
        #expect(session.configuration.timeoutIntervalForRequest > 0)
    }
}
#endif
