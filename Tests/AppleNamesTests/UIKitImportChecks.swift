import Foundation
import Testing

@Suite struct UIKitImportChecks {
    @Test func fontMetricsAndColorsCompileWithUIKitAlone() {
        #expect(UIKitImport.metricsKeepTheBodyFont())
        #expect(UIKitImport.scaledTwelve() == 12)
        #expect(UIKitImport.redIsNotBlue())
        #expect(UIKitImport.screenWidth() == 0)
    }
}
