#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost
import UprightLinux

/// `upright probe`: find and identify the accelerometer on an I2C bus
enum ProbeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "probe",
        summary: "find and identify the accelerometer on an I2C bus",
        positionals: [],
        options: [
            .value("bus", "N", help: "I2C bus number (default 1)")
        ],
        discussion: """
            Like i2cdetect for Upright's chips: reads the identity register at 0x68 and 0x69
            (MPU-6050 WHO_AM_I) and 0x53 and 0x1d (ADXL345 DEVID), names what answers
            (relatives and clones too, with a warning), initialises it, averages a few
            samples on the chip's own axes (and the MPU-6050's temperature), checks the
            magnitude is about 1 g at rest, and prints a verdict and the board-file lines to
            use. Keep the board still while it runs. Exit status 0 when a supported chip
            reads about 1 g, 1 when none does or the bus cannot be opened, 2 for bad usage.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        let bus = try busNumber(arguments)
        let adapter: LinuxI2CBus
        do throws(LinuxDeviceError) {
            adapter = try LinuxI2CBus(bus: bus)
        } catch {
            throw .failed(error.description)
        }
        let kind =
            adapter.capabilities.combinedTransfers
            ? "I2C_RDWR combined transfers"
            : "SMBus only: register reads as I2C block reads of at most \(adapter.capabilities.maximumReadBytes) bytes"
        console.print("bus \(bus): \(adapter.path) (\(kind))")
        var probe = BusProbe(bus: adapter, now: MonotonicClock.now, sleep: sleep)
        probe.holder = { KernelHolder.find(bus: bus, address: $0) }
        let report = probe.run()
        for line in report.addressLines { console.print(line) }
        // Every transfer the probe made, by the path LinuxI2CBus chose for it (a contract line
        // of Tests/Kernel/guest-init.sh).
        let counts = adapter.transferCounts
        console.print("bus \(bus) reads: i2c-rdwr=\(counts.combined) smbus-block=\(counts.smbus)")
        for line in report.adviceLines(bus: bus) { console.print(line) }
        return report.exitStatus
    }

    static func busNumber(_ arguments: ParsedArguments) throws(CommandError) -> Int {
        guard let text = arguments.value("bus") else { return 1 }
        guard let bus = Int(text), (0...255).contains(bus) else {
            throw .usage(UsageError("--bus '\(text)' is not a bus number (0 to 255, the N of /dev/i2c-N)"))
        }
        return bus
    }

    static func sleep(_ span: TimeSpan) {
        guard span.nanoseconds > 0 else { return }
        var request = timespec(tv_sec: Int(span.nanoseconds / 1_000_000_000), tv_nsec: Int(span.nanoseconds % 1_000_000_000))
        var remaining = timespec()
        // Bounded: each EINTR resumes with what is left, which only shrinks.
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
