import Foundation

/// An app intent that replaces a SiriKit custom intent, as App Intents'
/// `CustomIntentMigratedAppIntent`: Apple keeps the old intent's shortcuts and donations
/// working by its class name. Glance has no shortcuts; the name is kept for listings.
public protocol CustomIntentMigratedAppIntent: AppIntent {
    /// The name of the SiriKit intent class this app intent replaces.
    static var intentClassName: String { get }
}
