// Imports Intents alone: the base classes of the classes Xcode generates from an
// `.intentdefinition` file.
import Intents
import Testing

/// As Xcode generates an object type.
private final class Station: INObject {}

/// As Xcode generates a custom intent.
private final class SelectStationIntent: INIntent {
    var station: Station?
}

@Suite struct IntentsImportTests {
    @Test func generatedIntentAndObjectClassesCompileWithIntentsAlone() {
        let intent = SelectStationIntent()
        intent.station = Station(identifier: "fip", display: "FIP")
        #expect(intent.station?.identifier == "fip")
        #expect(intent.station?.displayString == "FIP")
        #expect((intent.copy() as? SelectStationIntent) != nil)
    }
}
