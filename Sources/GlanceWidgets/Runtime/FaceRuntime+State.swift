/// What a host keeps across restarts so the face comes back as it was left.
public struct FaceRuntimeState: Codable, Sendable, Hashable {
    /// For each slot, the kind of the widget its stack showed.
    public var shownKinds: [String?]
    /// Widgets still quarantined (they crashed the face and their inputs have not changed since),
    /// so a restart does not run them into the same crash.
    public var quarantined: [String]
    /// For each widget kind, the named inputs the host saw its code read (app-group files), so
    /// a quarantined widget, which runs none of its code, still knows what its data is.
    public var inputs: [String: [String]]
    /// Which build of the face's code saved the state (the host's identity of its executable):
    /// a quarantine does not outlive the code that crashed.
    public var code: String?

    /// Creates a state.
    public init(shownKinds: [String?] = [], quarantined: [String] = [], inputs: [String: [String]] = [:], code: String? = nil) {
        self.shownKinds = shownKinds
        self.quarantined = quarantined
        self.inputs = inputs
        self.code = code
    }

    private enum CodingKeys: String, CodingKey {
        case shownKinds, quarantined, inputs, code
    }

    /// Reads a state; files written before quarantines existed have none, nor inputs or code.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        shownKinds = try container.decode([String?].self, forKey: .shownKinds)
        quarantined = try container.decodeIfPresent([String].self, forKey: .quarantined) ?? []
        inputs = try container.decodeIfPresent([String: [String]].self, forKey: .inputs) ?? [:]
        code = try container.decodeIfPresent(String.self, forKey: .code)
    }
}

extension FaceRuntime {
    /// The state to save: which widget each stack shows, and which are quarantined.
    public var savedState: FaceRuntimeState {
        FaceRuntimeState(shownKinds: stacks.map { stack in stack.members.isEmpty ? nil : instances[stack.visible].kind },
                         quarantined: quarantined.sorted())
    }

    /// Brings back a saved state before `start()`: each stack shows the saved kind again when
    /// it still holds it (slots that changed keep their first widget), and quarantined widgets
    /// stay quarantined.
    public func restore(_ state: FaceRuntimeState) {
        guard !started else { return }
        quarantined.formUnion(state.quarantined)
        for (slot, kind) in state.shownKinds.enumerated() where slot < stacks.count {
            if let kind, let instance = stacks[slot].members.first(where: { instances[$0].kind == kind }) {
                _ = stacks[slot].show(instance: instance)
            }
        }
    }
}
