import Testing
import UprightCore
import UprightHost
@testable import UprightMCU
import UprightMCUShared
import UprightSim

/// A bus recording played back on the host, as the chips play it, gives the recorded run's
/// records exactly; a firmware that strays from the recording is reported.
@Suite struct BusRecorderTests {
    /// 4 s: left-up from 1 s, a photo at 2 s, the chip reset at 2.5 s, unplugged 3 to 3.5 s.
    static let scenario = Scenario(
        durationSeconds: 4,
        keyframes: [MotionKeyframe(timeSeconds: 0, angleDegrees: 0), MotionKeyframe(timeSeconds: 1, angleDegrees: 90)],
        button: ButtonScript(actions: [ButtonAction(timeSeconds: 2, kind: .hold, holdSeconds: 0.1)]),
        faults: [.chipReset(timeSeconds: 2.5), .unplug(timeSeconds: 3, replugSeconds: 3.5)])

    @Test(arguments: BusChip.allCases)
    func playbackGivesTheRecordedRunsRecords(chip: BusChip) throws {
        let recording = try BusRecorder(chip: chip, scenario: Self.scenario, seed: 3).record()
        // Woken by the press, a photo latched left-up; the unplug outlasts the failure timeout.
        #expect(recording.reference.contains { $0.contains(#""event":"capture","orientation":"left-up""#) })
        #expect(recording.reference.contains { $0.contains(#""event":"fault","kind":"sensor""#) })
        #expect(recording.samples > 250)
        let (text, status) = HarnessRun.runOnHost(recording.input)
        #expect(status == 0)
        #expect(try OutputDecoder.decode(text).lines == recording.reference)
    }

    @Test func aFirmwareThatWritesOtherBytesIsCaught() throws {
        var recording = try BusRecorder(chip: .mpu6050, scenario: Self.scenario, seed: 3).record()
        // The first transfer reads WHO_AM_I (0x75): record a read of 0x74 instead.
        let transferBytes = try recording.input.withUnsafeBytes { (raw) throws in
            let (header, payload) = try InputHeader.parse(raw)
            return try BusInput(header: header, payload: payload).transfers.count
        }
        let first = recording.input.count - transferBytes
        #expect(Array(recording.input[first..<(first + 6)]) == [0x68, 0x00, 0x01, 0x01, 0x00, 0x75])
        recording.input[first + 5] = 0x74
        let payloadStart = InputHeader.size
        let checksum = recording.input[payloadStart...].withUnsafeBytes { InputHeader.fnv1a($0) }
        withUnsafeBytes(of: checksum.littleEndian) { recording.input.replaceSubrange(12..<16, with: $0) }
        let (text, status) = HarnessRun.runOnHost(recording.input)
        #expect(status == 1)
        #expect(text.contains("X bus: transfer 0 other bytes written than recorded\nend failed\n"))
    }

    @Test func scenarioChipFaultsBecomeScheduledFaults() {
        let faults = BusRecorder.chipFaults(
            [
                .chipReset(timeSeconds: 1), .unplug(timeSeconds: 2, replugSeconds: 2.5), .stuckData(startSeconds: 3, durationSeconds: 0.25),
                .busErrors(startSeconds: 0, durationSeconds: 1, probability: 1, error: .timeout), .unplug(timeSeconds: 4, replugSeconds: nil),
            ],
            address: 0x53, duration: .seconds(5))
        #expect(
            faults == [
                ScheduledChipFault(time: Instant(nanoseconds: 1_000_000_000), address: 0x53, fault: .powerGlitch),
                ScheduledChipFault(time: Instant(nanoseconds: 2_000_000_000), address: 0x53, fault: .unplug(duration: .milliseconds(500))),
                ScheduledChipFault(time: Instant(nanoseconds: 3_000_000_000), address: 0x53, fault: .stuckData(duration: .milliseconds(250))),
                ScheduledChipFault(time: Instant(nanoseconds: 4_000_000_000), address: 0x53, fault: .unplug(duration: .seconds(6))),
            ])
    }

    /// The engine is stepped at its deadlines (its reads every 20 ms at 100 Hz among them) and
    /// at every button edge, in time order, and the recording ends with the shutdown.
    @Test func callsFollowTheEnginesDeadlinesAndTheEdges() throws {
        let recording = try BusRecorder(chip: .adxl345, scenario: Self.scenario, seed: 3).record()
        var calls: [BusCall] = []
        try recording.input.withUnsafeBytes { (raw) throws in
            let (header, payload) = try InputHeader.parse(raw)
            var input = try BusInput(header: header, payload: payload)
            while let call = try input.next() { calls.append(call) }
        }
        #expect(calls.count == recording.calls)
        #expect(zip(calls, calls.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(calls.last == .finish(Instant(nanoseconds: 4_000_000_000)))
        #expect(
            calls.filter { if case .edge = $0 { true } else { false } } == [
                .edge(down: true, at: Instant(nanoseconds: 2_000_000_000)), .edge(down: false, at: Instant(nanoseconds: 2_100_000_000)),
            ])
        let steps = calls.compactMap { call -> Instant? in if case .step(let time) = call { time } else { nil } }
        // A step at least every read interval while the sensor answers.
        #expect(steps.contains(Instant(nanoseconds: 20_000_000)) && steps.contains(Instant(nanoseconds: 1_000_000_000)))
    }
}
