import UprightCore

/// The lines `upright calibrate` prints: prompts, progress, refusals that say what the camera
/// is doing and what to do, and the result. Two angles are kept apart in every line: how far
/// the chip sits from square in the camera (the mount's own, which the matrix takes out) and
/// how squarely each pose was held (what is left). Pure text, so the tests state the exact lines.
public enum CalibrationText {
    /// Above this the chip's own angle is worth a warning: more than gluing by eye leaves.
    public static let warningDegrees: Float = 10
    /// A pose reading further than this from 1 g after the offsets, with axes not measured, is
    /// worth a warning: half the detector's default tolerance.
    public static let unmeasuredWarningG: Float = 0.1

    public static func line(_ event: CalibrationSession.Event, session: CalibrationSession) -> [String] {
        switch event {
        case .prompt(let number, let count, let pose, let replacing):
            let again = replacing.map { " (again, for pose \($0))" } ?? ""
            return ["pose \(number) of \(count)\(again): \(pose.instruction), and let it rest"]
        case .settling:
            return ["  resting; reading (keep it still)"]
        case .taken(let reading):
            return ["  " + taken(reading, session: session)]
        case .refused(_, let pose, let refusal):
            return ["  " + text(refusal, pose: pose, session: session)]
        case .inDoubt(let poses):
            return [
                "  poses \(CalibrationError.list(poses)) cannot all be as asked: together they are a mirror image (one was turned the other way: the left side for the right, or lens down for lens up); the next poses tell which"
            ]
        case .dropped(let reading, let actual, let agreeing):
            return [
                "  pose \(reading.number) was not \(reading.pose.orientation): by poses \(CalibrationError.list(agreeing)) the camera was \(actual) then; it is asked for again"
            ]
        case .added(let pose, let disputed):
            return ["  one more pose (\(pose.orientation)) tells which of poses \(CalibrationError.list(disputed)) was turned the other way"]
        case .heldOff(let reading, let holdDegrees):
            return [
                "  pose \(reading.number) (\(reading.pose.orientation)) was held \(degrees(holdDegrees)) from square, the chip's own angle taken out (the others closer): it is asked for again, resting flat on a table"
            ]
        case .finished(let result):
            return self.result(result)
        case .failed(let error):
            return ["calibration failed: \(error.description)"]
        }
    }

    /// "pose 2 taken: chip reads (...) g, |a| 1.291 g, 88.9 degrees from pose 1 (a quarter turn) (1600 samples)".
    static func taken(_ reading: PoseReading, session: CalibrationSession) -> String {
        var text = "pose \(reading.number) taken: chip reads \(vector(reading.meanG)) g, |a| \(fixed(reading.meanG.magnitude)) g"
        if let previous = session.readings.last(where: { $0.number < reading.number }) {
            let angle = PoseRelation.degrees(reading.meanG, previous.meanG)
            let relation: String
            switch PoseRelation(reading.meanG, previous.meanG) {
            case .same: relation = "the same"
            case .quarterTurn: relation = "a quarter turn"
            case .turnedOver: relation = "turned over"
            case .between: relation = "not square"
            }
            text += ", \(degrees(angle)) from pose \(previous.number) (\(relation))"
        }
        return text + " (\(reading.sampleCount) samples)"
    }

