extension Text {
    /// Where a line of text too long for its space loses characters, shown by an ellipsis (…).
    public enum TruncationMode: Sendable, Hashable {
        /// Truncate at the beginning of the line: "…wxyz".
        case head
        /// Truncate at the end of the line: "abcd…".
        case tail
        /// Truncate in the middle of the line: "ab…yz".
        case middle
    }
}
