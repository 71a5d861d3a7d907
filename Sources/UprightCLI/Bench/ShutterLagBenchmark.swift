#if canImport(Glibc)
import Glibc
#endif
import UprightCore
import UprightHost
import UprightSim

/// `shutter_lag_ms_p50` / `_p99` from the simulated camera (docs/camera.md, "Timings"), for
/// the four ways it can be driven, side by side: the warm still server, the warm still server
/// with zero shutter lag, the one-shot mode that opens the camera for every photo, and the
/// V4L2 model (`frame_ring`: a stream into a ring of recent frames, the photo the frame nearest
/// its order).
///
/// The lag is what the `capture` record says: from the press's first edge (the touch) to the
/// exposure. The photo is ordered at the touch, so the press itself (its debounce, how long it
/// is held) is not in it. A frame from the ring can be exposed just before the touch (a
/// negative lag); the quantiles are of |lag|, the distance from the touch. The run is
/// `presses` short presses on the simulated board (boards/sim.json), one every 2.5 s (inside
/// the idle timeout, so the server stays warm), each held 80 to 200 ms and placed at a
/// different phase of the preview's 33 ms frames. "Warm" leaves out the first photo, which
/// waits for the server's start; the one-shot mode pays that start every time. The figures
/// are virtual time: they are the same on every machine and every run.
enum ShutterLagBenchmark {
    enum Mode: String, CaseIterable {
        case warm
        case warmZeroShutterLag = "warm_zsl"
        case coldOneShot = "cold_one_shot"
        case frameRing = "v4l2_ring"
    }

    /// The lags in milliseconds, in press order; nil when the run could not be made. Each press
    /// is held `holdSeconds` (its index's), 80 to 200 ms by default.
    static func lags(
        _ mode: Mode, presses: Int, directory: String, holdSeconds: (Int) -> Double = { 0.08 + 0.03 * Double($0 % 5) }
    ) -> [Double]? {
        // A benchmark that cannot set up reports its figure as not available (nil), not a failure.
        guard var board = try? SimBoardFile.load(), case .simulated(var small) = board.camera.backend else { return nil }
        (small.widthPixels, small.heightPixels) = (16, 12)
        small.frameRing = mode == .frameRing
        board.camera.backend = .simulated(small)
        switch mode {
        case .warm: break
        case .warmZeroShutterLag: board.camera.zeroShutterLag = true
        case .coldOneShot: board.camera.session.mode = .oneShot
        case .frameRing: break
        }
        var actions: [String] = []
        for index in 0..<presses {
            let start = 2 + 2.5 * Double(index) + 0.007 * Double(index % 5)
            let hold = holdSeconds(index)
            actions.append(#"{ "t": \#(start), "action": "hold", "duration": \#(hold) }"#)
        }
        let text =
            #"{ "duration": \#(2 + 2.5 * Double(presses) + 3), "motion": [ { "t": 0, "angle": 90 } ], "button": { "actions": [ \#(actions.joined(separator: ", ")) ] } }"#
        guard let scenario = try? ScenarioLoader.parse(text, file: "shutter-lag.json"),
            let result = try? Simulation(scenario: scenario, board: board, seed: 1, outputDirectory: directory + "/" + mode.rawValue).run()
        else { return nil }
        let lags = result.events.compactMap { event -> Double? in
            if case .capture(_, _, _, _, let lag, _) = event.record { return lag.map { $0 * 1000 } }
            return nil
        }
        guard lags.count == presses else { return nil }
        return mode == .coldOneShot ? lags : Array(lags.dropFirst())
    }

    /// The goals (docs/performance.md): a frame ring within half a frame interval of the touch
    /// (the simulated board's 33 ms frames), the warm still server with zero shutter lag within
    /// 150 ms.
    static func p99Goal(_ mode: Mode) -> BenchFigure.Target? {
        switch mode {
        case .frameRing: .atMost(Double(Board.SimulatedCameraTimings().frameMilliseconds) / 2)
        case .warmZeroShutterLag: .atMost(150)
        case .warm, .coldOneShot: nil
        }
    }

    static func figures(presses: Int = 40) -> [BenchFigure] {
        let directory = ProcessStats.temporaryDirectory("/tmp/upright-bench-lag-XXXXXX")
        defer { if let directory { _ = ProcessStats.runMeasured(["/bin/rm", "-rf", directory]) } }
        var figures: [BenchFigure] = []
        for mode in Mode.allCases {
            let p50Key = "shutter_lag_ms_p50_" + mode.rawValue
            let p99Key = "shutter_lag_ms_p99_" + mode.rawValue
            guard let directory, mkdir(directory + "/" + mode.rawValue, 0o700) == 0,
                let lags = lags(mode, presses: presses, directory: directory)
            else {
                let note = "not available: the simulated run failed"
                figures += [
                    BenchFigure(key: p50Key, unit: "ms", values: [], note: note), BenchFigure(key: p99Key, unit: "ms", values: [], note: note),
                ]
                continue
            }
            // Nearest rank over whole microseconds (the records carry milliseconds).
            let microseconds = lags.map { Int64(abs($0 * 1000).rounded()) }
            figures.append(BenchFigure(key: p50Key, unit: "ms", value: EventLatencyBenchmark.quantile(microseconds, 0.5) / 1000))
            figures.append(
                BenchFigure(key: p99Key, unit: "ms", value: EventLatencyBenchmark.quantile(microseconds, 0.99) / 1000, target: p99Goal(mode)))
        }
        return figures
    }
}
