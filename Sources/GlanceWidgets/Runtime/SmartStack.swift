/// One slot's stack of widgets (Docs/Contract.md, "Stacks and relevance"): which member shows, moved by
/// navigation and, for stacks ordered by relevance, by the highest relevance score.
///
/// A pure value: the runtime hands it the members' scores; it knows nothing of timelines.
struct SmartStack: Sendable, Hashable {
    /// Instance ids, in the face's order.
    let members: [Int]
    let ordering: StackOrdering
    /// Index into `members` of the widget shown.
    private(set) var shown = 0
    /// The member relevance last promoted, so a promotion happens once, when it is new.
    private var lastPromoted: Int?

    init(members: [Int], ordering: StackOrdering) {
        self.members = members
        self.ordering = ordering
    }

    /// The instance id shown.
    var visible: Int { members[shown] }

    /// Whether relevance may change the shown member: several members, ordered by relevance.
    var followsRelevance: Bool { members.count > 1 && ordering == .relevance }

    /// Shows the next (`step` 1) or previous (-1) member, wrapping; false when there is only one.
    mutating func navigate(by step: Int) -> Bool {
        let count = members.count
        guard count > 1 else { return false }
        shown = ((shown + step) % count + count) % count
        return true
    }

    /// Shows the member with the highest score above zero when that winner is new (a score of 0
    /// or less never promotes); navigation in between keeps its choice until the winner changes.
    /// - Parameter score: The relevance score of an instance id now, nil when it has none.
    /// - Returns: True when the shown member changed.
    mutating func promote(score: (Int) -> Float?) -> Bool {
        guard followsRelevance else { return false }
        var winner: Int?
        var best: Float = 0
        for (position, member) in members.enumerated() {
            if let value = score(member), value > best {
                best = value
                winner = position
            }
        }
        guard winner != lastPromoted else { return false }
        lastPromoted = winner
        guard let winner, winner != shown else { return false }
        shown = winner
        return true
    }

    /// Shows `instance` again (a restored state); false when it is not a member.
    mutating func show(instance: Int) -> Bool {
        guard let position = members.firstIndex(of: instance) else { return false }
        shown = position
        return true
    }
}
