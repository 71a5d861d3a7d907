import UprightCore

/// Which poses agree on one mount: the judgement that decides whether a pose is the one asked
/// for, from all the readings so far rather than from the first two.
///
/// Every two poses that turn perpendicular device axes up, and read a quarter turn apart, fix a
/// rotation (`MountFit`); the poses whose readings that rotation takes to within
/// `inlierDegrees` of their own device direction agree with it, and the rotation is fitted
/// again to all of them until the set settles. The rotation most poses agree with is the
/// mount; the rest were not as asked. When two rotations are agreed by equally many, the
/// poses cannot tell yet: with two poses, which way round the third axis goes is only the
/// right-hand rule's guess, so a pose on the wrong side (left for right) and a next pose done
/// right make a mirror image that any one of the three could be to blame for. A later pose
/// that sees an axis the other way decides it. Pure and bounded: at most
/// n (n - 1) / 2 starts of `maximumRounds` fits each.
public enum PoseConsensus {
    /// A reading this far from its direction under a rotation does not agree with it: wider
    /// than a pose held off and a chip's offset (0.25 g on each axis turns a reading up to 25
    /// degrees) together, narrower than the 90 degrees to the next direction.
    public static let inlierDegrees: Float = 45

    public static let maximumRounds = 4

    /// One mount and the poses that agree with it.
    public struct Hypothesis: Equatable, Sendable {
        public var solution: MountFit.Solution
        /// Pose numbers, in the order of the readings.
        public var agreeing: [Int]
        public var disagreeing: [Int]

        /// Where pose `reading` turned gravity under this mount: the device direction its
        /// reading (less the offset) is nearest to.
        public func deviceUp(of reading: PoseReading) -> SignedAxis {
            SignedAxis(nearest: solution.written.apply(reading.meanG - solution.fitOffsetG))
        }

        /// Whether this mount and `other` say the same about `pose`: it turns the same device
        /// direction up under both.
        func agrees(with other: Hypothesis, about reading: PoseReading) -> Bool {
            deviceUp(of: reading) == other.deviceUp(of: reading)
        }
    }

    public enum Verdict: Equatable, Sendable {
        /// No two poses fix a rotation yet (all turn one axis up or down).
        case undetermined
        /// One mount has more poses agreeing than any other.
        case agreed(Hypothesis)
        /// Several mounts are agreed by equally many poses (the most): the poses cannot tell.
        case split([Hypothesis])
    }

    public static func judge(_ readings: [PoseReading], priorOffsetG: Vector3) -> Verdict {
        var found: [Hypothesis] = []
        for first in readings.indices {
            for second in readings.indices where second > first {
                let (a, b) = (readings[first], readings[second])
                guard PoseRelation(a.pose.deviceUp, b.pose.deviceUp) == .quarterTurn, PoseRelation(a.meanG, b.meanG) == .quarterTurn else {
                    continue
                }
                guard let hypothesis = settle([a, b], among: readings, priorOffsetG: priorOffsetG),
                    !found.contains(where: { $0.agreeing == hypothesis.agreeing })
                else { continue }
                found.append(hypothesis)
            }
        }
        guard let most = found.map(\.agreeing.count).max() else { return .undetermined }
        let best = found.filter { $0.agreeing.count == most }
        return best.count == 1 ? .agreed(best[0]) : .split(best)
    }

    /// The hypothesis grown from `start`: fitted, the agreeing poses found, fitted to them
    /// again, until they settle (or `maximumRounds`; each hypothesis's poses are the ones its
    /// own fit agrees with).
    static func settle(_ start: [PoseReading], among readings: [PoseReading], priorOffsetG: Vector3) -> Hypothesis? {
        var members = start.map(\.number)
        var result: Hypothesis?
        for _ in 0..<maximumRounds {
            guard let fit = MountFit.fit(readings.filter { members.contains($0.number) }, priorOffsetG: priorOffsetG) else { break }
            let agreeing = readings.filter { reading in
                fit.written.apply(reading.meanG - fit.fitOffsetG).degrees(to: reading.pose.deviceUp.vector) <= inlierDegrees
            }.map(\.number)
            result = Hypothesis(solution: fit, agreeing: agreeing, disagreeing: readings.map(\.number).filter { !agreeing.contains($0) })
            if agreeing == members || agreeing.count < 2 { break }
            members = agreeing
        }
        guard let result, result.agreeing.count >= 2 else { return nil }
        return result
    }
}

extension PoseConsensus {
    /// The poses that split mounts disagree about: those some of them do not agree with.
    public static func disputed(_ hypotheses: [Hypothesis], _ readings: [PoseReading]) -> [Int] {
        let numbers = Set(hypotheses.flatMap(\.disagreeing))
        return readings.map(\.number).filter { numbers.contains($0) }
    }
}
