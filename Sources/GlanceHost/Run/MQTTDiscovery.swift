import Foundation
import GlanceInput

/// Home Assistant's MQTT discovery documents for one face: one device, with the glass as an
/// `image`, the panel's light as a `light` (OLED panels), the stack's widget as a `select`, a
/// `text` for a message on the glass (the demo's message widget shows it), a
/// `button` per button the face binds (pressing it in Home Assistant presses it on the face), a
/// `device_automation` trigger per bound gesture (or every gesture, `discovery.triggers`), and
/// diagnostic `sensor`s for the display state and the reload budget; every entity's
/// availability follows the face's last will.
struct MQTTDiscovery: Sendable {
    /// One retained configuration message.
    struct Document: Sendable {
        var topic: String
        var payload: [String: Any & Sendable]

        /// The payload as JSON bytes (keys sorted, so a document that did not change is byte-identical).
        func json() -> [UInt8] {
            Array((try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])) ?? Data("{}".utf8))
        }
    }

    /// A gesture of a button, as the face binds it.
    struct Gesture: Hashable, Sendable, Comparable {
        var button: String
        var gesture: ButtonGesture

        static func < (a: Gesture, b: Gesture) -> Bool {
            (a.button, ButtonGesture.allCases.firstIndex(of: a.gesture)!) < (b.button, ButtonGesture.allCases.firstIndex(of: b.gesture)!)
        }
    }

    let prefix: String
    let topics: MQTTTopics
    let boardName: String
    let controller: String
    /// The board's buttons, in its order.
    let buttons: [String]
    /// The gestures the face binds to an action.
    let bound: Set<Gesture>
    let triggers: MQTTConfiguration.TriggerSet
    /// The stack's kinds (no `select` when empty).
    let stackKinds: [String]
    /// Whether the panel has a light to dim (OLED).
    let hasLight: Bool
    /// The build's version (`GlanceVersion.current`).
    let version: String
    /// The browser simulator's page (`glance run --web`), without its token; nil when none runs.
    let pageURL: String?

    /// Home Assistant's trigger types for each gesture: its own names where one fits (the
    /// automation editor shows them in words), else a word that reads well after the button's
    /// name, as the editor shows an unknown type ("A pushed").
    static func triggerType(_ gesture: ButtonGesture) -> String {
        switch gesture {
        case .click: "button_short_press"
        case .doubleClick: "button_double_press"
        case .longPress: "button_long_press"
        case .release: "button_short_release"
        case .press: "pushed"
        case .repeat: "repeating"
        }
    }

    /// `glance_FACE`: the device's identifier and the prefix of every unique id.
    var nodeID: String { "glance_\(Self.identifier(topics.face))" }

    /// `text` with every character but letters and digits made `_`, as discovery ids want.
    static func identifier(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The gestures that get a device trigger, by button in the board's order.
    var triggered: [Gesture] {
        switch triggers {
        case .none: []
        case .all: buttons.flatMap { button in ButtonGesture.allCases.map { Gesture(button: button, gesture: $0) } }
        case .bound: buttons.flatMap { button in ButtonGesture.allCases.map { Gesture(button: button, gesture: $0) }.filter(bound.contains) }
        }
    }

    var documents: [Document] {
        var device: [String: Any & Sendable] = [
            "identifiers": [nodeID],
            "name": "Glance \(topics.face)",
            "manufacturer": "Glance",
            "model": "\(boardName) (\(controller))",
            "sw_version": version,
        ]
        if let pageURL { device["configuration_url"] = pageURL }
        let availability: [String: Any & Sendable] = [
            "availability_topic": topics.availability,
            "payload_available": "online",
            "payload_not_available": "offline",
        ]
        func entity(_ component: String, _ object: String, _ name: String, _ fields: [String: Any & Sendable]) -> Document {
            var payload = fields.merging(availability) { own, _ in own }
            payload["name"] = name
            payload["unique_id"] = "\(nodeID)_\(object)"
            payload["device"] = device
            return Document(topic: "\(prefix)/\(component)/\(nodeID)/\(object)/config", payload: payload)
        }
        var documents = [
            entity("image", "glass", "Glass", ["image_topic": topics.glass, "content_type": "image/png"]),
            entity("sensor", "display", "Display", ["state_topic": topics.state, "value_template": "{{ value_json.state }}",
                                                   "icon": "mdi:monitor", "entity_category": "diagnostic"]),
            entity("sensor", "reload_budget", "Reload budget left",
                   ["state_topic": topics.state, "value_template": "{{ value_json.budget.left }}",
                    "unit_of_measurement": "reloads", "state_class": "measurement", "icon": "mdi:refresh", "entity_category": "diagnostic"]),
        ]
        if hasLight {
            documents.append(entity("light", "panel", "Panel", [
                "command_topic": "\(topics.root)/light/set", "state_topic": topics.light,
                "brightness_command_topic": "\(topics.root)/light/brightness/set", "brightness_state_topic": topics.brightness,
                "brightness_scale": MQTTCommand.levels.count, "payload_on": "ON", "payload_off": "OFF",
            ]))
        }
        documents.append(entity("text", "message", "Message", [
            "command_topic": "\(topics.root)/message/set", "state_topic": topics.message, "max": 255, "mode": "text",
            "icon": "mdi:message-text",
        ]))
        if !stackKinds.isEmpty {
            documents.append(entity("select", "widget", "Widget", [
                "command_topic": "\(topics.root)/widget/set", "state_topic": topics.widget, "options": stackKinds,
            ]))
        }
        let boundButtons = Set(bound.map(\.button))
        for button in buttons where boundButtons.contains(button) {
            documents.append(entity("button", "button_\(Self.identifier(button))", "Button \(button)", [
                "command_topic": "\(topics.root)/press", "payload_press": button, "qos": 1, "retain": false,
                "icon": "mdi:gesture-tap-button",
            ]))
        }
        for made in triggered {
            let object = Self.identifier("\(made.button)_\(made.gesture.rawValue)")
            documents.append(Document(topic: "\(prefix)/device_automation/\(nodeID)/\(object)/config", payload: [
                "automation_type": "trigger",
                "topic": topics.button(made.button),
                "payload": made.gesture.rawValue,
                "type": Self.triggerType(made.gesture),
                "subtype": made.button,
                "device": device,
            ]))
        }
        return documents
    }
}
