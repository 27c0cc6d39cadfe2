import Synchronization

/// The fonts shipped in `Fonts/` and embedded in the binary.
///
/// Only each file's header (family, weight, size) is read when the catalog is made; a face's
/// glyphs are parsed the first time text asks for that face, so a face drawing text in three
/// sizes parses three of the twenty files. (Parsing all of them at the first text took about
/// 565 million instructions, most of a release build's work before its first frame.)
///
/// Text faces are picked by the nearest pixel size at or below the request (the smallest
/// face when every face is larger), so a layout never grows past what it asked for.
public final class FontCatalog: Sendable {
    /// Every embedded font; a font file that fails to parse is listed in `problems`.
    public static let standard = FontCatalog(files: FontResources.paths.filter { $0.hasSuffix(".bdf") }.compactMap { path in
        FontResources.text(at: path).map { (path, $0) }
    })

    /// One font file: what its header says, and its text for parsing the glyphs later.
    private struct Entry: Sendable {
        let name: String
        let text: String
        let family: String
        let weight: FontWeight
        let pixelSize: Int
    }

    /// The files whose header parsed, sorted by family, size and weight.
    private let entries: [Entry]
    /// Faces parsed so far (or the reason one could not be), by index into `entries`.
    private let parsed = Mutex<[Int: Result<BitmapFont, BDFError>]>([:])
    /// Files whose header could not be read.
    private let headerProblems: [BDFError]
    /// Sizes per family, computed once: text layout asks for them on every measurement.
    private let sizesByFamily: [String: [Int]]

    /// The family used for text.
    public static let textFamily = "Glance Sans"
    /// The family holding large numerals.
    public static let numeralFamily = "Glance Numerals"

    /// Reads the header of each `(file name, BDF text)` pair; glyphs are parsed on first use.
    public init(files: [(name: String, text: String)]) {
        var entries = [Entry](), problems = [BDFError]()
        for (name, text) in files {
            do {
                let header = try BDFFile(parsingHeaderOf: text, file: name)
                guard let size = header.integer("PIXEL_SIZE")
                        ?? header.integer("FONT_ASCENT").flatMap({ ascent in header.integer("FONT_DESCENT").map { ascent + $0 } }) else {
                    throw BDFError(file: name, line: 1, message: "FONT_ASCENT and FONT_DESCENT properties are required")
                }
                entries.append(Entry(name: name, text: text, family: header.properties["FAMILY_NAME"] ?? header.name,
                                     weight: header.properties["WEIGHT_NAME"]?.lowercased() == "bold" ? .bold : .regular, pixelSize: size))
            } catch let error as BDFError {
                problems.append(error)
            } catch {
                problems.append(BDFError(file: name, line: 0, message: "\(error)"))
            }
        }
        self.entries = entries.sorted { ($0.family, $0.pixelSize, $0.weight) < ($1.family, $1.pixelSize, $1.weight) }
        headerProblems = problems
        sizesByFamily = Dictionary(grouping: entries, by: \.family).mapValues { Array(Set($0.map(\.pixelSize))).sorted() }
    }

    /// Every face, sorted by family, size and weight (parsing those not parsed yet).
    public var faces: [BitmapFont] { entries.indices.compactMap(face) }

    /// Files that could not be read, with the reason; empty in a healthy build. Parses every
    /// face to find out.
    public var problems: [BDFError] {
        _ = faces
        let failures = parsed.withLock { parsed in
            parsed.sorted { $0.key < $1.key }.compactMap { entry -> BDFError? in
                if case .failure(let error) = entry.value { return error }
                return nil
            }
        }
        return headerProblems + failures
    }

    /// The pixel sizes available in `family`, ascending.
    public func sizes(family: String = FontCatalog.textFamily) -> [Int] {
        sizesByFamily[family] ?? []
    }

    /// The face of `family` closest to `pixelSize` without exceeding it (or the smallest),
    /// in `weight` when available, else the other weight; nil when the family has no faces.
    public func font(size pixelSize: Int, weight: FontWeight = .regular, family: String = FontCatalog.textFamily) -> BitmapFont? {
        var candidates = entries.indices.filter { entries[$0].family == family }
        // A file whose glyphs do not parse is left out and the choice made again.
        while !candidates.isEmpty {
            let fitting = candidates.filter { entries[$0].pixelSize <= pixelSize }
            let size = fitting.map { entries[$0].pixelSize }.max() ?? candidates.map { entries[$0].pixelSize }.min()
            let sameSize = candidates.filter { entries[$0].pixelSize == size }
            guard let chosen = sameSize.first(where: { entries[$0].weight == weight }) ?? sameSize.first else { return nil }
            if let font = face(chosen) { return font }
            candidates.removeAll { $0 == chosen }
        }
        return nil
    }

    /// The face of `entries[index]`, parsed on first use.
    private func face(_ index: Int) -> BitmapFont? {
        parsed.withLock { parsed in
            if let known = parsed[index] { return try? known.get() }
            let entry = entries[index]
            let result: Result<BitmapFont, BDFError>
            do {
                result = .success(try BitmapFont(bdf: entry.text, fileName: entry.name))
            } catch let error as BDFError {
                result = .failure(error)
            } catch {
                result = .failure(BDFError(file: entry.name, line: 0, message: "\(error)"))
            }
            parsed[index] = result
            return try? result.get()
        }
    }
}
