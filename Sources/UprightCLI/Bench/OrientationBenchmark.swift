import UprightCore
import UprightHost
import UprightSim

/// Upright's detector against the naive larger-axis classifier over the standard corpus:
/// correct latches, presses, spurious changes, missed turns, median and maximum latency; then
/// the held-out motion corpus with Android's accelerometer judge beside them (a
/// reference written from its published constants), through each chip's counts, without and
/// with the MPU-6050's gyro. Deterministic (seeded scenarios), so scored once.
enum OrientationBenchmark {
    static func report() -> (key: String, json: String, table: String) {
        let scenarios = Corpus.standard
        let upright = CorpusSummary.score(scenarios) { OrientationDetector() }.0
        let naive = CorpusSummary.score(scenarios) { NaiveClassifier() }.0
        var json = JSONWriter()
        json.field("upright", rawJSON: object(upright))
        json.field("naive", rawJSON: object(naive))
        json.field("scenarios", scenarios.count)
        let motion = motionRows()
        var motionJSON = JSONWriter()
        for row in motion { motionJSON.field(row.key, rawJSON: object(row.summary)) }
        motionJSON.field("scenarios", Corpus.motion(gyro: false).count)
        json.field("motion", rawJSON: motionJSON.finished)
        let table =
            CorpusSummary.table([("upright", upright), ("naive", naive)]) + "\nmotion corpus (held out)\n"
            + CorpusSummary.table(motion.map { ($0.name, $0.summary) })
        return ("orientation", json.finished, table)
    }

    /// Each judge per chip and gyro: Upright, Upright's still stages alone (the detector before
    /// the motion judge), Android's judge and the larger-axis rule.
    static func motionRows() -> [(key: String, name: String, summary: CorpusSummary)] {
        let stillOnly = DetectorParameters(motionTrustTime: .seconds(10))
        let variants: [(key: String, name: String, chip: CorpusChip, gyro: Bool)] = [
            ("adxl345", "ADXL345", .adxl345, false), ("mpu6050", "MPU-6050", .mpu6050, false), ("mpu6050_gyro", "MPU+gyro", .mpu6050, true),
        ]
        var rows: [(key: String, name: String, summary: CorpusSummary)] = []
        for variant in variants {
            let set = Corpus.motion(gyro: variant.gyro)
            let chip = variant.chip
            rows.append(("upright_" + variant.key, "upright " + variant.name, chip.score(set) { OrientationDetector() }))
            rows.append(("still_only_" + variant.key, "still-only " + variant.name, chip.score(set) { OrientationDetector(parameters: stillOnly) }))
            rows.append(("android_" + variant.key, "android " + variant.name, chip.score(set) { AndroidStyleJudge() }))
            rows.append(("naive_" + variant.key, "naive " + variant.name, chip.score(set) { NaiveClassifier() }))
        }
        return rows
    }

    static func object(_ summary: CorpusSummary) -> String {
        var json = JSONWriter()
        json.field("correct_latches", summary.correctLatches)
        json.field("presses", summary.presses)
        json.field("spurious_changes", summary.spuriousChanges)
        json.field("missed_turns", summary.missedTurns)
        json.field("median_latency_s", summary.medianLatencySeconds ?? .nan)
        json.field("median_latency_after_turn_s", summary.medianTurnLatencySeconds ?? .nan)
        json.field("max_latency_s", summary.maximumLatencySeconds ?? .nan)
        return json.finished
    }
}
