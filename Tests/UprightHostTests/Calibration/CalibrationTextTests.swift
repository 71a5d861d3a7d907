import Testing
import UprightCore
import UprightHost

@Suite struct CalibrationTextTests {
    /// A session with the fixture's poses 1 and 2 taken (six planned), asking for pose 3.
    static func sessionAfterTwoPoses() -> CalibrationSession {
        var script = CalibrationScript(poses: 6, start: CalibrationFixtures.readings[0])
        script.rest(2)
        script.move(to: CalibrationFixtures.readings[1])
        script.rest(2)
        return script.session
    }

    static func lines(_ refusals: [CalibrationSession.Refusal], _ session: CalibrationSession) -> [String] {
        refusals.flatMap { CalibrationText.line(.refused(number: 3, pose: CalibrationPose.sequence[2], $0), session: session) }
    }

    /// Every refusal says what the camera is doing and what to do; one that blames an earlier
    /// pose the others do not confirm says that either may be the wrong one.
    @Test func refusalsSayWhatToDo() {
        let session = Self.sessionAfterTwoPoses()
        #expect(
            Self.lines(
                [
                    .moved(afterStill: .milliseconds(400)), .farFromOneG(magnitudeG: 1.62, correctedG: nil),
                    .farFromOneG(magnitudeG: 1.62, correctedG: 1.55),
                    .notSquare(to: 1, degrees: 62), .samePose(number: 1, sure: false), .samePose(number: 2, sure: true),
                    .notTurned(number: 2, sure: false), .turnedOver(number: 1, sure: false), .quarterTurn(number: 1, sure: true),
                    .notAsAsked(looksLike: .leftUp, agreeing: [1, 3, 4, 5]), .fitsNoMount(disputed: [1, 2]), .pressedTooSoon,
                ], session)
                == [
                    "  moved after 0.4 s at rest, before the reading was complete (it takes 1.5 s still): reading again once it rests",
                    "  reads 1.620 g at rest; gravity and a chip's offset (up to 0.25 g an axis, the data sheets' limit) read 0.550 to 1.450 g: if every pose reads so, sensor.range_g does not match the chip or the chip is beyond its data sheet, else rest the camera on something steady",
                    "  reads 1.620 g at rest, 1.550 g less the offset the poses so far show; gravity and a chip's offset (up to 0.25 g an axis, the data sheets' limit) read 0.550 to 1.450 g: if every pose reads so, sensor.range_g does not match the chip or the chip is beyond its data sheet, else rest the camera on something steady",
                    "  this is 62.0 degrees from pose 1 (normal), not square to it (the same, a quarter turn or turned over): lay the camera on its back, lens to the sky, flat against a table",
                    "  it rests as it did for pose 1 (normal): lay the camera on its back, lens to the sky; if it is so already, pose 1 was not normal: start again",
                    "  it rests as it did for pose 2 (right-up): lay the camera on its back, lens to the sky",
                    "  still as for pose 2 (right-up): now lay the camera on its back, lens to the sky; if it is so already, pose 2 was not right-up: start again",
                    "  this is pose 1 (normal) turned over: lay the camera on its back, lens to the sky; if it is so already, pose 1 was not normal: start again",
                    "  this is a quarter turn from pose 1 (normal), and lens-up is that pose turned over: lay the camera on its back, lens to the sky",
                    "  by poses 1, 3, 4 and 5 this is left-up, not lens-up: lay the camera on its back, lens to the sky",
                    "  this fits none of the ways poses 1 and 2 can be read: lay the camera on its back, lens to the sky",
                    "  hold it still a moment before pressing",
                ])
    }

    /// With one pose taken, a pose not square to it may be its fault.
    @Test func notSquareToTheOnlyPoseMayBeItsFault() {
        var script = CalibrationScript(poses: 6, start: CalibrationFixtures.readings[0])
        script.rest(2)
        #expect(
            Self.lines([.notSquare(to: 1, degrees: 62)], script.session)
                == [
                    "  this is 62.0 degrees from pose 1 (normal), not square to it (the same, a quarter turn or turned over): lay the camera on its back, lens to the sky, flat against a table (if pose 1 was the crooked one, start again)"
                ])
    }

    @Test func progressLines() throws {
        var script = CalibrationScript(poses: 6, start: CalibrationFixtures.readings[0])
        script.rest(2)
        script.move(to: CalibrationFixtures.readings[1])
        script.rest(2)
        let session = script.session
        let two = try #require(session.readings.last)
        let dropped = PoseReading(number: 2, pose: CalibrationPose.sequence[1], meanG: .zero, sampleCount: 1)
        let lines = [
            CalibrationSession.Event.prompt(number: 2, of: 6, pose: CalibrationPose.sequence[1], replacing: nil),
            .prompt(number: 7, of: 7, pose: CalibrationPose.sequence[1], replacing: 2), .settling(number: 2), .taken(two),
            .inDoubt(poses: [1, 2, 3]), .dropped(dropped, actual: .leftUp, agreeing: [1, 3, 4, 5]),
            .added(CalibrationPose.sequence[3], disputed: [1, 2, 3]), .heldOff(dropped, degrees: 12.34), .failed(.undecided(poses: [1, 2, 3])),
        ].flatMap { CalibrationText.line($0, session: session) }
        #expect(
            lines == [
                "pose 2 of 6: put the camera on its left side (right edge up), and let it rest",
                "pose 7 of 7 (again, for pose 2): put the camera on its left side (right edge up), and let it rest",
                "  resting; reading (keep it still)",
                "  pose 2 taken: chip reads (+0.200, -1.250, +0.230) g, |a| 1.287 g, 90.0 degrees from pose 1 (a quarter turn) (160 samples)",
                "  poses 1, 2 and 3 cannot all be as asked: together they are a mirror image (one was turned the other way: the left side for the right, or lens down for lens up); the next poses tell which",
                "  pose 2 was not right-up: by poses 1, 3, 4 and 5 the camera was left-up then; it is asked for again",
                "  one more pose (bottom-up) tells which of poses 1, 2 and 3 was turned the other way",
                "  pose 2 (right-up) was held 12.3 degrees from square, the chip's own angle taken out (the others closer): it is asked for again, resting flat on a table",
                "calibration failed: poses 1, 2 and 3 cannot all be as asked (together they are a mirror image: one was turned the other way, the left side for the right or lens down for lens up) and no pose is left to tell which; start again",
            ])
    }

    /// A square chip: the exact permutation, the offsets on the device's axes with the chip's
    /// in brackets, the chip's own offset_g, and the holds.
    @Test func resultLines() throws {
        let result = try CalibrationResult(readings: CalibrationFixtures.poses(first: 6))
        #expect(
            CalibrationText.result(result) == [
                #"mount matrix: "0, -1, 0; -1, 0, 0; 0, 0, -1" (device x = chip -y, y = chip -x, z = chip -z)"#,
                "chip square in the camera: the fit is 0.0 degrees from this axis permutation, within the 0.0 degrees the poses' own scatter explains (6 poses, 95%): written exact",
                "offsets on the device's axes: x +0.250 g [chip -y] (poses 2 and 5; scale +0.0%); y -0.200 g [chip -x] (poses 1 and 4; scale +0.0%); z -0.230 g [chip -z] (poses 3 and 6; scale +0.0%)",
                "offset_g on the chip's axes: [0.200, -0.250, 0.230]",
                "residual: poses held within 0.0 degrees of square (the chip's own angle taken out); |a| after the offsets within 0 mg of 1 g",
                "  pose 1 (normal): held 0.0 degrees from square, |a| 1.000 g",
                "  pose 2 (right-up): held 0.0 degrees from square, |a| 1.000 g",
                "  pose 3 (lens-up): held 0.0 degrees from square, |a| 1.000 g",
                "  pose 4 (bottom-up): held 0.0 degrees from square, |a| 1.000 g",
                "  pose 5 (left-up): held 0.0 degrees from square, |a| 1.000 g",
                "  pose 6 (lens-down): held 0.0 degrees from square, |a| 1.000 g",
            ])
        #expect(CalibrationText.offsetText(result.offsetG) == "[0.200, -0.250, 0.230]")
    }

    /// A chip glued 15 degrees off in the camera's plane, 3 percent over on chip x, the poses
    /// held 2 to 4 degrees off: the chip's angle apart from the holds, a warning, the matrix
    /// in four decimals (chip x's scale turns it by a few hundredths of a degree), the scale on
    /// the device axes that chip x mostly is.
    @Test func aCrookedChipIsNamedApartFromTheHolds() throws {
        var readings = CalibrationFixtures.readings(truth: CalibrationFixtures.crooked(15, about: SIMD3(0, 0, 1)), holds: CalibrationFixtures.holds)
        for index in readings.indices { readings[index].x = (readings[index].x - 0.2) * 1.03 + 0.2 }
        let lines = CalibrationText.result(try CalibrationResult(readings: CalibrationFixtures.poses(readings)))
        #expect(
            Array(lines.prefix(6)) == [
                #"mount matrix: "0.2592, -0.9658, -0.0001; -0.9658, -0.2592, 0.0002; -0.0002, 0, -1" (nearest: device x = chip -y, y = chip -x, z = chip -z)"#,
                "chip 15.0 degrees off square in the camera: turned 15.0 degrees in the camera's plane (counter-clockwise seen from the back) and tilted 0.0 degrees out of it; more than the 4.1 degrees the poses' own scatter explains (6 poses, 95%)",
                "warning: the chip sits 15.0 degrees off square in the camera; the matrix takes that out, so photos latch as on a square chip, as long as the chip stays put (calibrate again if it moves)",
                "offsets on the device's axes: x +0.293 g [chip +0.259 x -0.966 y] (poses 2 and 5; scale +0.3%); y -0.128 g [chip -0.966 x -0.259 y] (poses 1 and 4; scale +2.8%); z -0.230 g [chip -z] (poses 3 and 6; scale +0.0%)",
                "offset_g on the chip's axes: [0.200, -0.250, 0.230]",
                "residual: poses held within 3.9 degrees of square (the chip's own angle taken out); |a| after the offsets within 28 mg of 1 g",
            ])
    }

    /// Axes not measured say why, on the device's axes; a pose that still reads far from 1 g
    /// because of them is warned of.
    @Test func unmeasuredAxesSayWhy() throws {
        let result = try CalibrationResult(readings: CalibrationFixtures.poses(first: 4), priorOffsetG: Vector3(x: 0, y: 0.01, z: 0))
        #expect(
            Array(CalibrationText.result(result)[2...4]) == [
                "offsets on the device's axes: x not measured, kept -0.010 g [chip -y] (needs the camera on each side); y -0.200 g [chip -x] (poses 1 and 4; scale +0.0%); z not measured, kept +0.000 g [chip -z] (needs the camera lens up and lens down)",
                "warning: at rest pose 2 still reads 1.281 g after the offsets, the axes not measured keeping theirs (the detector trusts 1 g +-0.200 by default): 6 poses measure all three",
                "offset_g on the chip's axes: [0.200, 0.010, 0.000]",
            ])
    }

    /// Two poses measure a crooked chip's turn in their plane, not its tilt about their
    /// diagonal: said.
    @Test func twoPosesSayWhatTheyCannotMeasure() throws {
        let readings = CalibrationFixtures.readings(truth: CalibrationFixtures.crooked(15, about: SIMD3(0, 0, 1)), bias: .zero)
        let result = try CalibrationResult(readings: CalibrationFixtures.poses(Array(readings.prefix(2))))
        #expect(
            CalibrationText.result(result)[1]
                == "chip 15.0 degrees off square in the camera: turned 15.0 degrees in the camera's plane (counter-clockwise seen from the back) and tilted 0.0 degrees out of it (with two poses the tilt about their diagonal is not measured but taken from the board's offset_g; three measure it); more than the 0.0 degrees the poses' own scatter explains (2 poses, 95%: their one check, their angle apart, is 0.0 degrees from a quarter turn)"
        )
    }

    /// A square chip from three poses held 3 to 4 degrees off (the fixture's holds): the fit is
    /// 3.4 degrees off, which the holds explain; the output says so and writes it square (with
    /// a fixed 2 degrees it said "chip 3.4 degrees off square", false about the chip).
    @Test func aSquareChipHeldByHandSaysWhyItIsSquare() throws {
        let readings = CalibrationFixtures.readings(truth: CalibrationFixtures.square, holds: CalibrationFixtures.holds)
        let lines = CalibrationText.result(try CalibrationResult(readings: CalibrationFixtures.poses(Array(readings.prefix(3)))))
        #expect(
            Array(lines.prefix(2)) == [
                #"mount matrix: "0, -1, 0; -1, 0, 0; 0, 0, -1" (device x = chip -y, y = chip -x, z = chip -z)"#,
                "chip square in the camera: the fit is 3.4 degrees from this axis permutation, within the 13.1 degrees the poses' own scatter explains (3 poses, 95%): written exact",
            ])
    }

    @Test func errorTexts() {
        #expect(
            CalibrationError.disagree(poses: [2], agreeing: [1, 3, 4, 5]).description
                == "pose 2 does not fit the mount poses 1, 3, 4 and 5 agree on: it was not the pose asked for; start again")
        #expect(
            CalibrationError.offsetTooLarge(chipAxis: 0, offsetG: 0.6).description
                == "the chip's x axis reads +0.600 g at zero g, more than the board file takes (0.5 g): a broken chip, or sensor.range_g does not match it"
        )
        #expect(
            CalibrationError.tooManyPoses(taken: 12).description
                == "12 poses taken and they still do not agree on one mount; start again, resting the camera on a table in each pose")
        #expect(
            CalibrationError.tooFewPoses(found: 1).description
                == "1 pose with a different axis up; the mount matrix needs two (upright, then on its side or lens up)")
    }
}
