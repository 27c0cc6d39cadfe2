// GlanceCombine: the few Combine types widget code names (`ObservableObject`, `@Published`,
// `Publisher`, `TopLevelDecoder`), with no dependency but Foundation, so the opt-in module
// named Combine can re-export them without pulling the view language into packages that
// check `#if canImport(Combine)`.
@_exported import Foundation
