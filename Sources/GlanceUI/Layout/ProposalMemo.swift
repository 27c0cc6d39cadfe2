/// What a layout node answered for each proposal during one layout pass, and which proposal
/// last gave each answer.
///
/// A node is asked for a handful of proposals per pass (a stack asks each child for its
/// smallest, its largest and its share), over and over. The first four live inline and are
/// found by comparing, so neither hashing nor an allocation is paid per node and render (two
/// dictionaries per node were a tenth of a simple face's render); more go to an array.
struct ProposalMemo<Value> {
    private struct Entry {
        var proposal: ProposedSize
        var value: Value
        /// When the entry was last asked for or stored: the newest wins `proposal(thatGave:)`.
        var stamp: Int
    }

    private var first: Entry?
    private var second: Entry?
    private var third: Entry?
    private var fourth: Entry?
    private var more: [Entry] = []
    private var clock = 0

    /// The value stored for `proposal`, marking it the newest use.
    mutating func value(for proposal: ProposedSize) -> Value? {
        clock += 1
        if first?.proposal == proposal { first!.stamp = clock; return first!.value }
        if second?.proposal == proposal { second!.stamp = clock; return second!.value }
        if third?.proposal == proposal { third!.stamp = clock; return third!.value }
        if fourth?.proposal == proposal { fourth!.stamp = clock; return fourth!.value }
        guard let index = more.firstIndex(where: { $0.proposal == proposal }) else { return nil }
        more[index].stamp = clock
        return more[index].value
    }

    /// Stores `value` for `proposal` (not stored yet) as the newest use.
    mutating func store(_ value: Value, for proposal: ProposedSize) {
        clock += 1
        let entry = Entry(proposal: proposal, value: value, stamp: clock)
        if first == nil { first = entry } else if second == nil { second = entry } else if third == nil { third = entry }
        else if fourth == nil { fourth = entry } else { more.append(entry) }
    }

    /// The proposal most recently asked for or stored whose value satisfies `matches`.
    func newestProposal(where matches: (Value) -> Bool) -> ProposedSize? {
        var best: Entry?
        func consider(_ entry: Entry?) {
            if let entry, entry.stamp > best?.stamp ?? Int.min, matches(entry.value) { best = entry }
        }
        consider(first)
        consider(second)
        consider(third)
        consider(fourth)
        for entry in more { consider(entry) }
        return best?.proposal
    }

    /// Forgets everything (a new layout pass).
    mutating func removeAll() {
        self = ProposalMemo()
    }
}
