import Foundation

// Linux only: Apple platforms have Combine's own (and `canImport(Combine)` cannot tell them
// apart here, where the opt-in module of that name may already be built).
#if os(Linux)
/// A type that decodes values from one top-level input, as Combine's `TopLevelDecoder`.
///
/// Declared so code written against Combine's protocol compiles (Yams, for one, makes its
/// `YAMLDecoder` conform when a module named Combine exists); Glance has no publishers that
/// decode.
public protocol TopLevelDecoder {
    /// The type this decoder accepts.
    associatedtype Input
    /// Decodes an instance of `type` from `from`.
    /// - Throws: Whatever the decoder throws for malformed input.
    func decode<T>(_ type: T.Type, from: Self.Input) throws -> T where T: Decodable
}

/// A type that encodes values into one top-level output, as Combine's `TopLevelEncoder`.
public protocol TopLevelEncoder {
    /// The type this encoder produces.
    associatedtype Output
    /// Encodes `value`.
    /// - Throws: Whatever the encoder throws for a value it cannot represent.
    func encode<T>(_ value: T) throws -> Self.Output where T: Encodable
}

extension JSONDecoder: TopLevelDecoder {}
extension JSONEncoder: TopLevelEncoder {}
#endif
