import Foundation

/// The `accessoryInline` family's one line: at most one image (leading) and one text,
/// as WidgetKit shows it; every other view in the widget is dropped, not clipped.
enum InlineLine {
    /// The line built from the first image and the first text of `root` (a `ViewThatFits`
    /// counts as one text: it picks among alternatives of the line). `widgetURL`s are kept.
    static func make(from root: LayoutNode) -> LayoutNode {
        var image: LayoutNode?
        var text: LayoutNode?
        var urls: [URL] = []
        func walk(_ node: LayoutNode) {
            if node is ImageNode || (node as? RedactedNode)?.child is ImageNode {
                if image == nil { image = node }
                return
            }
            if node is TextNode || node is ViewThatFitsNode {
                if text == nil { text = node }
                return
            }
            if let url = node as? URLNode { urls.append(url.url) }
            for child in node.children { walk(child) }
        }
        walk(root)
        var line: LayoutNode = StackNode(axis: .horizontal, verticalAlignment: .center, spacing: 3,
                                         children: [image, text].compactMap { $0 })
        for url in urls.reversed() { line = URLNode(line, url: url) }
        return line
    }
}
