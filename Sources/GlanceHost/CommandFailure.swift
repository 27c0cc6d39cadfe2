/// A command that cannot go on, with the message the user sees after "Error: ".
///
/// Swift Argument Parser prints the description and exits with status 1.
package struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong and, where possible, what to do about it.
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
