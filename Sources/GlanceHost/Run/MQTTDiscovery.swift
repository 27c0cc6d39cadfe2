import Foundation
import GlanceInput

/// Home Assistant's MQTT discovery documents for one face: one device, with the glass as an
/// `image`, the panel's light as a `light` (OLED panels), the stack's widget as a `select`, a
/// `device_automation` trigger per button and gesture, and `sensor`s for the display state and
/// the reload budget; every entity's availability follows the face's last will.
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

    let prefix: String
    let topics: MQTTTopics
    let boardName: String
    let controller: String
    let buttons: [String]
    /// The stack's kinds (no `select` when empty).
    let stackKinds: [String]
    /// Whether the panel has a light to dim (OLED).
    let hasLight: Bool

    /// Home Assistant's trigger types for each gesture (its own names where it has one).
    static func triggerType(_ gesture: ButtonGesture) -> String {
        switch gesture {
        case .click: "button_short_press"
        case .doubleClick: "button_double_press"
        case .longPress: "button_long_press"
        case .press: "button_press"
        case .release: "button_short_release"
        case .repeat: "button_repeat"
        }
    }

    /// `glance_FACE`: the device's identifier and the prefix of every unique id.
    var nodeID: String { "glance_\(Self.identifier(topics.face))" }

    /// `text` with every character but letters and digits made `_`, as discovery ids want.
    static func identifier(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    var documents: [Document] {
        let device: [String: Any & Sendable] = [
            "identifiers": [nodeID],
            "name": "Glance \(topics.face)",
            "manufacturer": "Glance",
            "model": "\(boardName) (\(controller))",
        ]
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
                                                   "icon": "mdi:monitor"]),
            entity("sensor", "reload_budget", "Reload budget left",
                   ["state_topic": topics.state, "value_template": "{{ value_json.budget.left }}",
                    "unit_of_measurement": "reloads", "state_class": "measurement", "icon": "mdi:refresh"]),
        ]
        if hasLight {
            documents.append(entity("light", "panel", "Panel", [
                "command_topic": "\(topics.root)/light/set", "state_topic": topics.light,
                "brightness_command_topic": "\(topics.root)/light/brightness/set", "brightness_state_topic": topics.brightness,
                "brightness_scale": MQTTCommand.levels.count, "payload_on": "ON", "payload_off": "OFF",
            ]))
        }
        if !stackKinds.isEmpty {
            documents.append(entity("select", "widget", "Widget", [
                "command_topic": "\(topics.root)/widget/set", "state_topic": topics.widget, "options": stackKinds,
            ]))
        }
        for button in buttons {
            for gesture in ButtonGesture.allCases {
                let object = Self.identifier("\(button)_\(gesture.rawValue)")
                documents.append(Document(topic: "\(prefix)/device_automation/\(nodeID)/\(object)/config", payload: [
                    "automation_type": "trigger",
                    "topic": topics.button(button),
                    "payload": gesture.rawValue,
                    "type": Self.triggerType(gesture),
                    "subtype": button,
                    "device": device,
                ]))
            }
        }
        return documents
    }
}
