import Foundation

/// A value a SiriKit intent parameter holds, as the Intents framework's `INObject`: the base
/// class of the object types Xcode generates from an `.intentdefinition` file (an app, a
/// city), identified by `identifier` and shown as `displayString`.
open class INObject: NSObject {
    /// The object's identifier in the app's own terms; nil for objects made on the fly.
    public let identifier: String?
    /// What a list of choices shows for the object.
    public let displayString: String
    /// A line shown under `displayString`.
    open var subtitleString: String?

    /// An object with `identifier` shown as `displayString`.
    public init(identifier: String?, display displayString: String) {
        self.identifier = identifier
        self.displayString = displayString
        super.init()
    }

    /// An object with `identifier` shown as `displayString` over `subtitleString`.
    public convenience init(identifier: String?, display displayString: String, subtitle subtitleString: String?) {
        self.init(identifier: identifier, display: displayString)
        self.subtitleString = subtitleString
    }
}
