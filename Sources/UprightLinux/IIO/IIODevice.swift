#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost

/// One scan element's storage in an IIO buffer record, from its `_type` attribute:
/// `be:s16/16>>0` is big-endian, signed, 16 bits of data in 16 bits of storage, shifted right
/// by 0 (the kernel's Documentation/ABI/testing/sysfs-bus-iio, "scan_elements/..._type";
/// docs/setup.md, "A chip the kernel drives").
public struct IIOScanType: Equatable, Sendable {
    public var bigEndian: Bool
    public var signed: Bool
    public var realBits: Int
    public var storageBits: Int
    public var shift: Int

    public init(bigEndian: Bool, signed: Bool, realBits: Int, storageBits: Int, shift: Int) {
        self.bigEndian = bigEndian
        self.signed = signed
        self.realBits = realBits
        self.storageBits = storageBits
        self.shift = shift
    }

    /// Parses `le:s12/16>>4`; nil for anything else (repeats, `X2`, are not read).
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0] == "be" || parts[0] == "le" else { return nil }
        var rest = Substring(parts[1])
        guard let sign = rest.first, sign == "s" || sign == "u" else { return nil }
        rest = rest.dropFirst()
        let bitsAndShift = rest.split(separator: ">", omittingEmptySubsequences: true)
        guard bitsAndShift.count == 2, rest.contains(">>") else { return nil }
        let sizes = bitsAndShift[0].split(separator: "/")
        guard sizes.count == 2, let real = Int(sizes[0]), let storage = Int(sizes[1]), let shift = Int(bitsAndShift[1]) else { return nil }
        guard [8, 16, 32, 64].contains(storage), real >= 1, real + shift <= storage else { return nil }
        self.init(bigEndian: parts[0] == "be", signed: sign == "s", realBits: real, storageBits: storage, shift: shift)
    }

    /// Bytes it takes in a record (and its alignment there).
    public var bytes: Int { storageBits / 8 }

    /// The value stored at `offset` of `record`.
    public func value(in record: UnsafeRawBufferPointer, at offset: Int) -> Int64 {
        var raw: UInt64 = 0
        for index in 0..<bytes {
            let byte = UInt64(record[offset + (bigEndian ? index : bytes - 1 - index)])
            raw = raw << 8 | byte
        }
        raw >>= UInt64(shift)
        let mask: UInt64 = realBits == 64 ? ~0 : (1 << UInt64(realBits)) - 1
        raw &= mask
        if signed && realBits < 64 && raw & (1 << UInt64(realBits - 1)) != 0 {
            raw |= ~mask
        }
        return Int64(bitPattern: raw)
    }
}

/// Where each enabled scan element sits in a buffer record: elements in `_index` order, each
/// aligned to its own size, the record padded to its largest element (the kernel's
/// industrialio-buffer.c, iio_compute_scan_bytes; sysfs-bus-iio, "scan_elements").
public struct IIORecordLayout: Equatable, Sendable {
    public struct Element: Equatable, Sendable {
        public var name: String
        public var index: Int
        public var type: IIOScanType
        public var offset: Int
    }

    public var elements: [Element]
    public var recordBytes: Int

    /// `channels`: (name, index, type) of the enabled elements, in any order.
    public init(channels: [(name: String, index: Int, type: IIOScanType)]) {
        var offset = 0
        var largest = 1
        var elements: [Element] = []
        for channel in channels.sorted(by: { $0.index < $1.index }) {
            let size = channel.type.bytes
            offset = (offset + size - 1) / size * size
            elements.append(Element(name: channel.name, index: channel.index, type: channel.type, offset: offset))
            offset += size
            largest = max(largest, size)
        }
        self.elements = elements
        recordBytes = (offset + largest - 1) / largest * largest
    }

    public func element(_ name: String) -> Element? { elements.first { $0.name == name } }
}

/// An IIO device's directory and what Upright reads from it: its name, the accelerometer's
/// (and a gyro's) scale and mount matrix, the raw attributes, the scan elements and whether
/// it has a trigger (docs/setup.md, "A chip the kernel drives").
public struct IIODevice: Equatable, Sendable {
    /// `/sys/bus/i2c/devices/1-0068/iio:device0`.
    public var directory: String
    /// `iio:device0`.
    public var node: String
    /// The driver's name attribute: `mpu6050`, `adxl345`.
    public var name: String
    /// m/s^2 per count (`in_accel_scale`).
    public var accelerationScale: Double
    /// rad/s per count (`in_anglvel_scale`), when the device has a gyro.
    public var angularRateScale: Double?
    /// The driver's mount matrix (`in_accel_mount_matrix`, else `in_mount_matrix`; identity
    /// when it has none).
    public var mountMatrix: MountMatrix

    /// Standard gravity, m/s^2 per g: IIO reports acceleration in m/s^2 (sysfs-bus-iio,
    /// in_accel_scale), the detector works in g (docs/conventions.md).
    public static let standardGravity = 9.80665

