import GlanceFace
import GlanceInput
import GlanceLinux
import Logging

/// The board's buttons on GPIO lines (libgpiod): each kernel-stamped edge an `.edge` event.
/// Buttons that cannot be claimed are logged and the face runs without them rather than not at all.
actor GPIOButtonSource: InputSource {
    nonisolated let name = "GPIO buttons"
    private let board: BoardConfiguration
    private let logger: Logger
    private var inputs: GPIOInputs?

    init(board: BoardConfiguration, logger: Logger) {
        self.board = board
        self.logger = logger
    }

    func connect(post: @escaping @Sendable (FaceHost.Event) -> Void) async throws {
        guard let inputs = open() else { return }
        self.inputs = inputs
        let logger = self.logger
        Task {
            do {
                for try await edge in inputs.edges { post(.edge(edge)) }
            } catch {
                logger.error("buttons stopped: \(error)")
            }
        }
    }

    func disconnect() async {
        await inputs?.stop()
        inputs = nil
    }

    /// The board's wired buttons claimed as one request; nil (with a logged reason) when there are none or they cannot be claimed.
    private func open() -> GPIOInputs? {
        let wired = board.buttons.list.compactMap { button in button.line.map { (button.name, $0) } }
        guard !wired.isEmpty else { return nil }
        let chip = GPIOChipSelector.labels(board.buttons.chips)
        do {
            var offsets = [ButtonID: Int]()
            var info: GPIOChipInfo?
            for (name, line) in wired {
                switch line {
                case .offset(let offset): offsets[ButtonID(rawValue: name)] = offset
                case .name(let lineName):
                    let chipInfo = try info ?? GPIO().chip(chip)
                    info = chipInfo
                    guard let found = chipInfo.lines.first(where: { $0.name == lineName }) else {
                        throw CommandFailure("button '\(name)': no line named '\(lineName)' on \(chipInfo.label) (see glance gpio list)")
                    }
                    offsets[ButtonID(rawValue: name)] = found.offset
                }
            }
            var reserved = [ReservedPin]()
            switch board.panel.connection {
            case .i2c(let bus, _): reserved = ReservedPin.raspberryPiI2C(bus: bus)
            case .spi(let bus, _, _, _, _): reserved = ReservedPin.raspberryPiSPI(bus: bus)
            default: break
            }
            let bias: GPIOBias = switch board.buttons.bias {
            case "pull-down": .pullDown
            case "none": .disabled
            default: .pullUp
            }
            return try GPIOInputs.open(.init(chip: chip, buttons: offsets, bias: bias, activeLow: board.buttons.activeLow,
                                             kernelDebounce: board.buttons.debounce, reserved: reserved))
        } catch {
            logger.error("buttons unavailable: \(error)")
            return nil
        }
    }
}
