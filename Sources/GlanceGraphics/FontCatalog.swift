/// The fonts shipped in `Fonts/` and embedded in the binary, parsed once on first use.
///
/// Text faces are picked by the nearest pixel size at or below the request (the smallest
/// face when every face is larger), so a layout never grows past what it asked for.
public final class FontCatalog: Sendable {
    /// Every embedded font, parsed; a font file that fails to parse is listed in `problems`.
    public static let standard = FontCatalog(files: FontResources.paths.filter { $0.hasSuffix(".bdf") }.compactMap { path in
        FontResources.text(at: path).map { (path, $0) }
    })

    /// Every face, sorted by family, size and weight.
    public let faces: [BitmapFont]
    /// Sizes per family, computed once: text layout asks for them on every measurement.
    private let sizesByFamily: [String: [Int]]
    /// Files that could not be read, with the reason; empty in a healthy build.
    public let problems: [BDFError]

    /// The family used for text.
    public static let textFamily = "Glance Sans"
    /// The family holding large numerals.
    public static let numeralFamily = "Glance Numerals"

    /// Parses `(file name, BDF text)` pairs into a catalog.
    public init(files: [(name: String, text: String)]) {
        var faces = [BitmapFont](), problems = [BDFError]()
        for (name, text) in files {
            do {
                faces.append(try BitmapFont(bdf: text, fileName: name))
            } catch let error as BDFError {
                problems.append(error)
            } catch {
                problems.append(BDFError(file: name, line: 0, message: "\(error)"))
            }
        }
        self.faces = faces.sorted { ($0.family, $0.pixelSize, $0.weight) < ($1.family, $1.pixelSize, $1.weight) }
        self.problems = problems
        sizesByFamily = Dictionary(grouping: faces, by: \.family).mapValues { Array(Set($0.map(\.pixelSize))).sorted() }
    }

    /// The pixel sizes available in `family`, ascending.
    public func sizes(family: String = FontCatalog.textFamily) -> [Int] {
        sizesByFamily[family] ?? []
    }

    /// The face of `family` closest to `pixelSize` without exceeding it (or the smallest),
    /// in `weight` when available, else the other weight; nil when the family has no faces.
    public func font(size pixelSize: Int, weight: FontWeight = .regular, family: String = FontCatalog.textFamily) -> BitmapFont? {
        let candidates = faces.filter { $0.family == family }
        let fitting = candidates.filter { $0.pixelSize <= pixelSize }
        let size = fitting.map(\.pixelSize).max() ?? candidates.map(\.pixelSize).min()
        let sameSize = candidates.filter { $0.pixelSize == size }
        return sameSize.first { $0.weight == weight } ?? sameSize.first
    }
}
