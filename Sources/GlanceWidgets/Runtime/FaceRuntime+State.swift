/// What a host keeps across restarts so the face comes back as it was left.
public struct FaceRuntimeState: Codable, Sendable, Hashable {
    /// For each slot, the kind of the widget its stack showed.
    public var shownKinds: [String?]

    /// Creates a state.
    public init(shownKinds: [String?] = []) {
        self.shownKinds = shownKinds
    }
}

extension FaceRuntime {
    /// The state to save: which widget each stack shows.
    public var savedState: FaceRuntimeState {
        FaceRuntimeState(shownKinds: stacks.map { stack in stack.members.isEmpty ? nil : instances[stack.visible].kind })
    }

    /// Brings back a saved state before `start()`: each stack shows the saved kind again when
    /// it still holds it (slots that changed keep their first widget).
    public func restore(_ state: FaceRuntimeState) {
        guard !started else { return }
        for (slot, kind) in state.shownKinds.enumerated() where slot < stacks.count {
            if let kind, let instance = stacks[slot].members.first(where: { instances[$0].kind == kind }) {
                _ = stacks[slot].show(instance: instance)
            }
        }
    }
}
