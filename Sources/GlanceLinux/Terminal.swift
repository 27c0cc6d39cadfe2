#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the terminal on standard output.
public enum Terminal {
    /// The terminal's size in character cells, or nil when standard output is not a terminal.
    public static func size() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return nil
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// True when standard output is a terminal (so colors and cursor movement make sense).
    public static var isInteractive: Bool { isatty(STDOUT_FILENO) == 1 }
}
