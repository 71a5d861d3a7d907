import Testing
import UprightCore
import UprightHost

@Suite struct PoseConsensusTests {
    /// The readings of the fixture's chip in `orientations` (where the camera really was), taken
    /// as the sequence's first poses (what was asked).
    static func asked(actually orientations: [Orientation]) -> [PoseReading] {
        let truth = CalibrationFixtures.square
        return orientations.enumerated().map { index, actual in
            let up = CalibrationPose.sequence.first { $0.orientation == actual }!.restingReading
            return PoseReading(
                number: index + 1, pose: CalibrationPose.sequence[index], meanG: truth.transposed.apply(up) + CalibrationFixtures.bias, sampleCount: 1
            )
        }
    }

    @Test func posesAsAskedAllAgree() throws {
        guard case .agreed(let hypothesis) = PoseConsensus.judge(CalibrationFixtures.poses(first: 6), priorOffsetG: .zero) else {
            Issue.record("not agreed")
            return
        }
        #expect(hypothesis.agreeing == [1, 2, 3, 4, 5, 6] && hypothesis.disagreeing.isEmpty)
        #expect(hypothesis.solution.written == CalibrationFixtures.square)
    }

    /// Pose 2 on the wrong side (left-up for right-up), pose 3 right: a mirror image. Any one of
    /// the three could be the wrong one; with pose 4 still two; pose 5 (left-up, as pose 2 was)
    /// decides: pose 2 was not right-up.
    @Test func aMirrorImageIsSplitUntilAnAxisIsSeenTheOtherWay() throws {
        let three = Self.asked(actually: [.normal, .leftUp, .lensUp])
        guard case .split(let hypotheses) = PoseConsensus.judge(three, priorOffsetG: .zero) else {
            Issue.record("not split")
            return
        }
        #expect(hypotheses.map(\.agreeing) == [[1, 2], [1, 3], [2, 3]])
        #expect(PoseConsensus.disputed(hypotheses, three) == [1, 2, 3])
        let four = Self.asked(actually: [.normal, .leftUp, .lensUp, .bottomUp])
        guard case .split(let stillTwo) = PoseConsensus.judge(four, priorOffsetG: .zero) else {
            Issue.record("not split")
            return
        }
        #expect(PoseConsensus.disputed(stillTwo, four) == [2, 3])
        let five = Self.asked(actually: [.normal, .leftUp, .lensUp, .bottomUp, .leftUp])
        guard case .agreed(let decided) = PoseConsensus.judge(five, priorOffsetG: .zero) else {
            Issue.record("not agreed")
            return
        }
        #expect(decided.agreeing == [1, 3, 4, 5] && decided.disagreeing == [2])
        #expect(decided.deviceUp(of: five[1]) == SignedAxis(axis: 0, sign: -1))
        #expect(decided.solution.written == CalibrationFixtures.square)
    }

    @Test func oneAxisUpAndDownFixesNothing() {
        #expect(PoseConsensus.judge(Self.asked(actually: [.normal]), priorOffsetG: .zero) == .undetermined)
        let uprightAndUpsideDown = [CalibrationFixtures.poses(first: 1)[0], CalibrationFixtures.poses(first: 4)[3]]
        #expect(PoseConsensus.judge(uprightAndUpsideDown, priorOffsetG: .zero) == .undetermined)
    }

    /// The result refuses poses that do not agree, naming them, and a doubt left.
    @Test func theResultNeedsEveryPoseToAgree() {
        #expect(throws: CalibrationError.undecided(poses: [1, 2, 3])) {
            try CalibrationResult(readings: Self.asked(actually: [.normal, .leftUp, .lensUp]))
        }
        #expect(throws: CalibrationError.disagree(poses: [2], agreeing: [1, 3, 4, 5])) {
            try CalibrationResult(readings: Self.asked(actually: [.normal, .leftUp, .lensUp, .bottomUp, .leftUp]))
        }
        #expect(throws: CalibrationError.tooFewPoses(found: 1)) {
            try CalibrationResult(readings: [CalibrationFixtures.poses(first: 1)[0]])
        }
        let huge = CalibrationFixtures.readings.map { $0 + Vector3(x: 0.4, y: 0, z: 0) }
        #expect(throws: CalibrationError.offsetTooLarge(chipAxis: 0, offsetG: 0.6)) {
            try CalibrationResult(readings: CalibrationFixtures.poses(huge))
        }
    }
}
