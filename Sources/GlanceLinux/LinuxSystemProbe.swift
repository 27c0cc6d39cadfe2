import CI2C
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The running system's answers to `SystemProbe`'s questions: `stat`, `open`, the user and
/// group databases, i2c-dev and libgpiod. Nothing is changed and nothing is written to a device.
///
/// Creating one does no I/O; each method looks when called.
public struct LinuxSystemProbe: SystemProbe {
    /// Where the `i2c-N` and `gpiochipN` devices live.
    public var deviceDirectory: String

    /// Creates a probe of this machine.
    public init(deviceDirectory: String = "/dev") {
        self.deviceDirectory = deviceDirectory
    }

    public func identity() -> ProcessIdentity {
        let uid = geteuid()
        let count = getgroups(0, nil)
        var groups = [gid_t](repeating: 0, count: Int(max(count, 0)))
        let filled = count > 0 ? getgroups(count, &groups) : 0
        let ids = [getegid()] + groups.prefix(Int(max(filled, 0))).filter { $0 != getegid() }
        return ProcessIdentity(uid: uid, userName: user(id: uid)?.name ?? String(uid), groupIDs: ids)
    }

    public func status(of path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let kind: FileStatus.Kind = switch info.st_mode & S_IFMT {
        case S_IFCHR: .characterDevice
        case S_IFDIR: .directory
        case S_IFREG: .regular
        default: .other
        }
        return FileStatus(kind: kind, permissions: UInt32(info.st_mode & 0o7777), owner: info.st_uid, group: info.st_gid)
    }

    public func openError(readWrite path: String) -> Int32? {
        // O_NONBLOCK: a FIFO or a tty must not hold the doctor up.
        let descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { return errno }
        close(descriptor)
        return nil
    }

    public func text(of path: String) -> String? {
        guard let status = status(of: path), status.kind == .regular else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let limit = 64 << 10
        var bytes = [UInt8](repeating: 0, count: limit)
        var filled = 0
        while filled < limit {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, limit - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        return String(decoding: bytes.prefix(filled), as: UTF8.self)
    }

    public func entries(of directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = cString(entry.pointee.d_name)
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    public func linkTarget(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func user(named name: String) -> UserAccount? {
        account { getpwnam_r(name, &$0, $1, $2, &$3) }
    }

    public func user(id: UInt32) -> UserAccount? {
        account { getpwuid_r(id, &$0, $1, $2, &$3) }
    }

    private func account(_ lookUp: (inout passwd, UnsafeMutablePointer<CChar>, Int, inout UnsafeMutablePointer<passwd>?) -> Int32) -> UserAccount? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16 << 10)
        let status = buffer.withUnsafeMutableBufferPointer { lookUp(&entry, $0.baseAddress!, $0.count, &result) }
        guard status == 0, result != nil else { return nil }
        return UserAccount(name: String(cString: entry.pw_name), uid: entry.pw_uid, gid: entry.pw_gid)
    }

    public func group(id: UInt32) -> GroupEntry? {
        groupEntry { getgrgid_r(id, &$0, $1, $2, &$3) }
    }

    public func group(named name: String) -> GroupEntry? {
        groupEntry { getgrnam_r(name, &$0, $1, $2, &$3) }
    }

    private func groupEntry(_ lookUp: (inout Glibc.group, UnsafeMutablePointer<CChar>, Int, inout UnsafeMutablePointer<Glibc.group>?) -> Int32) -> GroupEntry? {
        var entry = Glibc.group()
        var result: UnsafeMutablePointer<Glibc.group>?
        // Large groups list many members.
        var buffer = [CChar](repeating: 0, count: 64 << 10)
        let status = buffer.withUnsafeMutableBufferPointer { lookUp(&entry, $0.baseAddress!, $0.count, &result) }
        guard status == 0, result != nil else { return nil }
        var members: [String] = []
        if var member = entry.gr_mem {
            while let name = member.pointee {
                members.append(String(cString: name))
                member += 1
            }
        }
        return GroupEntry(name: String(cString: entry.gr_name), gid: entry.gr_gid, members: members)
    }

    public func groupIDs(of user: UserAccount) -> [UInt32] {
        var count: Int32 = 64
        while true {
            var groups = [gid_t](repeating: 0, count: Int(count))
            var asked = count
            if getgrouplist(user.name, user.gid, &groups, &asked) >= 0 {
                return Array(groups.prefix(Int(asked)))
            }
            guard asked > count, asked < 65_536 else { return [user.gid] }
            count = asked
        }
    }

    public func probeI2C(bus: Int, addresses: [UInt8]) -> I2CBusProbe {
        let path = "\(deviceDirectory)/i2c-\(bus)"
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return I2CBusProbe(failure: .open(bus: bus, path: path, errno: errno)) }
        defer { close(descriptor) }
        var functionality: UInt = 0
        guard ioctl(descriptor, UInt(I2C_FUNCS), &functionality) == 0 else {
            return I2CBusProbe(failure: .functionality(bus: bus, path: path, errno: errno))
        }
        let canQuick = functionality & UInt(I2C_FUNC_SMBUS_QUICK) != 0
        let canRead = functionality & UInt(I2C_FUNC_SMBUS_READ_BYTE) != 0
        var answers: [UInt8: I2CBusProbe.Answer] = [:]
        for address in addresses {
            // i2cdetect's choice per address, the other way when the adapter lacks it.
            let read = I2CBusProbe.readsToProbe(address) ? canRead : !canQuick && canRead
            guard read || canQuick else {
                answers[address] = .failed(errno: EOPNOTSUPP)
                continue
            }
            // Not I2C_SLAVE_FORCE: a driver's address must say so (EBUSY), not be talked over.
            guard ioctl(descriptor, UInt(I2C_SLAVE), CInt(address)) == 0 else {
                let code = errno
                answers[address] = code == EBUSY ? .claimed : .failed(errno: code)
                continue
            }
            let result = read ? i2c_smbus_read_byte(descriptor) : i2c_smbus_write_quick(descriptor, UInt8(I2C_SMBUS_WRITE))
            // libi2c returns the negated error number. Adapters say "no acknowledge" in several
            // ways (i2cdetect takes every failure for one).
            switch -result {
            case ...0: answers[address] = .answered
            case ENXIO, EREMOTEIO, EIO, ENODEV: answers[address] = .silent
            default: answers[address] = .failed(errno: -result)
            }
        }
        return I2CBusProbe(answers: answers)
    }

    public func loadLibgpiod() -> Result<Int, GPIOError> {
        Result { () throws(GPIOError) in try GPIOLibrary.load() }
    }

    public func gpioChip(_ selector: GPIOChipSelector) -> Result<GPIOChipInfo, GPIOError> {
        do {
            return .success(try GPIO(deviceDirectory: deviceDirectory).chip(selector))
        } catch let error as GPIOError {
            return .failure(error)
        } catch {
            // GPIO's methods throw only GPIOError; should that change, the message keeps the cause.
            return .failure(.system(operation: "reading the GPIO chip (\(error))", path: deviceDirectory, errno: EIO))
        }
    }
}
