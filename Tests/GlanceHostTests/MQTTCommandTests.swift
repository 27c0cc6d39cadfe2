import Foundation
import Testing
@testable import GlanceHost
import GlanceInput
import GlancePanels

@Suite struct MQTTCommandTests {
    let topics = MQTTTopics(base: "home/glance", face: "desk")

    private func parse(_ topic: String, _ text: String) throws(MQTTCommandError) -> MQTTCommand? {
        try MQTTCommand.parse(topic: topic, payload: Array(text.utf8), topics: topics)
    }

    /// The refusal's description for `payload` on `topic`, or nil when it parses.
    private func problem(_ topic: String, _ payload: [UInt8]) -> String? {
        do {
            _ = try MQTTCommand.parse(topic: topic, payload: payload, topics: topics)
            return nil
        } catch {
            return error.description
        }
    }

    private func problem(_ topic: String, _ text: String) -> String? {
        problem(topic, Array(text.utf8))
    }

    @Test func commandsOfTheFaceAndOfEveryFace() throws {
        #expect(try parse("home/glance/desk/press", "A") == .press(button: "A", gesture: .click))
        #expect(try parse("home/glance/all/press", " A long-press\n") == .press(button: "A", gesture: .longPress))
        #expect(try parse("home/glance/desk/reload", "weather") == .reload(kind: "weather"))
        #expect(try parse("home/glance/desk/group/weather.json", #"{"t": 3}"#) == .groupFile(name: "weather.json", contents: Data(#"{"t": 3}"#.utf8)))
        #expect(try parse("home/glance/desk/group/weather.json", "") == .groupFileCleared(name: "weather.json"))
        #expect(try parse("home/glance/desk/light/set", "off") == .light(on: false))
        #expect(try parse("home/glance/desk/light/brightness/set", "2") == .brightness(.dim))
        #expect(try parse("home/glance/desk/light/brightness/set", "1") == .brightness(.dimmest))
        #expect(try parse("home/glance/desk/widget/set", "tasks") == .showWidget(kind: "tasks"))
        let activity = try parse("home/glance/desk/activity/update", #"{"id": "7", "state": {"left": 3}}"#)
        guard case .activity(let request) = activity else { Issue.record("\(String(describing: activity))"); return }
        #expect(request.action == .update)
        #expect(request.id == "7")
        #expect(request.state == .object(["left": .number(3)]))
        // Another face's topics are not ours.
        #expect(try parse("home/glance/hall/press", "A") == nil)
        #expect(try parse("glance/desk/press", "A") == nil)
    }

    @Test func badPayloadsNameTheTopicAndWhatIsWrong() {
        #expect(problem("home/glance/desk/press", "A wiggle") == "home/glance/desk/press: unknown gesture 'wiggle' (use one of: click, double-click, long-press, press, release, repeat)")
        #expect(problem("home/glance/desk/press", "") == "home/glance/desk/press: the payload is empty")
        #expect(problem("home/glance/desk/press", "A b c") == "home/glance/desk/press: expected a button and an optional gesture, such as 'A' or 'A long-press'")
        #expect(problem("home/glance/desk/group/.hidden", "{}") == "home/glance/desk/group/.hidden: '.hidden' is not an app-group file name (one name, not starting with '.')")
        #expect(problem("home/glance/desk/group/w.json", "{\"a\": ")?.hasPrefix("home/glance/desk/group/w.json: the payload is not JSON") == true)
        #expect(problem("home/glance/desk/light/set", "dim") == "home/glance/desk/light/set: expected ON or OFF, not 'DIM'")
        #expect(problem("home/glance/desk/light/brightness/set", "7") == "home/glance/desk/light/brightness/set: expected a brightness of 1 (dimmest) to 3 (normal), not '7'")
        #expect(problem("home/glance/desk/activity/pause", "{}") == "home/glance/desk/activity/pause: unknown activity action 'pause' (use start, update or end)")
        #expect(problem("home/glance/desk/activity/start", "[1]")?.hasPrefix("home/glance/desk/activity/start: the payload") == true)
        #expect(problem("home/glance/desk/state", "x")?.hasPrefix("home/glance/desk/state: not a command topic") == true)
        #expect(problem("home/glance/desk/press", [0xFF, 0xFE]) == "home/glance/desk/press: the payload is not UTF-8 text")
    }

    @Test func theFaceSubscribesToItsCommandsAndTheBroadcast() {
        #expect(topics.subscriptions.count == 2 * MQTTTopics.commands.count)
        #expect(topics.subscriptions.contains("home/glance/desk/group/+"))
        #expect(topics.subscriptions.contains("home/glance/all/press"))
        #expect(!topics.subscriptions.contains { $0.hasSuffix("#") })
    }

    private func configuration(_ yaml: String) throws -> MQTTConfiguration? {
        try FaceConfiguration(yaml: yaml, file: "glance.yaml").mqtt
    }

    @Test func theMQTTSectionHasDefaultsAndErrorsWithTheirPlace() throws {
        let minimal = try #require(try configuration("mqtt:\n  host: broker.local\n  face: kitchen\n"))
        #expect(minimal.port == 1883)
        #expect(minimal.baseTopic == "glance")
        #expect(minimal.clientID == "glance-kitchen")
        #expect(minimal.discoveryPrefix == "homeassistant")
        #expect(minimal.glassInterval == .seconds(10))
        #expect(minimal.keepAlive == .seconds(60))
        let off = try #require(try configuration("mqtt:\n  host: b\n  face: k\n  discovery: off\n  glass: off\n  base-topic: home/glance\n"))
        #expect(off.discoveryPrefix == nil)
        #expect(off.glassInterval == nil)
        #expect(off.baseTopic == "home/glance")
        #expect(MQTTConfiguration.defaultFace(hostName: "Kitchen-Pi.local") == "kitchen-pi")

        let cases: [(String, String)] = [
            ("mqtt:\n  port: 1883\n", "glance.yaml:2:3: mqtt needs 'host' (the broker's name or address, e.g. host: homeassistant.local)"),
            ("mqtt:\n  host: b\n  face: kitchen/left\n", "glance.yaml:3:9: face 'kitchen/left' must be one topic level: no '/', '+', '#' or spaces (e.g. kitchen)"),
            ("mqtt:\n  host: b\n  face: all\n", "glance.yaml:3:9: the face cannot be called 'all': that is the topic every face listens to"),
            ("mqtt:\n  host: b\n  port: 70000\n", "glance.yaml:3:9: mqtt.port is 70000, expected 1…65535"),
            ("mqtt:\n  host: b\n  base-topic: glance/#\n", "glance.yaml:3:15: 'glance/#' is not a topic prefix: levels separated by '/', none empty, no '+', '#' or spaces (e.g. glance or home/glance)"),
            ("mqtt:\n  host: b\n  username: u\n  password-file: /nonexistent/pw\n", "glance.yaml:4:18: the password file /nonexistent/pw does not exist"),
            ("mqtt:\n  host: b\n  tls:\n    ca-file: /nonexistent/ca.pem\n", "glance.yaml:4:14: the CA file /nonexistent/ca.pem does not exist"),
            ("mqtt:\n  host: b\n  keep-alive: 1s\n", "glance.yaml:3:15: mqtt.keep-alive is 1s, expected 5s…1h"),
        ]
        for (yaml, message) in cases {
            let error = #expect(throws: ConfigurationError.self) { try configuration(yaml) }
            #expect(error.map { "\($0)" }?.hasPrefix(message) == true, "\(yaml): \(error.map { "\($0)" } ?? "no error")")
        }
    }
}
