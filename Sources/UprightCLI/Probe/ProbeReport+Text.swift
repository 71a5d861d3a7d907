import UprightCore
import UprightHost
import UprightLinux
import UprightSim

/// `upright probe`'s text. The address lines are a contract (Tests/Kernel/guest-init.sh parses
/// them): the address in lowercase hex, the part's name, then the acceleration on the chip's
/// axes as ` x=X y=Y z=Z g` with three decimals; an absent address says `no acknowledge`.
extension ProbeReport {
    /// One line per candidate address.
    public var addressLines: [String] {
        results.map(Self.line)
    }

    /// Warnings (relatives and clones, movement, a magnitude far from 1 g), the verdict, and the
    /// board-file lines for what was found on `bus`.
    public func adviceLines(bus: Int) -> [String] {
        var lines: [String] = []
        for (address, reading) in readings {
            let model = reading.identity.model
            let at = "\(Self.hex(address))"
            if !model.isExpectedPart {
                let register = model.boardKind == "adxl345" ? "DEVID" : "WHO_AM_I"
                let what =
                    model == .mpu6050Clone
                    ? "an unofficial \(model.displayName)"
                    : "an \(model.displayName), a relative of the \(model.familyName)"
                lines.append(
                    "warning: \(at) answers \(register) \(Self.hex(reading.identity.idValue)): \(what); the \(model.familyName) driver uses only the registers they share (data, power, FIFO), so it works, but the board is not what it was sold as"
                )
            }
            if !Self.isStill(reading) {
                lines.append(
                    "warning: \(at) samples strayed up to \(TextFormat.fixed(Double(reading.spreadG), decimals: 3)) g from their mean: keep the board still while probing"
                )
            }
            if !Self.readsOneG(reading) {
                lines.append(
                    "warning: \(at) reads |a|=\(TextFormat.fixed(Double(reading.magnitudeG), decimals: 3)) g, not about 1 g at rest: check the supply (3.3 V) and that nothing else drives the chip"
                )
            }
        }
        for result in results {
            guard let holder = result.holder else { continue }
            guard holder.isAccelerometer else {
                lines.append("kernel: \(holder.summary): not an accelerometer's driver; left alone")
                continue
            }
            lines.append("kernel: " + holder.summary)
            for way in holder.waysOut { lines.append("  " + way) }
        }
        lines.append("verdict: " + verdict)
        let usable = readings.filter { Self.readsOneG($0.reading) }
        if !usable.isEmpty {
            lines.append("board file lines (boards/*.json; one sensor per board):")
            lines.append("  \"i2c\": {\"bus\": \(bus)},")
            for (address, reading) in usable {
                lines.append("  \"sensor\": {\"kind\": \"\(reading.identity.model.boardKind)\", \"address\": \"\(Self.hex(address))\"}")
            }
        }
        return lines
    }

    /// One sentence: what is usable, or what to check.
    public var verdict: String {
        let usable = readings.filter { Self.readsOneG($0.reading) }
        if !usable.isEmpty {
            let names = usable.map { "\($0.reading.identity.model.displayName) at \(Self.hex($0.address))" }
            let verb = usable.count == 1 ? "reads" : "read"
            return "ok: \(names.joined(separator: " and ")) \(verb) about 1 g at rest"
        }
        if !readings.isEmpty {
            return "not ok: the accelerometer answers but does not read about 1 g at rest"
        }
        if let holder = results.lazy.compactMap(\.holder).first(where: \.isAccelerometer) {
            return "not ok: \(holder.summary): see the two ways out above"
        }
        let answered = results.contains { result in
            if case .absent = result.outcome { return false }
            return true
        }
        if answered {
            return "not ok: something answers, but no supported accelerometer could be read (see the lines above)"
        }
        return
            "not ok: no accelerometer answers on this bus: check SDA, SCL, 3.3 V and GND, and the address pin (MPU-6050 AD0, ADXL345 SDO/ALT ADDRESS)"
    }

    static func line(_ result: ProbeAddressResult) -> String {
        let address = hex(result.address)
        switch result.outcome {
        case .absent(.noAcknowledge):
            return "\(address) absent (no acknowledge)"
        case .absent:
            return "\(address) absent (no acknowledge: the adapter reports no device there)"
        case .identityFailed(let error):
            return "\(address) error reading the identity register: \(error.message)"
        case .unknownDevice(let register, let value):
            return "\(address) unknown device (register \(hex(register)) reads \(hex(value)), no part the drivers know)"
        case .readFailed(let identity, let error):
            return "\(address) \(identity.model.displayName) id=\(hex(identity.idValue)) read failed: \(message(error))"
        case .noSamples(let identity):
            return "\(address) \(identity.model.displayName) id=\(hex(identity.idValue)) delivered no samples"
        case .held:
            guard let holder = result.holder else { return "\(address) held by a kernel driver" }
            return "\(address) held by the kernel's \(holder.driver) driver" + (holder.iioDevice.map { " (IIO device \($0))" } ?? "")
        case .chip(let reading):
            var text = "\(address) \(reading.identity.model.displayName) id=\(hex(reading.identity.idValue))"
            text += " x=\(fixed(reading.meanG.x)) y=\(fixed(reading.meanG.y)) z=\(fixed(reading.meanG.z)) g"
            text += " |a|=\(fixed(reading.magnitudeG)) g"
            if let celsius = reading.temperatureCelsius {
                text += " temperature=\(TextFormat.fixed(Double(celsius), decimals: 1)) C"
            }
            return text
        }
    }

    static func message(_ error: SensorError) -> String {
        switch error {
        case .bus(let error): error.message
        case .unknownDevice(_, let value): "identity changed to \(hex(value))"
        case .adapterTooSmall(let bytes): "the adapter reads at most \(bytes) bytes at once"
        }
    }

    /// `0x1d`: lowercase, two digits.
    static func hex(_ value: UInt8) -> String {
        (value < 0x10 ? "0x0" : "0x") + String(value, radix: 16)
    }

    static func fixed(_ value: Float) -> String {
        TextFormat.fixed(Double(value), decimals: 3)
    }
}
