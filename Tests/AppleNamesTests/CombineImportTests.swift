// Imports Combine alone: `ObservableObject`, `@Published` and the top-level coder protocols.
import Combine
import Testing

private final class TideModel: ObservableObject {
    @Published var metres = 3
}

@Suite struct CombineImportTests {
    @Test func observableObjectsAndTopLevelDecodersCompileWithCombineAlone() throws {
        let model = TideModel()
        model.metres += 1
        model.objectWillChange.send()
        #expect(model.metres == 4)
        func decode<D: TopLevelDecoder>(_ decoder: D, _ input: D.Input) throws -> Int { try decoder.decode(Int.self, from: input) }
        #expect(try decode(JSONDecoder(), Data("7".utf8)) == 7)
    }
}
