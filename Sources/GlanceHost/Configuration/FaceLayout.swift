import GlanceGraphics
import GlanceUI

/// How a face file's `layout:` divides the panel among its slots, in the order they are listed
/// (Docs/Configuration.md, "Layouts").
public enum FaceLayout: String, Equatable, Sendable, CaseIterable {
    /// One slot filling the panel.
    case full
    /// Two slots splitting the panel's longer side: side by side on a landscape (or square)
    /// panel, one above the other on a portrait one.
    case halves
    /// Up to four slots, one per quarter, in reading order.
    case quadrants
    /// Slots one above the other, each the panel's width; `height:` fixes a slot's height and
    /// the slots without one share the rest equally.
    case rows
    /// Slots side by side, each the panel's height; `width:` fixes a slot's width and the slots
    /// without one share the rest equally.
    case columns

    /// How many slots the layout has places for; nil for `rows` and `columns`, which take any number.
    public var capacity: Int? {
        switch self {
        case .full: 1
        case .halves: 2
        case .quadrants: 4
        case .rows, .columns: nil
        }
    }

    /// The slot key that fixes a slot's extent along the layout's axis: `height` for rows,
    /// `width` for columns, nil for the named layouts.
    public var extentKey: String? {
        switch self {
        case .rows: "height"
        case .columns: "width"
        case .full, .halves, .quadrants: nil
        }
    }

    /// The rectangles of `count` slots on a panel of `size`, in slot order.
    /// - Parameter extents: For rows and columns, each slot's fixed height or width, nil for a
    ///   slot sharing what is left; ignored by the named layouts. Slots beyond `capacity` and
    ///   extents that do not fit get empty rectangles (`problem(extents:in:)` says why).
    public func places(count: Int, extents: [Int?] = [], in size: Size) -> [Rect] {
        let width = size.width, height = size.height
        var result: [Rect]
        switch self {
        case .full:
            result = [Rect(origin: .zero, size: size)]
        case .halves:
            result = width >= height
                ? [Rect(x: 0, y: 0, width: width / 2, height: height), Rect(x: width / 2, y: 0, width: width - width / 2, height: height)]
                : [Rect(x: 0, y: 0, width: width, height: height / 2), Rect(x: 0, y: height / 2, width: width, height: height - height / 2)]
        case .quadrants:
            let left = width / 2, top = height / 2
            result = [Rect(x: 0, y: 0, width: left, height: top), Rect(x: left, y: 0, width: width - left, height: top),
                      Rect(x: 0, y: top, width: left, height: height - top), Rect(x: left, y: top, width: width - left, height: height - top)]
        case .rows, .columns:
            let along = self == .rows ? height : width
            let lengths = Self.shares(of: along, extents: (0..<count).map { $0 < extents.count ? extents[$0] : nil })
            var offset = 0
            result = lengths.map { length in
                defer { offset += length }
                return self == .rows ? Rect(x: 0, y: offset, width: width, height: length) : Rect(x: offset, y: 0, width: length, height: height)
            }
        }
        if result.count > count { result.removeLast(result.count - count) }
        while result.count < count { result.append(Rect(x: 0, y: 0, width: 0, height: 0)) }
        return result
    }

    /// Why `count` slots with `extents` do not fit this layout on a panel of `size`: the index
    /// of the slot where it goes wrong and a sentence, or nil when they fit.
    public func problem(count: Int, extents: [Int?], in size: Size) -> (slot: Int, message: String)? {
        if let capacity, count > capacity {
            return (capacity, "layout '\(rawValue)' has places for \(capacity) slot\(capacity == 1 ? "" : "s") and this is slot \(capacity + 1); "
                + "remove it, or choose a layout with more places (\(FaceLayout.allCases.filter { ($0.capacity ?? .max) > capacity }.map(\.rawValue).joined(separator: ", ")))")
        }
        guard self == .rows || self == .columns else { return nil }
        let along = self == .rows ? size.height : size.width
        let unit = self == .rows ? "rows" : "columns"
        var fixed = 0
        for index in 0..<count {
            guard index < extents.count, let extent = extents[index] else { continue }
            fixed += extent
            if fixed > along {
                return (index, "with this slot the fixed \(extentKey!)s add up to \(fixed) \(unit), and the panel has \(along)")
            }
        }
        let free = (0..<count).filter { $0 >= extents.count || extents[$0] == nil }
        if let first = free.first, (along - fixed) / free.count < 1 {
            return (first, "no \(unit) are left for this slot: the fixed \(extentKey!)s take \(fixed) of the panel's \(along)")
        }
        return nil
    }

    /// Lengths along the axis: fixed extents as given, the rest of `total` shared equally by
    /// the others (the last of them takes the remainder, so the slots end at the panel's edge).
    private static func shares(of total: Int, extents: [Int?]) -> [Int] {
        let fixed = extents.compactMap { $0 }.reduce(0, +)
        let free = extents.indices.filter { extents[$0] == nil }
        let left = max(0, total - fixed)
        let share = free.isEmpty ? 0 : left / free.count
        return extents.indices.map { index in
            if let extent = extents[index] { return extent }
            return index == free.last ? left - share * (free.count - 1) : share
        }
    }
}

extension WidgetFamily {
    /// The smallest slot, in panel pixels, a widget of this family is placed in (Docs/Panels.md,
    /// "Families and panel sizes"). The system families are cells of a grid as on the Home
    /// Screen: small one cell, medium two side by side, large two by two, extra large four by
    /// two, with a cell of 120×120 pixels (`defaultSlotSize`, the size previews draw them at).
    /// The accessory families fit every panel.
    public var minimumSlotSize: Size {
        isSystem ? defaultSlotSize : Size(width: 1, height: 1)
    }

    /// True for the Home Screen families (`systemSmall` … `systemExtraLarge`).
    var isSystem: Bool { !rawValue.hasPrefix("accessory") }
}
