import Foundation
import GlanceInput
import GlanceWidgets

/// Everything `glance run` derives from the board, the face file and the bundle: the face
/// the runtime draws, its settings, and what each button gesture does (GlanceHost's
/// `FacePlan.make` builds it).
package struct FacePlan: Sendable {
    package var face: Face
    package var settings: RuntimeSettings
    /// Button and gesture to the action it runs.
    package var bindings: [BindingKey: FaceAction]
    /// The app group providers read from.
    package var appGroup: String
    /// What the face file says that the loop does not read itself — where URLs go, the `mqtt:`
    /// section, the bindings left out — carried with the plan (SIGHUP reads it again) for the
    /// layer that knows its type (GlanceHost's `FacePlan.Configured`).
    package var configured: (any Sendable)?

    /// A button and a gesture, as the input layer reports them.
    package struct BindingKey: Hashable, Sendable {
        package var button: ButtonID
        package var gesture: ButtonGesture

        package init(button: ButtonID, gesture: ButtonGesture) {
            self.button = button
            self.gesture = gesture
        }
    }

    package init(face: Face, settings: RuntimeSettings, bindings: [BindingKey: FaceAction], appGroup: String,
                 configured: (any Sendable)? = nil) {
        self.face = face
        self.settings = settings
        self.bindings = bindings
        self.appGroup = appGroup
        self.configured = configured
    }
}
