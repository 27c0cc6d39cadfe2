extension GPIOChipInfo {
    /// The chip as `glance gpio list` prints it: a header (path, label, line count), then one
    /// row per line with its offset, name, direction and who holds it.
    /// - Parameter usedOnly: List only lines someone holds.
    public func listing(usedOnly: Bool = false) -> String {
        let shown = usedOnly ? lines.filter(\.isUsed) : lines
        var text = "\(path)  \(label.isEmpty ? "(no label)" : label)  \(lines.count) line\(lines.count == 1 ? "" : "s")\n"
        guard !shown.isEmpty else { return text + (usedOnly ? "  (no lines in use)\n" : "") }
        let nameWidth = max(4, shown.map { max($0.name.count, 1) }.max() ?? 0)
        text += "  " + pad("line", 4, left: true) + "  " + pad("name", nameWidth) + "  " + pad("direction", 9) + "  use\n"
        for line in shown {
            var flags: [String] = []
            if line.isActiveLow { flags.append("active-low") }
            if line.bias != .asIs { flags.append("\(line.bias)") }
            let use = line.isUsed ? "used by " + (line.consumer.isEmpty ? "the kernel" : "\"\(line.consumer)\"") : "free"
            let row = "  " + pad(String(line.offset), 4, left: true) + "  " + pad(line.name.isEmpty ? "-" : line.name, nameWidth)
                + "  " + pad(line.isOutput ? "output" : "input", 9) + "  " + use + (flags.isEmpty ? "" : " (\(flags.joined(separator: ", ")))")
            text += row + "\n"
        }
        return text
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}
