/// What `glance doctor` asks of the machine: files and their permissions, users and groups,
/// the I2C devices that answer, the GPIO chips and lines. Every question is read-only.
///
/// `LinuxSystemProbe` answers from the running system; tests answer from a description of a
/// made-up one, so the reasoning built on these answers needs no hardware.
public protocol SystemProbe: Sendable {
    /// Who this process runs as.
    func identity() -> ProcessIdentity
    /// The status of `path`, following symbolic links; nil when nothing is there.
    func status(of path: String) -> FileStatus?
    /// Opens `path` for reading and writing and closes it again: nil when that worked, else
    /// the error number (`EACCES`, `ENOENT`, …).
    func openError(readWrite path: String) -> Int32?
    /// A small text file (at most 64 KB), or nil when it cannot be read.
    func text(of path: String) -> String?
    /// The names in `directory` in name order; empty when it cannot be read.
    func entries(of directory: String) -> [String]
    /// Where the symbolic link at `path` points; nil when `path` is not a symbolic link.
    func linkTarget(of path: String) -> String?
    /// The account named `name`, or nil when there is none.
    func user(named name: String) -> UserAccount?
    /// The account with the number `id`, or nil when there is none.
    func user(id: UInt32) -> UserAccount?
    /// The group with the number `id`, or nil when the group database has none.
    func group(id: UInt32) -> GroupEntry?
    /// The group named `name`, or nil when there is none.
    func group(named name: String) -> GroupEntry?
    /// The groups the group database gives `user`: their primary group and every group that
    /// lists them (what a new login of theirs would have).
    func groupIDs(of user: UserAccount) -> [UInt32]
    /// Which of `addresses` answer on `/dev/i2c-<bus>` (see `I2CBusProbe`).
    func probeI2C(bus: Int, addresses: [UInt8]) -> I2CBusProbe
    /// Loads libgpiod (as a face does when it first opens a chip): the API loaded, 1 or 2.
    func loadLibgpiod() -> Result<Int, GPIOError>
    /// The chip `selector` finds, with every line's use.
    func gpioChip(_ selector: GPIOChipSelector) -> Result<GPIOChipInfo, GPIOError>
}

/// The user and groups a process runs with.
public struct ProcessIdentity: Hashable, Sendable {
    /// The effective user id.
    public var uid: UInt32
    /// The user's name, or the number when the user database has none.
    public var userName: String
    /// The effective group and the supplementary groups the process has now (fixed at login:
    /// a group joined since is missing until the next one).
    public var groupIDs: [UInt32]

    /// Creates an identity.
    public init(uid: UInt32, userName: String, groupIDs: [UInt32]) {
        self.uid = uid
        self.userName = userName
        self.groupIDs = groupIDs
    }
}

/// A user account from the user database.
public struct UserAccount: Hashable, Sendable {
    /// The login name.
    public var name: String
    /// The user id.
    public var uid: UInt32
    /// The primary group's id.
    public var gid: UInt32

    /// Creates an account.
    public init(name: String, uid: UInt32, gid: UInt32) {
        self.name = name
        self.uid = uid
        self.gid = gid
    }
}

/// A group from the group database.
public struct GroupEntry: Hashable, Sendable {
    /// The group's name, e.g. `i2c`.
    public var name: String
    /// The group id.
    public var gid: UInt32
    /// The users the database lists as members (not those whose primary group it is).
    public var members: [String]

    /// Creates a group.
    public init(name: String, gid: UInt32, members: [String]) {
        self.name = name
        self.gid = gid
        self.members = members
    }
}

/// What `stat` says about a path: its kind, permission bits and owners.
public struct FileStatus: Hashable, Sendable {
    /// The kinds of file `glance doctor` tells apart.
    public enum Kind: String, Hashable, Sendable {
        case characterDevice = "character device"
        case directory
        case regular = "file"
        case other
    }

