import Testing
@testable import GlanceUI

private struct PlainIntentLike {}
private enum Outer {
    struct Nested {}
}
private struct Pair<First, Second> {}
private final class Lamp {}

/// `IntentReference.name(of:)` stands in for `String(describing:)` on types (configuration
/// files bind intents by these names): it must write exactly the same.
@Suite struct TypeNameTests {
    @Test(arguments: [PlainIntentLike.self, Outer.Nested.self, Pair<Int, [String]>.self, Pair<Outer.Nested, Lamp?>.self,
                      Lamp.self, Int?.self, [String: Double].self, (Int, String).self] as [Any.Type])
    func aTypeIsNamedAsStringDescribingNamesIt(_ type: Any.Type) {
        #expect(IntentReference.name(of: type) == String(describing: type))
    }
}
