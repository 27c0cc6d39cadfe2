// `import Combine` for widget files ported unchanged (the opt-in GlanceAppleNames product,
// Linux only): `ObservableObject`, `@Published`, `Publisher`, `ObservableObjectPublisher` and
// `TopLevelDecoder`/`TopLevelEncoder` from GlanceCombine, which depends on Foundation alone,
// so packages that test `#if canImport(Combine)` (Yams does) still compile against it.
@_exported import Foundation
@_exported import GlanceCombine