    /// Read, write and search/execute, as asked of a file.
    public struct Access: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Read permission (`r`).
        public static let read = Access(rawValue: 4)
        /// Write permission (`w`).
        public static let write = Access(rawValue: 2)
        /// Execute permission, or search permission on a folder (`x`).
        public static let execute = Access(rawValue: 1)
    }

    /// What the path is.
    public var kind: Kind
    /// The permission bits (`mode & 0o7777`).
    public var permissions: UInt32
    /// The owner's user id.
    public var owner: UInt32
    /// The owning group's id.
    public var group: UInt32

    /// Creates a status.
    public init(kind: Kind, permissions: UInt32, owner: UInt32, group: UInt32) {
        self.kind = kind
        self.permissions = permissions
        self.owner = owner
        self.group = group
    }

    /// Whether a process of `uid` with `groups` gets `access` by these bits, as the kernel
    /// decides it (owner bits for the owner, else group bits for a member, else the others'
    /// bits; root reads and writes anything and executes what anyone may). ACLs are not read.
    public func allows(_ access: Access, uid: UInt32, groups: Set<UInt32>) -> Bool {
        if uid == 0 {
            return !access.contains(.execute) || kind == .directory || permissions & 0o111 != 0
        }
        let bits = uid == owner ? (permissions >> 6) & 7 : groups.contains(group) ? (permissions >> 3) & 7 : permissions & 7
        return bits & access.rawValue == access.rawValue
    }

    /// For example `crw-rw----`.
    public var modeString: String {
        let type = switch kind {
        case .characterDevice: "c"
        case .directory: "d"
        case .regular, .other: "-"
        }
        let letters = Array("rwxrwxrwx")
        return type + String((0..<9).map { permissions & (0o400 >> UInt32($0)) != 0 ? letters[$0] : "-" })
    }
}

/// What answered on an I2C bus: `SystemProbe.probeI2C`.
///
/// Each address is probed as `i2cdetect` does by default: an SMBus quick write (the address
/// with the write bit and nothing after it, so no byte reaches the device) except at 0x30–0x37
/// and 0x50–0x5F, where EEPROMs sit that a quick write can upset, which get a one-byte read.
/// The probe never sends a data byte.
public struct I2CBusProbe: Hashable, Sendable {
    /// What one address did.
    public enum Answer: Hashable, Sendable {
        /// A device acknowledged.
        case answered
        /// Nobody acknowledged.
        case silent
        /// A kernel driver has bound the address (`I2C_SLAVE` said `EBUSY`): the device is
        /// there, but only that driver may talk to it.
        case claimed
        /// The probe failed in another way (the error number: a timeout, no way to probe).
        case failed(errno: Int32)
    }

    /// Why the bus could not be probed at all (it could not be opened or is no adapter); nil
    /// when it was.
    public var failure: I2CError?
    /// Each probed address's answer.
    public var answers: [UInt8: Answer]

    /// Creates a probe result.
    public init(failure: I2CError? = nil, answers: [UInt8: Answer] = [:]) {
        self.failure = failure
        self.answers = answers
    }

    /// The addresses probed from `range` whose device answered or is bound to a driver, in order.
    public func present(in range: ClosedRange<UInt8> = 0x03...0x77) -> [UInt8] {
        answers.filter { range.contains($0.key) && [Answer.answered, Answer.claimed].contains($0.value) }.keys.sorted()
    }

    /// The addresses `i2cdetect` probes with a one-byte read instead of a quick write.
    public static func readsToProbe(_ address: UInt8) -> Bool {
        (0x30...0x37).contains(address) || (0x50...0x5F).contains(address)
    }
}

extension SystemProbe {
    /// Why `user` (with `groups`) cannot reach `path` for `access`: the first folder on the
    /// way it may not enter, or the file itself; nil when it can. Relative paths are taken
    /// from `/`, as systemd takes them.
    public func reachProblem(_ path: String, uid: UInt32, groups: Set<UInt32>, access: FileStatus.Access) -> String? {
        let components = path.split(separator: "/").map(String.init)
        var current = ""
        guard let root = status(of: "/") else { return "/ cannot be read" }
        if !root.allows(.execute, uid: uid, groups: groups) { return "the folder / is closed to it" }
        for (index, component) in components.enumerated() {
            current += "/" + component
            guard let status = status(of: current) else { return "\(current) does not exist" }
            if index < components.count - 1 {
                if !status.allows(.execute, uid: uid, groups: groups) {
                    return "the folder \(current) (\(status.modeString), \(ownerDescription(status))) is closed to it"
                }
            } else if !status.allows(access, uid: uid, groups: groups) {
                let what = access.contains(.execute) ? "run" : access.contains(.write) ? "write" : "read"
                return "it may not \(what) \(current) (\(status.modeString), \(ownerDescription(status)))"
            }
        }
        return nil
    }

    /// For example `owner root, group i2c`.
    public func ownerDescription(_ status: FileStatus) -> String {
        "owner \(userName(status.owner)), group \(group(id: status.group)?.name ?? String(status.group))"
    }

    private func userName(_ uid: UInt32) -> String {
        user(id: uid)?.name ?? String(uid)
    }
}
