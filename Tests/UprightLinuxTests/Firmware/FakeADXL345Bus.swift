import Glibc
import UprightCore
import UprightHost
import UprightLinux

/// An ADXL345 at 0x53 as plain register memory (like the kernel's i2c-stub), preloaded with
/// the left-up pose of docs/conventions.md, tilted: x = -1 g, y = +0.125 g, z = -0.25 g in full
/// resolution (256 LSB/g, little-endian from DATAX0 0x32: 00 ff 20 00 c0 ff), FIFO_STATUS
/// (0x39) reporting one entry, so each drain reads one sample. `failing` makes every transfer
/// fail with no-acknowledge (an unplugged sensor).
final class FakeADXL345Bus: I2CBus {
    var registers = [UInt8](repeating: 0, count: 64)
    var failing = false
    /// Alternates DATAX0 between 0x00 and 0x01 per read (one LSB of noise), so the driver's
    /// stuck-data check sees a live chip.
    var jitter = true
    private(set) var dataReads = 0
    let capabilities = I2CCapabilities.combined

    init() {
        registers[0x00] = 0xE5 // DEVID
        registers[0x39] = 0x01 // FIFO_STATUS: one entry
        registers.replaceSubrange(0x32...0x37, with: [0x00, 0xFF, 0x20, 0x00, 0xC0, 0xFF])
    }

    func transfer(address: UInt8, write: UnsafeRawBufferPointer, read: UnsafeMutableRawBufferPointer) throws(I2CError) {
        guard !failing, address == 0x53 else { throw .noAcknowledge }
        guard let register = write.first.map(Int.init) else { throw .unsupported }
        if write.count > 1 {
            for (offset, byte) in write.dropFirst().enumerated() where register + offset < registers.count {
                registers[register + offset] = byte
            }
        }
        for index in 0..<read.count {
            read[index] = register + index < registers.count ? registers[register + index] : 0
        }
        if register == 0x32, read.count == 6 {
            dataReads += 1
            if jitter { registers[0x32] ^= 0x01 }
        }
    }
}

/// CLOCK_MONOTONIC, the kernel's GPIO timestamp clock.
func monotonicNow() -> Instant {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Instant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
}

/// A pipe standing in for a GPIO line's descriptor; `edge` writes one gpio_v2_line_event.
final class FakeLine {
    let readFD: Int32
    private(set) var writeFD: Int32
    private var sequence: UInt32 = 0

    init() {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        close(readFD)
        if writeFD >= 0 { close(writeFD) }
    }

    /// The line's descriptor hangs up, as a line request does when its chip is removed.
    func hangUp() {
        close(writeFD)
        writeFD = -1
    }

    /// The line's edges; the source keeps the line (and its pipe) open as long as the firmware
    /// holds it: a line dropped by the test would close the descriptor under the firmware, a
    /// read error that ends the run (`device-lost`).
    var source: any EdgeSource { Source(line: self) }

    private final class Source: EdgeSource {
        let line: FakeLine
        init(line: FakeLine) { self.line = line }
        var fd: Int32 { line.readFD }
        func readEvents(into events: inout [GPIOEdgeEvent]) throws(LinuxDeviceError) -> Int {
            try GPIOLine.readEvents(fd: line.readFD, path: "fake-gpio", into: &events)
        }
    }

    /// struct gpio_v2_line_event: u64 timestamp_ns, u32 id (1 rising, 2 falling), u32 offset,
    /// u32 seqno, u32 line_seqno, u32 padding[6]: 48 bytes.
    func edge(rising: Bool, at time: Instant) {
        sequence += 1
        var record = [UInt8](repeating: 0, count: 48)
        withUnsafeBytes(of: UInt64(time.nanoseconds).littleEndian) { record.replaceSubrange(0..<8, with: $0) }
        record[8] = rising ? 1 : 2
        withUnsafeBytes(of: sequence.littleEndian) { record.replaceSubrange(16..<20, with: $0) }
        withUnsafeBytes(of: sequence.littleEndian) { record.replaceSubrange(20..<24, with: $0) }
        _ = record.withUnsafeBytes { write(writeFD, $0.baseAddress, 48) }
    }
}

/// A board for the fakes: ADXL345 (100 Hz FIFO unless told), the shutter on a (fake) line, short hold.
func testBoard(directory: String, still: [String], video: [String], rateHz: Int = 100, readMode: String = "fifo") throws -> Board {
    func list(_ items: [String]) -> String {
        // The test's arguments hold no double quotes or backslashes.
        "[" + items.map { "\"" + $0 + "\"" }.joined(separator: ", ") + "]"
    }
    let json = """
        {
          "name": "test",
          "i2c": { "bus": 9 },
          "sensor": { "kind": "adxl345", "address": "0x53", "rate_hz": \(rateHz), "range_g": 2, "read_mode": "\(readMode)" },
          "shutter": { "chip": "fake", "line": 0, "debounce_ms": 20, "hold_ms": 300 },
          "camera": { "backend": "command", "ready_ms": 1000, "still": \(list(still)), "video": \(list(video)) },
          "output": { "directory": "\(directory)", "journal": "\(directory)/journal.ndjson" }
        }
        """
    return try Board.parse(Array(json.utf8), file: "test.json")
}
