import Foundation

/// The standard sizes of sidebar rows, as SwiftUI's `SidebarRowSize`.
public enum SidebarRowSize: Sendable, Hashable, CaseIterable {
    /// The standard small row size.
    case small
    /// The standard medium row size, the only one outside macOS.
    case medium
    /// The standard large row size.
    case large
}

private struct SidebarRowSizeKey: EnvironmentKey { static let defaultValue = SidebarRowSize.medium }

extension EnvironmentValues {
    /// The size of sidebar rows: always `.medium` outside macOS, as in SwiftUI, where setting
    /// another value has no effect on Glance's views either (they have no sidebar).
    public var sidebarRowSize: SidebarRowSize {
        get { self[SidebarRowSizeKey.self] }
        set { self[SidebarRowSizeKey.self] = newValue }
    }
}