    static func text(_ refusal: CalibrationSession.Refusal, pose: CalibrationPose, session: CalibrationSession) -> String {
        func label(_ number: Int) -> String {
            session.readings.first { $0.number == number }.map { "pose \(number) (\($0.pose.orientation))" } ?? "pose \(number)"
        }
        // Pose `number` is not confirmed by the others: it may be the wrong one, not this.
        func doubt(_ number: Int, _ sure: Bool) -> String {
            guard !sure, let earlier = session.readings.first(where: { $0.number == number }) else { return "" }
            return "; if it is so already, pose \(number) was not \(earlier.pose.orientation): start again"
        }
        switch refusal {
        case .moved(let stillSpan):
            return
                "moved after \(seconds(stillSpan, decimals: 1)) s at rest, before the reading was complete (it takes \(seconds(session.settings.holdSpan)) s still): reading again once it rests"
        case .farFromOneG(let magnitude, let corrected):
            let tolerance = session.settings.magnitudeToleranceG
            let after = corrected.map { ", \(fixed($0)) g less the offset the poses so far show" } ?? ""
            return
                "reads \(fixed(magnitude)) g at rest\(after); gravity and a chip's offset (up to 0.25 g an axis, the data sheets' limit) read \(fixed(1 - tolerance)) to \(fixed(1 + tolerance)) g: if every pose reads so, sensor.range_g does not match the chip or the chip is beyond its data sheet, else rest the camera on something steady"
        case .notSquare(let number, let angle):
            let blame = session.readings.count == 1 ? " (if pose \(number) was the crooked one, start again)" : ""
            return
                "this is \(degrees(angle)) from \(label(number)), not square to it (the same, a quarter turn or turned over): \(pose.instruction), flat against a table\(blame)"
        case .samePose(let number, let sure):
            return "it rests as it did for \(label(number)): \(pose.instruction)" + doubt(number, sure)
        case .notTurned(let number, let sure):
            return "still as for \(label(number)): now \(pose.instruction)" + doubt(number, sure)
        case .turnedOver(let number, let sure):
            return "this is \(label(number)) turned over: \(pose.instruction)" + doubt(number, sure)
        case .quarterTurn(let number, let sure):
            return "this is a quarter turn from \(label(number)), and \(pose.orientation) is that pose turned over: \(pose.instruction)"
                + doubt(number, sure)
        case .notAsAsked(let looksLike, let agreeing):
            return "by poses \(CalibrationError.list(agreeing)) this is \(looksLike), not \(pose.orientation): \(pose.instruction)"
        case .fitsNoMount(let disputed):
            return "this fits none of the ways poses \(CalibrationError.list(disputed)) can be read: \(pose.instruction)"
        case .pressedTooSoon:
            return "hold it still a moment before pressing"
        }
    }

    /// The result: the matrix, how the chip sits, the offsets on the device's axes, how the
    /// poses were held.
    public static func result(_ result: CalibrationResult) -> [String] {
        var lines = ["mount matrix: \"\(matrixText(result.mount))\" (\(describe(result.mount)))"]
        lines.append(chip(result))
        if !result.solution.isSquare, result.chipDegrees > warningDegrees {
            lines.append(
                "warning: the chip sits \(degrees(result.chipDegrees)) off square in the camera; the matrix takes that out, so photos latch as on a square chip, as long as the chip stays put (calibrate again if it moves)"
            )
        }
        let names = ["x", "y", "z"]
        let sides = ["the camera on each side", "the camera upright and upside down", "the camera lens up and lens down"]
        var offsets: [String] = []
        for axis in result.axes {
            let chip = "[chip \(chipAxes(of: result.solution.written.rows[axis.axis]))]"
            if let scale = axis.scale {
                let poses = CalibrationError.list((axis.upPoses + axis.downPoses).sorted())
                offsets.append("\(names[axis.axis]) \(signed(axis.offsetG)) g \(chip) (poses \(poses); scale \(signedPercent(scale - 1)))")
            } else {
                offsets.append("\(names[axis.axis]) not measured, kept \(signed(axis.offsetG)) g \(chip) (needs \(sides[axis.axis]))")
            }
        }
        lines.append("offsets on the device's axes: " + offsets.joined(separator: "; "))
        if result.worstMagnitudeErrorG > unmeasuredWarningG, result.measuredAxes.count < 3,
            let worst = result.residuals.max(by: { abs($0.magnitudeG - 1) < abs($1.magnitudeG - 1) })
        {
            lines.append(
                "warning: at rest pose \(worst.pose) still reads \(fixed(worst.magnitudeG)) g after the offsets, the axes not measured keeping theirs (the detector trusts 1 g +-\(fixed(DetectorParameters().magnitudeToleranceG)) by default): 6 poses measure all three"
            )
        }
        lines.append("offset_g on the chip's axes: \(offsetText(result.offsetG))")
        lines.append(
            "residual: poses held within \(degrees(result.worstHoldDegrees)) of square (the chip's own angle taken out); |a| after the offsets within \(milliG(result.worstMagnitudeErrorG)) of 1 g"
        )
        for residual in result.residuals {
            lines.append(
                "  pose \(residual.pose) (\(residual.orientation)): held \(degrees(residual.holdDegrees)) from square, |a| \(fixed(residual.magnitudeG)) g"
            )
        }
        return lines
    }

