import UprightCore
import UprightSim

/// The firmware's hot path on one core: MPU-6050 FIFO bytes -> `MPU6050Decoder.decodeFIFO` ->
/// `SPSCRing` (producer and consumer handles, pushes and batch pops alternating) ->
/// `CameraRuntime.ingest` (orientation detector and camera machine) with a camera and a sink
/// that do nothing. The bytes come once from a simulated chip over a motion with turns and
/// noise (the first 16 s of the demo scenario, which ends where it starts) and are replayed
/// with timestamps that keep advancing, so the detector sees one long continuous run.
///
/// Besides the whole pipeline, each stage is timed alone on the same data, so the report can
/// say where the time goes (ns per sample). Times are the thread's CPU time (`ThreadCPUClock`):
/// the pipeline runs on one core, and the figure should not depend on what else shares it.
enum PipelineBenchmark {
    /// Samples per FIFO drain: 20 ms at 1 kHz, the driver's default drain interval.
    static let recordsPerDrain = 20
    /// The most samples one batch pop hands to the runtime.
    static let popBatch = 64
    static let period = TimeSpan.milliseconds(1)

    /// One recorded FIFO stream and the decoder that reads it.
    struct Recording {
        /// Whole records only, oldest first.
        var bytes: [UInt8]
        var decoder: MPU6050Decoder
        var recordCount: Int { bytes.count / decoder.contents.bytesPerSample }
        /// Virtual time one pass over `bytes` covers.
        var span: TimeSpan { period * Int64(recordCount) }

        /// Replays the stream `passes` times as the firmware drains it: chunks of
        /// `recordsPerDrain` whole records, each with the time of its newest record, time
        /// advancing from pass to pass. `body` gets each chunk and that time.
        @inline(__always)
        func forEachDrain(passes: Int, _ body: (UnsafeRawBufferPointer, Instant) -> Void) {
            let size = decoder.contents.bytesPerSample
            let drainBytes = recordsPerDrain * size
            bytes.withUnsafeBytes { all in
                var base = Instant.zero + period
                for _ in 0..<passes {
                    var offset = 0
                    while offset < all.count {
                        let end = min(offset + drainBytes, all.count)
                        body(UnsafeRawBufferPointer(rebasing: all[offset..<end]), base + period * Int64((end / size) - 1))
                        offset = end
                    }
                    base += span
                }
            }
        }
    }

    /// Per-stage cost and the whole pipeline's rate.
    struct Result {
        var samplesPerSecond: Double
        var decodeNanoseconds: Double
        var ringNanoseconds: Double
        var detectorNanoseconds: Double
        /// The detector alone over the same motion with the gyro's rates (its other path).
        var detectorGyroNanoseconds: Double
        var runtimeNanoseconds: Double
        var orientationChanges: Int
    }

