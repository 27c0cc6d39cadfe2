import Foundation

/// The base class of SiriKit intents, as Intents' `INIntent`, so that the intent classes of
/// older widgets (`class ConfigurationIntent: INIntent {}`) compile.
///
/// On Apple platforms Xcode generates these classes from an intent-definition file; here the
/// maker declares the class with ordinary stored properties and their defaults. Glance uses
/// it only as the value `IntentTimelineProvider` receives (see `IntentConfiguration`).
open class INIntent: NSObject, NSCopying {
    /// Creates an intent with its properties at their defaults.
    public required override init() {
        super.init()
    }

    /// A new intent of the same class; subclasses with state override this to copy it.
    open func copy(with zone: NSZone? = nil) -> Any {
        type(of: self).init()
    }

    /// The identifier SiriKit would give the intent (always `nil`: there is no SiriKit).
    open var identifier: String? { nil }
}
