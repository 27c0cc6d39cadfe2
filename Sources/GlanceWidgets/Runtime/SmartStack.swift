import Foundation

/// One slot's stack of widgets (Docs/Contract.md, "Stacks and relevance"): which member shows,
/// moved by navigation, for stacks ordered by relevance by the highest relevance score, and for
/// rotating stacks by the clock.
///
/// A pure value: the runtime hands it the members' scores and the time; it knows nothing of
/// timelines.
struct SmartStack: Sendable, Hashable {
    /// Instance ids, in the face's order.
    let members: [Int]
    let ordering: StackOrdering
    /// Seconds each member shows before the stack moves on by itself; nil for a stack that
    /// does not rotate.
    let rotation: TimeInterval?
    /// Index into `members` of the widget shown. Any change ends the member's turn: the next
    /// `rotate(at:score:)` starts a full one.
    private(set) var shown = 0 {
        didSet { if shown != oldValue { turnStart = nil } }
    }
    /// The member relevance last promoted, so a promotion happens once, when it is new.
    private var lastPromoted: Int?
    /// When the shown member's turn began; nil until `rotate(at:score:)` starts it.
    private(set) var turnStart: Date?

    init(members: [Int], ordering: StackOrdering, rotation: TimeInterval? = nil) {
        self.members = members
        self.ordering = ordering
        self.rotation = rotation
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
        let winner = self.winner(score: score)
        guard winner != lastPromoted else { return false }
        lastPromoted = winner
        guard let winner, winner != shown else { return false }
        shown = winner
        return true
    }

    /// The position of the member with the highest score above zero (the first of equals).
    private func winner(score: (Int) -> Float?) -> Int? {
        var winner: Int?
        var best: Float = 0
        for (position, member) in members.enumerated() {
            if let value = score(member), value > best {
                best = value
                winner = position
            }
        }
        return winner
    }

    // MARK: - Rotation

    /// Whether the stack moves on by itself: several members and a rotation period.
    var rotates: Bool { members.count > 1 && rotation != nil }

    /// When the shown member's turn ends; nil when the stack does not rotate or no turn has started.
    var turnEnd: Date? {
        guard rotates, let rotation, let turnStart else { return nil }
        return turnStart.addingTimeInterval(rotation)
    }

    /// Takes the rotation's step due at `now`: starts the shown member's turn when none has
    /// started; once a turn is over, shows the member with the highest relevance score above
    /// zero (in a stack ordered by relevance), else the next member, wrapping, and starts its
    /// turn. A relevant member thus keeps the stack, turn after turn, while its relevance lasts.
    /// - Parameter score: The relevance score of an instance id now, nil when it has none.
    /// - Returns: True when the shown member changed.
    mutating func rotate(at now: Date, score: (Int) -> Float?) -> Bool {
        guard rotates, let rotation else { return false }
        // A turn not started yet, or one the wall clock went back past, starts now.
        guard let turnStart, turnStart <= now else {
            turnStart = now
            return false
        }
        guard now >= turnStart.addingTimeInterval(rotation) else { return false }
        let relevant = ordering == .relevance ? winner(score: score) : nil
        let next = relevant ?? (shown + 1) % members.count
        let changed = next != shown
        shown = next
        self.turnStart = now
        return changed
    }

    /// Ends the shown member's turn without moving on (the panel is off, or an activity covers
    /// the slot): the turn starts again in full when the stack shows again.
    mutating func pauseTurn() {
        turnStart = nil
    }

    /// Shows `instance` again (a restored state); false when it is not a member.
    mutating func show(instance: Int) -> Bool {
        guard let position = members.firstIndex(of: instance) else { return false }
        shown = position
        return true
    }
}