    /// Drives a simulated MPU-6050 (1 kHz, accelerometer FIFO, typical noise; with `gyro` the
    /// gyro's rates in the FIFO too) through the demo scenario's first `seconds` and keeps every
    /// byte drained from its FIFO.
    static func record(seconds: Int = 16, gyro: Bool = false) -> Recording? {
        // The built-in demo parses (its own tests say so); if it did not, the figure is not available.
        guard let scenario = try? ScenarioLoader.parse(DemoScenario.json, file: DemoScenario.fileName) else { return nil }
        var generator = SeededGenerator(seed: 1)
        let motion = ScenarioMotion(scenario: scenario, generator: &generator)
        let clock = SimClock()
        let bus = SimBus(clock: clock, capabilities: .combined)
        bus.attach(SimMPU6050(motion: motion, seed: 1), at: 0x68)
        var configuration = MPU6050Configuration()
        if gyro { configuration.fifoContents = .accelerometerGyro }
        var sensor = MPU6050(bus: bus, address: 0x68, configuration: configuration)
        do {
            try sensor.initialize(now: clock.now) { span in
                clock.advance(by: span)
                return clock.now
            }
        } catch {
            return nil
        }
        let size = sensor.decoder.contents.bytesPerSample
        let start = clock.now
        var bytes: [UInt8] = []
        bytes.reserveCapacity(seconds * 1000 * size)
        var chunk = [UInt8](repeating: 0, count: 1024)
        // Bounded: one drain per 20 ms of virtual time.
        for _ in 0..<(seconds * 50) {
            clock.advance(by: .milliseconds(20))
            // The simulated bus has no faults here; a failed read ends the measurement (no figure).
            guard let count = try? bus.readBigEndianUInt16(address: 0x68, from: MPU6050Register.fifoCountHigh) else { return nil }
            let whole = min(Int(count), chunk.count) / size * size
            guard whole > 0 else { continue }
            let ok: Bool = chunk.withUnsafeMutableBytes { raw in
                (try? bus.readRegisters(
                    address: 0x68, from: MPU6050Register.fifoReadWrite, into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<whole]))) != nil
            }
            guard ok else { return nil }
            bytes += chunk[0..<whole]
        }
        _ = start
        return bytes.isEmpty ? nil : Recording(bytes: bytes, decoder: sensor.decoder)
    }

    /// Runs the whole pipeline over `passes` replays of `recording`; returns samples per second
    /// and how many orientation changes the runtime recorded (so the work cannot be skipped).
    static func pipeline(_ recording: Recording, passes: Int) -> (samplesPerSecond: Double, changes: Int) {
        var runtime = CameraRuntime(camera: NoCamera(), sink: CountingSink(), initial: .previewing)
        let (seconds, samples) = throughRing(recording, passes: passes) { batch in runtime.ingest(batch) }
        return (Double(samples) / seconds, runtime.sink.orientationChanges)
    }

    /// Decoding alone: ns per sample.
    static func decodeOnly(_ recording: Recording, passes: Int) -> Double {
        let decoder = recording.decoder
        var samples = 0
        var checksum: Float = 0
        let seconds = ThreadCPUClock.seconds {
            recording.forEachDrain(passes: passes) { chunk, newest in
                samples += decoder.decodeFIFO(chunk, newestTime: newest, period: period) { sample in
                    checksum += sample.accelerationG.x
                }
            }
        }
        blackHole(checksum)
        return seconds * 1e9 / Double(samples)
    }

    /// Decoding into the ring and batch pops out of it: ns per sample.
    static func decodeAndRing(_ recording: Recording, passes: Int) -> Double {
        var checksum: Float = 0
        let (seconds, samples) = throughRing(recording, passes: passes) { batch in
            for sample in batch { checksum += sample.accelerationG.x }
        }
        blackHole(checksum)
        return seconds * 1e9 / Double(samples)
    }

    /// `recording` decoded `passes` times into a ring and popped out of it in batches, each
    /// handed to `body` (the pipeline's runtime, or a checksum): the thread's CPU seconds and
    /// the samples decoded.
    @inline(__always)
    static func throughRing(_ recording: Recording, passes: Int, _ body: (UnsafeBufferPointer<Sample>) -> Void) -> (seconds: Double, samples: Int) {
        let ring = SPSCRing<Sample>.make(minimumCapacity: 1024, overrun: .rejectNewest)
        var producer = ring.producer
        var consumer = ring.consumer
        let buffer = UnsafeMutableBufferPointer<Sample>.allocate(capacity: popBatch)
        buffer.initialize(repeating: Sample(time: .zero, accelerationG: .zero))
        defer { buffer.deallocate() }
        let decoder = recording.decoder
        var samples = 0
        let seconds = ThreadCPUClock.seconds {
            recording.forEachDrain(passes: passes) { chunk, newest in
                samples += decoder.decodeFIFO(chunk, newestTime: newest, period: period) { sample in
                    _ = producer.push(sample)
                }
                // Bounded: each pop takes at least one of the samples just pushed.
                while true {
                    let n = consumer.popBatch(into: buffer)
                    if n == 0 { break }
                    body(UnsafeBufferPointer(rebasing: buffer[0..<n]))
                }
            }
        }
        return (seconds, samples)
    }

    /// The recording decoded once into samples, for the stages after the ring.
    static func decoded(_ recording: Recording) -> [Sample] {
        var samples: [Sample] = []
        samples.reserveCapacity(recording.recordCount)
        recording.bytes.withUnsafeBytes { all in
            _ = recording.decoder.decodeFIFO(all, newestTime: Instant.zero + recording.span, period: period) { samples.append($0) }
        }
        return samples
    }

    /// The detector alone over decoded samples: ns per sample.
    static func detectorOnly(_ samples: [Sample], span: TimeSpan, passes: Int) -> Double {
        var detector = OrientationDetector()
        var changes = 0
        let seconds = ThreadCPUClock.seconds {
            var shift = TimeSpan.zero
            for _ in 0..<passes {
                for var sample in samples {
                    sample.time += shift
                    if detector.update(sample) != nil { changes += 1 }
                }
                shift = shift + span
            }
        }
        blackHole(Float(changes))
        return seconds * 1e9 / Double(samples.count * passes)
    }

    /// The runtime (detector included) over decoded samples in batches of `popBatch`: ns per sample.
    static func runtimeOnly(_ samples: [Sample], span: TimeSpan, passes: Int) -> Double {
        var runtime = CameraRuntime(camera: NoCamera(), sink: CountingSink(), initial: .previewing)
        // The same batch type the pipeline hands over (what `popBatch(into:)` fills).
        let batch = UnsafeMutableBufferPointer<Sample>.allocate(capacity: popBatch)
        batch.initialize(repeating: Sample(time: .zero, accelerationG: .zero))
        defer { batch.deallocate() }
        let seconds = ThreadCPUClock.seconds {
            var shift = TimeSpan.zero
            for _ in 0..<passes {
                var index = 0
                while index < samples.count {
                    let n = min(popBatch, samples.count - index)
                    for k in 0..<n {
                        batch[k] = samples[index + k]
                        batch[k].time += shift
                    }
                    runtime.ingest(UnsafeBufferPointer(rebasing: batch[0..<n]))
                    index += n
                }
                shift = shift + span
            }
        }
        blackHole(Float(runtime.sink.orientationChanges))
        return seconds * 1e9 / Double(samples.count * passes)
    }

    /// One measured run of everything: the pipeline and each stage (`gyroRecording`: the same
    /// motion with the gyro's rates, for the detector's gyro path).
    static func run(_ recording: Recording, gyroRecording: Recording, passes: Int) -> Result {
        let samples = decoded(recording)
        let whole = pipeline(recording, passes: passes)
        let decode = decodeOnly(recording, passes: passes)
        let ring = decodeAndRing(recording, passes: passes) - decode
        let detector = detectorOnly(samples, span: recording.span, passes: passes)
        let detectorGyro = detectorOnly(decoded(gyroRecording), span: gyroRecording.span, passes: passes)
        let runtime = runtimeOnly(samples, span: recording.span, passes: passes) - detector
        return Result(
            samplesPerSecond: whole.samplesPerSecond, decodeNanoseconds: decode, ringNanoseconds: ring,
            detectorNanoseconds: detector, detectorGyroNanoseconds: detectorGyro, runtimeNanoseconds: runtime, orientationChanges: whole.changes)
    }

    /// The bench figures: `pipeline_samples_per_second` and the per-stage costs.
    static func figures(runs: Int, passes: Int = 100) -> [BenchFigure] {
        guard let recording = record(), let gyroRecording = record(gyro: true) else { return [] }
        var results: [Result] = []
        _ = measure(runs: runs) {
            results.append(run(recording, gyroRecording: gyroRecording, passes: passes))
            return 0
        }
        // The first result is the warm-up's.
        let measured = Array(results.dropFirst())
        return [
            BenchFigure(
                key: "pipeline_samples_per_second", unit: "samples/s", values: measured.map(\.samplesPerSecond), target: .atLeast(40_000_000)),
            BenchFigure(key: "pipeline_decode_ns_per_sample", unit: "ns", values: measured.map(\.decodeNanoseconds)),
            BenchFigure(key: "pipeline_ring_ns_per_sample", unit: "ns", values: measured.map(\.ringNanoseconds)),
            BenchFigure(key: "pipeline_detector_ns_per_sample", unit: "ns", values: measured.map(\.detectorNanoseconds), target: .atMost(20)),
            BenchFigure(
                key: "pipeline_detector_gyro_ns_per_sample", unit: "ns", values: measured.map(\.detectorGyroNanoseconds), target: .atMost(20)),
            BenchFigure(key: "pipeline_runtime_ns_per_sample", unit: "ns", values: measured.map(\.runtimeNanoseconds)),
        ]
    }

    /// Keeps a result alive so the optimiser cannot drop the loop that made it.
    @inline(never)
    static func blackHole(_ value: Float) {
        if value.isNaN && value.sign == .minus && value.bitPattern == 0x1234 { print(value) }
    }
}

/// A camera that does nothing and never completes: the pipeline measures the firmware alone.
private struct NoCamera: Camera {
    mutating func perform(_ order: CameraOrder, at now: Instant) {}
    mutating func nextCompletion(through time: Instant, now: Instant) -> CameraReport? { nil }
    var nextDeadline: Instant? { nil }
}

/// A sink that only counts orientation records.
private struct CountingSink: RecordSink {
    var orientationChanges = 0
    mutating func record(_ record: MachineRecord, at time: Instant) {
        if case .orientation = record { orientationChanges += 1 }
    }
}
