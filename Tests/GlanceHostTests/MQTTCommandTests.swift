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
        #expect(try parse("home/glance/desk/message/set", " Door open\n") == .message(text: "Door open"))
        #expect(try parse("home/glance/all/message/set", "") == .message(text: ""))
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
        #expect(problem("home/glance/desk/message/set", "two\nlines") == "home/glance/desk/message/set: the message must be one line")
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
        #expect(minimal.messageExpiry == .seconds(3600))
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

    @Test func aPressOrActivityMayCarryACommandID() throws {
        let press = try #require(try MQTTCommand.parseMessage(topic: "home/glance/desk/press", payload: Array(#" {"button": "A", "gesture": "long-press", "command_id": "7f"}"#.utf8), topics: topics))
        #expect(press.command == .press(button: "A", gesture: .longPress))
        #expect(press.id == "7f")
        let plain = try #require(try MQTTCommand.parseMessage(topic: "home/glance/desk/press", payload: Array(#"{"button": "B"}"#.utf8), topics: topics))
        #expect(plain.command == .press(button: "B", gesture: .click))
        #expect(plain.id == nil)
        let start = try #require(try MQTTCommand.parseMessage(topic: "home/glance/desk/activity/end", payload: Array(#"{"id": "9", "command_id": "end-9"}"#.utf8), topics: topics))
        #expect(start.id == "end-9")
        guard case .activity(let request) = start.command else { Issue.record("\(start.command)"); return }
        #expect(request.id == "9")
        #expect(problem("home/glance/desk/press", #"{"button": "A", "colour": "red"}"#) == "home/glance/desk/press: unknown key 'colour' (use button, gesture and command_id)")
        #expect(problem("home/glance/desk/press", #"{"button": "A", "command_id": 7}"#)?.hasPrefix("home/glance/desk/press: \"command_id\" must be text of 1 to 128 characters") == true)
        #expect(problem("home/glance/desk/press", #"{"gesture": "click"}"#) == "home/glance/desk/press: \"button\" must be a button's name")
        #expect(problem("home/glance/desk/press", #"{"button": "A", "gesture": "wiggle"}"#)?.hasPrefix("home/glance/desk/press: unknown gesture 'wiggle'") == true)
    }

    @Test func recentCommandIDsAreBoundedAndExpireByTheClock() {
        var recent = MQTTRecentCommands()
        let start = Date(timeIntervalSince1970: 1_000_000)
        let later = start.addingTimeInterval(MQTTRecentCommands.lifetime)
        var answers = [recent.firstTime("a", now: start), recent.firstTime("a", now: start.addingTimeInterval(MQTTRecentCommands.lifetime - 1)),
                       recent.firstTime("a", now: later)]
        #expect(answers == [true, false, true])
        answers = (0..<(MQTTRecentCommands.capacity + 10)).map { recent.firstTime("id\($0)", now: later) }
        #expect(answers.allSatisfy { $0 })
        #expect(recent.count == MQTTRecentCommands.capacity)
        // The oldest went first; the newest is still known.
        answers = [recent.firstTime("id0", now: later), recent.firstTime("id\(MQTTRecentCommands.capacity + 9)", now: later)]
        #expect(answers == [true, false])
    }

    @Test func jsonProblemsAreSentences() {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(#"{"a": "#.utf8))
            Issue.record("parsed")
        } catch {
            let text = MQTTCommand.jsonProblem(error)
            #expect(!text.isEmpty && !text.contains("Error Domain") && !text.contains("UserInfo"), "\(text)")
        }
    }

    @Test func discoveryAndSubscribeOptionsAreCheckedWhereTheyAreWritten() throws {
        let all = try #require(try configuration("mqtt:\n  host: b\n  face: k\n  discovery:\n    prefix: ha\n    triggers: all\n"))
        #expect(all.discoveryPrefix == "ha")
        #expect(all.discoveryTriggers == .all)
        let bound = try #require(try configuration("mqtt:\n  host: b\n  face: k\n"))
        #expect(bound.discoveryTriggers == .bound)
        let subscribed = try #require(try configuration("""
            mqtt:
              host: b
              face: k
              subscribe:
                - topic: statestream/sensor/+/state
                  file: sensors.json
                  key: '{1}'
                - topic: zigbee2mqtt/kitchen
                  file: kitchen.json
            """))
        #expect(subscribed.subscriptions.map(\.filter) == ["statestream/sensor/+/state", "zigbee2mqtt/kitchen"])
        let outdoor = subscribed.subscriptions[0].target(for: "statestream/sensor/outdoor/state")
        #expect(outdoor?.file == "sensors.json" && outdoor?.key == "outdoor")
        #expect(subscribed.subscriptions[0].target(for: "statestream/sensor/outdoor/unit") == nil)
        let kitchen = subscribed.subscriptions[1].target(for: "zigbee2mqtt/kitchen")
        #expect(kitchen?.file == "kitchen.json" && kitchen?.key == nil)
        #expect(MQTTSubscription.matches("a/#", "a/b/c") == ["b/c"])
        #expect(MQTTSubscription.matches("a/#", "a") == [""])
        #expect(MQTTSubscription.matches("+/x", "$SYS/x") == nil)

        let entry = "mqtt:\n  host: b\n  face: k\n  subscribe:\n    - "
        let cases: [(String, String)] = [
            ("mqtt:\n  host: b\n  discovery:\n    triggers: some\n", "glance.yaml:4:15: mqtt.discovery.triggers is 'some', expected one of: bound, all, none"),
            (entry + "topic: a/b\n", "glance.yaml:5:7: a subscribe entry needs 'topic' and 'file'"),
            (entry + "topic: a/b+\n      file: x.json\n", "glance.yaml:5:14: 'a/b+' is not a topic filter"),
            (entry + "topic: a/#/b\n      file: x.json\n", "glance.yaml:5:14: 'a/#/b' is not a topic filter"),
            (entry + "topic: 'glance/#'\n      file: x.json\n", "glance.yaml:5:14: 'glance/#' would receive the face's own topics"),
            (entry + "topic: a/+\n      file: x.json\n", "glance.yaml:5:14: 'a/+' has wildcards, so file or key must say which topic it was"),
            (entry + "topic: a/+\n      file: x.json\n      key: '{2}'\n", "glance.yaml:7:12: key '{2}' has {2}; the topic's wildcards give {1}…{1}"),
            (entry + "topic: a/b\n      file: ../x.json\n", "glance.yaml:6:13: file '../x.json' is not an app-group file name"),
        ]
        for (yaml, message) in cases {
            let error = #expect(throws: ConfigurationError.self) { try configuration(yaml) }
            #expect(error.map { "\($0)" }?.hasPrefix(message) == true, "\(yaml): \(error.map { "\($0)" } ?? "no error")")
        }
    }
}
