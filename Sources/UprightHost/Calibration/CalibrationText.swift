import UprightCore

/// The lines `upright calibrate` prints: prompts, progress, refusals that say what to do, and
/// the result with its residuals. Pure text, so the tests state the exact lines.
public enum CalibrationText {
    public static func line(_ event: CalibrationSession.Event, session: CalibrationSession) -> [String] {
        switch event {
        case .prompt(let number, let count, let pose):
            return ["pose \(number) of \(count): \(pose.instruction), and let it rest"]
        case .settling:
            return ["  resting; reading (keep it still)"]
        case .taken(let reading):
            let chip = reading.chipUp
            return [
                "  pose \(reading.number) taken: chip reads \(vector(reading.meanG)) g, |a| \(fixed(reading.meanG.magnitude)) g, gravity along chip \(chip), \(degrees(reading.degreesOffAxis)) off square (\(reading.sampleCount) samples)"
            ]
        case .refused(let number, let refusal):
            return ["  " + text(refusal, pose: session.plan[min(number, session.plan.count) - 1], session: session)]
        case .finished(let result):
            return self.result(result)
        case .failed(let error):
            return ["calibration failed: \(error.description)"]
        }
    }

    static func text(_ refusal: CalibrationSession.Refusal, pose: CalibrationPose, session: CalibrationSession) -> String {
        switch refusal {
        case .moved:
            return "moved before the reading was taken: keep it still for \(seconds(session.settings.holdSpan)) s (rest it against something)"
        case .farFromOneG(let magnitude):
            return
                "reads \(fixed(magnitude)) g, far from 1 g: rest the camera instead of moving it; if it stays so, sensor.range_g does not match the chip"
        case .notSquare(let offAxis, let nearest):
            return "gravity is \(degrees(offAxis)) from the chip's nearest axis (\(nearest)): \(pose.instruction), square to the table"
        case .samePose(let number):
            let earlier = session.readings.first { $0.number == number }?.pose.orientation.description ?? "?"
            return "this is pose \(number) again (\(earlier)): \(pose.instruction)"
        case .notAsAsked(let looksLike):
            return "this looks like \(looksLike), not \(pose.orientation): \(pose.instruction)"
        case .pressedTooSoon:
            return "hold it still a moment before pressing"
        }
    }

    /// The result: the matrix, each chip axis's offset (or why not measured), the residuals.
    public static func result(_ result: CalibrationResult) -> [String] {
        var lines = ["mount matrix: \"\(matrixText(result.mount))\" (\(describe(result.mount)))"]
        let names = ["x", "y", "z"]
        var offsets: [String] = []
        for axis in result.axes {
            let name = names[axis.axis]
            let value = [result.offsetG.x, result.offsetG.y, result.offsetG.z][axis.axis]
            if let sensitivity = axis.sensitivity {
                offsets.append(
                    "\(name) \(signed(value)) g (poses \(axis.upPoses.map(String.init).joined(separator: ", ")) up, \(axis.downPoses.map(String.init).joined(separator: ", ")) down; sensitivity \(signedPercent(sensitivity - 1)))"
                )
            } else {
                offsets.append("\(name) not measured, kept \(signed(value)) g (needs this axis seen up and down)")
            }
        }
        lines.append("offsets on the chip's axes: " + offsets.joined(separator: "; "))
        let worstDegrees = result.residuals.map(\.degreesFromSquare).max() ?? 0
        lines.append(
            "residual: |a| after correction within \(fixed(result.worstMagnitudeErrorG)) g of 1 g; poses held within \(degrees(worstDegrees)) of square"
        )
        for residual in result.residuals {
            lines.append(
                "  pose \(residual.pose): |a| \(signed(residual.magnitudeErrorG)) g from 1 g, \(degrees(residual.degreesFromSquare)) from square")
        }
        return lines
    }

    /// The board file's text form, rows `;`-separated (integers for a permutation).
    public static func matrixText(_ mount: MountMatrix) -> String {
        [mount.row0, mount.row1, mount.row2].map { row in
            [row.x, row.y, row.z].map(number).joined(separator: ", ")
        }.joined(separator: "; ")
    }

    /// The board file's `offset_g` value: `[x, y, z]`, three decimals (1 mg).
    public static func offsetText(_ offset: Vector3) -> String {
        "[" + [offset.x, offset.y, offset.z].map { TextFormat.fixed(Double($0), decimals: 3) }.joined(separator: ", ") + "]"
    }

    /// "device x = chip +z, y = chip -x, z = chip -y".
    static func describe(_ mount: MountMatrix) -> String {
        let rows = [mount.row0, mount.row1, mount.row2].map { SignedAxis(nearest: $0) }
        return "device " + zip(["x", "y", "z"], rows).map { "\($0) = chip \($1)" }.joined(separator: ", ")
    }

    static func number(_ value: Float) -> String {
        value.rounded() == value ? String(Int(value)) : TextFormat.fixed(Double(value), decimals: 4)
    }

    static func fixed(_ value: Float) -> String { TextFormat.fixed(Double(value), decimals: 3) }

    static func signed(_ value: Float) -> String {
        let text = fixed(value)
        return text.hasPrefix("-") ? text : "+" + text
    }

    static func signedPercent(_ fraction: Float) -> String {
        let text = TextFormat.fixed(Double(fraction) * 100, decimals: 1)
        return (text.hasPrefix("-") ? text : "+" + text) + "%"
    }

    static func vector(_ v: Vector3) -> String { "(\(signed(v.x)), \(signed(v.y)), \(signed(v.z)))" }

    static func degrees(_ value: Float) -> String { TextFormat.fixed(Double(value), decimals: 1) + " degrees" }

    static func seconds(_ span: TimeSpan) -> String {
        TextFormat.fixed(span.seconds, decimals: span.nanoseconds % 1_000_000_000 == 0 ? 0 : 1)
    }
}
