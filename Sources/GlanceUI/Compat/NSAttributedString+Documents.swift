import Foundation

// The document reading and the UIKit attribute keys Apple's SDK adds to `NSAttributedString`
// (in UIKit, which `import SwiftUI` brings on iOS), which swift-corelibs-foundation lacks.
// Widget code reads a server's HTML into plain text with them; Glance draws plain text.

extension NSAttributedString {
    /// The format of a document read into an attributed string, as Apple's.
    public struct DocumentType: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// HTML: tags are read for line breaks and left out, entities decoded.
        public static let html = DocumentType(rawValue: "NSHTML")
        /// Plain text.
        public static let plain = DocumentType(rawValue: "NSPlainText")
        /// Rich text; read as plain text.
        public static let rtf = DocumentType(rawValue: "NSRTF")
        /// Rich text with attachments; read as plain text.
        public static let rtfd = DocumentType(rawValue: "NSRTFD")
    }

    /// An option for reading a document, as Apple's.
    public struct DocumentReadingOptionKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The document's `DocumentType`.
        public static let documentType = DocumentReadingOptionKey(rawValue: "DocumentType")
        /// The text encoding, a `String.Encoding` raw value (`NSUTF8StringEncoding`); UTF-8 by default.
        public static let characterEncoding = DocumentReadingOptionKey(rawValue: "CharacterEncoding")
        /// Attributes for the whole string; accepted.
        public static let defaultAttributes = DocumentReadingOptionKey(rawValue: "DefaultAttributes")
    }

    /// Reads `data` as a document of the type in `options` (plain text when none is given).
    ///
    /// As Apple's, except that `documentAttributes` is an `UnsafeMutablePointer` (Linux has no
    /// `AutoreleasingUnsafeMutablePointer`; `nil` reads the same) and the result has no
    /// attributes: HTML becomes its text, with `<br>` and the ends of paragraphs, list items and
    /// headings as line breaks and character entities decoded.
    /// - Throws: `CocoaError(.fileReadInapplicableStringEncoding)` when the data is not text in
    ///   the encoding.
    public convenience init(data: Data, options: [NSAttributedString.DocumentReadingOptionKey: Any] = [:],
                            documentAttributes dict: UnsafeMutablePointer<NSDictionary?>?) throws {
        let encodingValue = (options[.characterEncoding] as? UInt) ?? (options[.characterEncoding] as? Int).map(UInt.init)
        let encoding = encodingValue.map { String.Encoding(rawValue: $0) } ?? .utf8
        guard let text = String(data: data, encoding: encoding) else {
            throw CocoaError(.fileReadInapplicableStringEncoding)
        }
        let type = options[.documentType] as? DocumentType
        self.init(string: type == .html ? NSAttributedString.plainText(fromHTML: text) : text)
    }

    /// The text of an HTML fragment.
    static func plainText(fromHTML html: String) -> String {
        var text = html.replacingOccurrences(of: "<br\\s*/?>", with: "\n", options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: "</(p|div|li|h[1-6])\\s*>", with: "\n", options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        let entities = ["&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&apos;": "'", "&nbsp;": "\u{00A0}"]
        for (entity, character) in entities { text = text.replacingOccurrences(of: entity, with: character) }
        while let range = text.range(of: "&#(x[0-9A-Fa-f]+|[0-9]+);", options: .regularExpression) {
            let body = text[range].dropFirst(2).dropLast()
            let value = body.hasPrefix("x") ? UInt32(body.dropFirst(), radix: 16) : UInt32(body)
            text.replaceSubrange(range, with: value.flatMap(Unicode.Scalar.init).map { String($0) } ?? "")
        }
        return text.replacingOccurrences(of: "&amp;", with: "&")
    }
}

extension NSAttributedString.Key {
    /// The text colour (a `UIColor`), as UIKit's.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The font (a `UIFont`), as UIKit's.
    public static let font = NSAttributedString.Key("NSFont")
    /// A link (a `URL` or a `String`), as UIKit's.
    public static let link = NSAttributedString.Key("NSLink")
}

extension AttributedString {
    /// The characters of `nsStr`, as Foundation's `AttributedString(_:)` on Apple platforms;
    /// its attributes are not carried over (Glance draws text in one style per `Text`).
    public init(_ nsStr: NSAttributedString) {
        self.init(nsStr.string)
    }
}

/// UTF-8's `String.Encoding` raw value under its Objective-C name, as Apple's Foundation
/// offers it (`.characterEncoding: NSUTF8StringEncoding`); swift-corelibs-foundation marks
/// that name unavailable.
public var NSUTF8StringEncoding: UInt { String.Encoding.utf8.rawValue }
