// Imports SwiftUI alone: in Apple's SDK `Widget`, `WidgetBundle`, `WidgetConfiguration` and
// `@WidgetBundleBuilder` are SwiftUI's, so widget code written against them compiles here too.
import SwiftUI
import Testing

extension WidgetConfiguration {
    /// A configuration helper of the kind apps write in a file that imports only SwiftUI.
    func unchanged() -> some WidgetConfiguration { self }
}

struct UnchangedStepsWidget: Widget {
    var body: some WidgetConfiguration { StepsWidget().body.unchanged() }
}

struct SwiftUIOnlyBundle: WidgetBundle {
    @WidgetBundleBuilder
    var body: some Widget {
        StepsWidget()
    }
}

@Suite struct SwiftUIWidgetNamesTests {
    @Test func aBundleDeclaredWithSwiftUIAloneListsItsWidgets() {
        #expect(SwiftUIOnlyBundle().widgetDescriptors.map(\.kind) == StepsWidget().descriptors.map(\.kind))
        #expect(UnchangedStepsWidget().descriptors.map(\.kind) == StepsWidget().descriptors.map(\.kind))
    }
}
