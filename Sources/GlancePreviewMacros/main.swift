// `#Preview`'s macro plugin: the compiler starts this program while it builds code that uses
// the macro and exchanges the plugin protocol's messages with it on standard input and output.
// The protocol is spoken here directly (GlancePreviewExpansion) rather than through
// swift-syntax, whose compile cost every build of a face would pay for one text-level macro.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GlancePreviewExpansion

/// Writes `text` and a newline to standard error, which the compiler shows with the build's output.
func report(_ text: String) {
    let line = Array("GlancePreviewMacros: \(text)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

// Messages go over copies of standard input and output; anything printed goes to standard
// error instead, so it cannot corrupt a frame.
let input = dup(STDIN_FILENO)
let output = dup(STDOUT_FILENO)
guard input >= 0, output >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
    report("cannot set up the compiler's channel: \(String(cString: strerror(errno)))")
    exit(1)
}
close(STDIN_FILENO)

let connection = PluginConnection(input: input, output: output)
var plugin = PreviewPlugin()
do {
    while let message = try connection.receive() {
        try connection.send(try plugin.reply(to: message))
    }
} catch {
    report("\(error)")
    exit(1)
}
