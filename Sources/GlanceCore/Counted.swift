/// A count with its noun in the right number, for messages people read: `counted(1, "slot")`
/// is "1 slot", `counted(3, "slot")` "3 slots", `counted(2, "entry", plural: "entries")`
/// "2 entries".
public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