    /// How the chip sits in the camera.
    static func chip(_ result: CalibrationResult) -> String {
        let off = degrees(result.chipDegrees)
        let judgement = result.solution.judgement
        let explained = "the \(degrees(Float(judgement.explainedDegrees))) the poses' own scatter explains (\(scatter(judgement)))"
        if result.solution.isSquare {
            return
                "chip square in the camera: the fit is \(degrees(Float(judgement.degreesFromSquare))) from this axis permutation, within \(explained): written exact"
        }
        let twist = result.chipTwistDegrees
        let direction = twist < 0 ? "clockwise" : "counter-clockwise"
        let unmeasured =
            result.solution.isFullyMeasured
            ? "" : " (with two poses the tilt about their diagonal is not measured but taken from the board's offset_g; three measure it)"
        return
            "chip \(off) off square in the camera: turned \(degrees(abs(twist))) in the camera's plane (\(direction) seen from the back) and tilted \(degrees(result.chipTiltDegrees)) out of it\(unmeasured); more than \(explained)"
    }

    /// What the scatter is judged from: the poses and the confidence, or two poses' one check.
    static func scatter(_ judgement: SquareJudgement) -> String {
        let confidence = "\(Int((SquareJudgement.confidence * 100).rounded()))%"
        guard let pair = judgement.pairAngleErrorDegrees else { return "\(judgement.poses) poses, \(confidence)" }
        return "2 poses, \(confidence): their one check, their angle apart, is \(degrees(Float(abs(pair)))) from a quarter turn"
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

    /// "device x = chip +z, y = chip -x, z = chip -y", each row's nearest chip axis; "nearest"
    /// first when the matrix is not a permutation.
    static func describe(_ mount: MountMatrix) -> String {
        let rows = [mount.row0, mount.row1, mount.row2]
        let nearest = rows.map { SignedAxis(nearest: $0) }
        let square = zip(rows, nearest).allSatisfy { $0 == $1.vector }
        return (square ? "device " : "nearest: device ") + zip(["x", "y", "z"], nearest).map { "\($0) = chip \($1)" }.joined(separator: ", ")
    }

    /// A device axis on the chip's: "-y", or "+0.966 x -0.259 y" off square.
    static func chipAxes(of row: SIMD3<Double>) -> String {
        let vector = Vector3(x: Float(row.x), y: Float(row.y), z: Float(row.z))
        let nearest = SignedAxis(nearest: vector)
        if (vector - nearest.vector).magnitude < 0.0005 { return nearest.description }
        return zip(["x", "y", "z"], [vector.x, vector.y, vector.z]).filter { abs($0.1) >= 0.0005 }.map { "\(signed($0.1)) \($0.0)" }.joined(
            separator: " ")
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

    static func milliG(_ value: Float) -> String { "\(Int((value * 1000).rounded())) mg" }

    static func vector(_ v: Vector3) -> String { "(\(signed(v.x)), \(signed(v.y)), \(signed(v.z)))" }

    static func degrees(_ value: Float) -> String { TextFormat.fixed(Double(value), decimals: 1) + " degrees" }

    static func seconds(_ span: TimeSpan, decimals: Int? = nil) -> String {
        TextFormat.fixed(span.seconds, decimals: decimals ?? (span.nanoseconds % 1_000_000_000 == 0 ? 0 : 1))
    }
}
