import Testing
import UprightCore
import UprightHost

@Suite struct CalibrationTextTests {
    @Test func resultLines() throws {
        let result = try CalibrationResult(readings: CalibrationFixtures.poses(first: 6))
        #expect(
            CalibrationText.result(result) == [
                #"mount matrix: "0, -1, 0; -1, 0, 0; 0, 0, -1" (device x = chip -y, y = chip -x, z = chip -z)"#,
                "offsets on the chip's axes: x +0.200 g (poses 4 up, 1 down; sensitivity +0.0%); y -0.250 g (poses 5 up, 2 down; sensitivity +0.0%); z +0.230 g (poses 3 up, 6 down; sensitivity +0.0%)",
                "residual: |a| after correction within 0.000 g of 1 g; poses held within 0.0 degrees of square",
                "  pose 1: |a| +0.000 g from 1 g, 0.0 degrees from square",
                "  pose 2: |a| +0.000 g from 1 g, 0.0 degrees from square",
                "  pose 3: |a| +0.000 g from 1 g, 0.0 degrees from square",
                "  pose 4: |a| +0.000 g from 1 g, 0.0 degrees from square",
                "  pose 5: |a| +0.000 g from 1 g, 0.0 degrees from square",
                "  pose 6: |a| +0.000 g from 1 g, 0.0 degrees from square",
            ])
        #expect(CalibrationText.offsetText(result.offsetG) == "[0.200, -0.250, 0.230]")
    }

    @Test func unmeasuredAxesSayWhy() throws {
        let result = try CalibrationResult(readings: CalibrationFixtures.poses(first: 4), priorOffsetG: Vector3(x: 0, y: 0.01, z: 0))
        #expect(
            CalibrationText.result(result)[1]
                == "offsets on the chip's axes: x +0.200 g (poses 4 up, 1 down; sensitivity +0.0%); y not measured, kept +0.010 g (needs this axis seen up and down); z not measured, kept +0.000 g (needs this axis seen up and down)"
        )
    }

    @Test func refusalsSayWhatToDo() {
        var session = CalibrationSession(plan: CalibrationPose.plan(poses: 6))
        _ = session.begin(at: .zero)
        let lines = [
            CalibrationSession.Refusal.moved, .farFromOneG(magnitudeG: 1.62), .notSquare(degrees: 41.7, nearest: SignedAxis(axis: 2, sign: -1)),
            .notAsAsked(looksLike: .bottomUp), .pressedTooSoon,
        ].flatMap { CalibrationText.line(.refused(number: 1, $0), session: session) }
        #expect(
            lines == [
                "  moved before the reading was taken: keep it still for 1.5 s (rest it against something)",
                "  reads 1.620 g, far from 1 g: rest the camera instead of moving it; if it stays so, sensor.range_g does not match the chip",
                "  gravity is 41.7 degrees from the chip's nearest axis (-z): hold the camera upright, top edge up, square to the table",
                "  this looks like bottom-up, not normal: hold the camera upright, top edge up",
                "  hold it still a moment before pressing",
            ])
        #expect(
            CalibrationText.line(.prompt(number: 2, of: 6, pose: CalibrationPose.sequence[1]), session: session)
                == ["pose 2 of 6: put the camera on its left side (right edge up), and let it rest"])
    }
}
