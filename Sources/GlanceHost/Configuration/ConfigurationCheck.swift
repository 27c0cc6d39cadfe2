import Foundation
import GlanceFace
import GlanceWidgets

/// The face file and its board read together for a command, so that one run reports every
/// problem: those of the face file, of the board it names, and of the face's names against
/// the board and the bundle.
///
/// What depends on a part with a problem is not checked, so one mistake is reported once: a
/// slot or binding with a problem is left out of the checks against the bundle and the board,
/// and nothing is checked against a board that cannot be read.
enum ConfigurationCheck {
    /// The board and face a command runs.
    /// - Parameters:
    ///   - facePath: The face file; nil for none (the board's default face).
    ///   - boardOption: `--board`, which wins over the face file's `board:`.
    ///   - bundle: The widgets and intents names are checked against; nil leaves that to later.
    ///   - parameters: Whether the widgets' `parameters:` are given to their intents too (which
    ///     may run entity queries); `glance run` leaves that to assembling the face, which does it.
    /// - Throws: `ConfigurationError` listing every problem in file order.
    static func load(facePath: String?, board boardOption: String?, bundle: BundleContents?, parameters: Bool = true) async throws
        -> (board: BoardConfiguration, face: FaceConfiguration?) {
        var problems = [ConfigurationError]()
        var unstored = 0
        var face: FaceConfiguration?
        var boardKeyUnreadable = false
        if let facePath {
            // A file that cannot be read, or YAML that does not parse, is the one problem there is.
            let root = try ConfigNode.parse(try ConfigurationError.readText(of: facePath), file: facePath)
            face = FaceConfiguration(root: root)
            problems += root.problems.found
            unstored += root.problems.unstored
            boardKeyUnreadable = face?.board == nil && root.node.mapping?.contains { $0.key.scalar?.string == "board" } == true
        }
        var board: BoardConfiguration?
        do {
            if let boardOption {
                board = try BoardCatalog.board(boardOption)
            } else if let named = face?.board {
                board = try BoardCatalog.board(named)
            } else if !boardKeyUnreadable {
                board = try BoardCatalog.board("simulator")
            }
        } catch let error as ConfigurationError {
            problems.append(error)
        }
        if let board, let face, let bundle {
            let adapted = face.adapted(to: board).face
            problems += adapted.problems(board: board, kinds: bundle.kinds, intents: bundle.intentNames)
            // The parameters are given to the intents only when the names they belong to exist.
            if parameters, problems.isEmpty {
                do {
                    _ = try await FacePlan.configuredIntents(adapted, bundle: bundle)
                } catch let error as ConfigurationError {
                    problems.append(error)
                }
            }
        }
        if let error = ConfigurationError(combining: problems, unstored: unstored) { throw error }
        guard let board else { throw ConfigurationError(file: facePath ?? "--board", message: "no board could be read") }
        return (board, face)
    }
}
