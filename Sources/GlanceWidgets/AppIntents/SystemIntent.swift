import Foundation

/// An intent of a kind App Intents defines, as App Intents' `SystemIntent`: the base of the
/// protocols below, which tell Apple's system how an intent behaves.
public protocol SystemIntent: AppIntent {}

/// An intent that plays, pauses or otherwise changes audio playback, as App Intents'
/// `AudioPlaybackIntent` (a widget's play button). Apple uses it to avoid interrupting the
/// audio; Glance runs it as any `AppIntent`.
public protocol AudioPlaybackIntent: SystemIntent {}