    /// The device the client at `address` on `bus` made, with its attributes read; throws a
    /// one-line reason naming what is missing.
    public static func find(bus: Int, address: UInt8, sysfs: Sysfs) throws(IIOError) -> IIODevice {
        let client = sysfs.i2cClient(bus: bus, address: address)
        let place = KernelHolder.hex(address) + " on bus \(bus)"
        guard let holder = KernelHolder.find(bus: bus, address: address, sysfs: sysfs) else {
            throw .missing(
                "no kernel driver holds \(place) (\(client) has no driver): turn the chip's overlay on (dtoverlay=mpu6050, or dtoverlay=i2c-sensor,adxl345 with an IIO driver) or use sensor.backend i2c"
            )
        }
        guard let node = holder.iioDevice else {
            throw .missing("\(holder.summary), which has no IIO device: use sensor.backend i2c with the overlay off")
        }
        return try read(directory: client + "/" + node, node: node)
    }

    /// Reads the device's attributes from `directory`.
    public static func read(directory: String, node: String) throws(IIOError) -> IIODevice {
        guard let name = Sysfs.read(directory + "/name") else {
            throw .missing("\(directory)/name cannot be read: the device went away")
        }
        guard let scaleText = Sysfs.read(directory + "/in_accel_scale") else {
            throw .missing("\(directory) has no in_accel_scale: \(name) is not an accelerometer Upright can read")
        }
        guard let scale = Double(scaleText), scale > 0 else {
            throw .malformed("\(directory)/in_accel_scale reads '\(scaleText)', not a scale")
        }
        var rateScale: Double?
        if let text = Sysfs.read(directory + "/in_anglvel_scale") {
            guard let value = Double(text), value > 0 else {
                throw .malformed("\(directory)/in_anglvel_scale reads '\(text)', not a scale")
            }
            rateScale = value
        }
        var matrix = MountMatrix.identity
        for attribute in ["in_accel_mount_matrix", "in_mount_matrix"] {
            guard let text = Sysfs.read(directory + "/" + attribute) else { continue }
            do {
                matrix = try MountMatrix(parsing: text)
            } catch {
                throw .malformed("\(directory)/\(attribute) reads '\(text)': \(error.message)")
            }
            break
        }
        return IIODevice(
            directory: directory, node: node, name: name, accelerationScale: scale, angularRateScale: rateScale, mountMatrix: matrix)
    }

    /// The raw attributes read per sample: the accelerometer's three, then the gyro's.
    public func rawAttributes(gyro: Bool) -> [String] {
        var names = ["in_accel_x_raw", "in_accel_y_raw", "in_accel_z_raw"]
        if gyro && angularRateScale != nil { names += ["in_anglvel_x_raw", "in_anglvel_y_raw", "in_anglvel_z_raw"] }
        return names.map { directory + "/" + $0 }
    }

    /// The trigger the buffer can run on: the current one, else the driver's own
    /// (`NAME-devN`, as inv_mpu6050 names the trigger of its interrupt); nil when there is
    /// none (a chip without an interrupt line: raw reads then).
    public func trigger(sysfs: Sysfs) -> String? {
        guard Sysfs.exists(directory + "/scan_elements"), Sysfs.exists(directory + "/buffer/enable") else { return nil }
        if let current = Sysfs.read(directory + "/trigger/current_trigger"), !current.isEmpty { return current }
        guard Sysfs.exists(directory + "/trigger/current_trigger") else { return nil }
        let own = name + "-dev" + node.dropFirst("iio:device".count)
        let triggers = sysfs.root + "/bus/iio/devices"
        for entry in Sysfs.list(triggers) where entry.hasPrefix("trigger") {
            if Sysfs.read(triggers + "/" + entry + "/name") == own { return own }
        }
        return nil
    }

    /// The scan elements Upright enables: the accelerometer's three, the gyro's three when
    /// read, and the kernel's timestamp.
    public func wantedScanElements(gyro: Bool) -> [String] {
        var names = ["in_accel_x", "in_accel_y", "in_accel_z"]
        if gyro && angularRateScale != nil { names += ["in_anglvel_x", "in_anglvel_y", "in_anglvel_z"] }
        return names + ["in_timestamp"]
    }

    /// The record layout of the scan elements enabled now (their `_en` reads 1).
    public func enabledLayout() throws(IIOError) -> IIORecordLayout {
        let scan = directory + "/scan_elements"
        var channels: [(name: String, index: Int, type: IIOScanType)] = []
        for entry in Sysfs.list(scan) where entry.hasSuffix("_en") {
            let name = String(entry.dropLast(3))
            guard Sysfs.read(scan + "/" + entry) == "1" else { continue }
            guard let indexText = Sysfs.read(scan + "/" + name + "_index"), let index = Int(indexText) else {
                throw .malformed("\(scan)/\(name)_index cannot be read")
            }
            guard let typeText = Sysfs.read(scan + "/" + name + "_type"), let type = IIOScanType(parsing: typeText) else {
                throw .malformed("\(scan)/\(name)_type is not a scan type Upright reads")
            }
            channels.append((name, index, type))
        }
        return IIORecordLayout(channels: channels)
    }
}

/// Why the IIO device could not be used, one line.
public enum IIOError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The device, or an attribute Upright needs, is not there.
    case missing(String)
    /// An attribute reads something Upright cannot parse.
    case malformed(String)
    /// The kernel refused a setting.
    case refused(String)

    public var description: String {
        switch self {
        case .missing(let text), .malformed(let text), .refused(let text): text
        }
    }
}
