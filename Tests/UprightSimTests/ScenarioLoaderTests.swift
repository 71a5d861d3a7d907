import Testing
import UprightCore
import UprightSim

@Suite struct ScenarioLoaderTests {
    static let minimal = #"{"duration": 10, "motion": [{"t": 0, "angle": 0}]}"#

    @Test func minimalScenarioGetsDefaults() throws {
        let scenario = try ScenarioLoader.parse(Self.minimal, file: "s.json")
        #expect(scenario.board == "boards/sim.json")
        #expect(scenario.durationSeconds == 10)
        #expect(scenario.seed == nil)
        #expect(scenario.keyframes == [MotionKeyframe(timeSeconds: 0, angleDegrees: 0, tiltDegrees: 0, easing: .linear)])
        #expect(scenario.disturbances.isEmpty && scenario.faults.isEmpty && scenario.button.actions.isEmpty)
        #expect(scenario.sensor == .none)
        #expect(scenario.expectations.isEmpty)
    }

    /// A scenario saved by a Windows editor: byte-order mark (EF BB BF) and CRLF lines.
    @Test func byteOrderMarkAndCRLFAreAccepted() throws {
        let text = "{\r\n  \"duration\": 10,\r\n  \"motion\": [{\"t\": 0, \"angle\": 90}]\r\n}\r\n"
        let scenario = try ScenarioLoader.parse([0xEF, 0xBB, 0xBF] + Array(text.utf8), file: "s.json")
        #expect(scenario.durationSeconds == 10)
        #expect(scenario.keyframes == [MotionKeyframe(timeSeconds: 0, angleDegrees: 90, tiltDegrees: 0, easing: .linear)])
    }

    /// The chip's true mount and its bias on its own axes (what `upright calibrate` measures).
    @Test func physicalMountAndChipBiasAreRead() throws {
        let text =
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "sensor": {"mount_matrix": "0, 1, 0; 1, 0, 0; 0, 0, -1", "chip_bias": [0.25, -0.125, 0.2]}}"#
        let sensor = try ScenarioLoader.parse(text, file: "s.json").sensor
        #expect(sensor.physicalMount == (try MountMatrix(parsing: "0, 1, 0; 1, 0, 0; 0, 0, -1")))
        #expect(sensor.chipAccelerationBiasG == Vector3(x: 0.25, y: -0.125, z: 0.2))
        #expect(sensor.accelerationBiasG == .zero)
        #expect(sensor.hasImperfections)
        let mountOnly = try ScenarioLoader.parse(
            #"{"duration": 1, "motion": [{"t": 0, "angle": 0}], "sensor": {"mount_matrix": "1, 0, 0; 0, 1, 0; 0, 0, 1"}}"#, file: "s.json"
        ).sensor
        #expect(!mountOnly.hasImperfections)
    }

    @Test func everyFeatureIsRead() throws {
        let text = #"""
            {
              "description": "all", "board": "boards/rpi4-mpu6050.json", "duration": 30, "seed": 9,
              "motion": [{"t": 0, "angle": 0}, {"t": 2, "angle": 90, "tilt": 10, "easing": "ease-in-out"}, {"t": 3, "angle": 90, "easing": "step"}],
              "disturbances": [
                {"type": "shake", "start": 1, "duration": 2, "amplitude": 1.5, "frequency": 6, "axes": "xz", "rotation": 5},
                {"type": "vibration", "amplitude": 0.05, "frequency": 100},
                {"type": "drop", "start": 20, "fall": 0.3}
              ],
              "sensor": {"noise": 0.01, "bias": [0.5, -0.25, 0], "gyro_noise": 0.2, "gyro_bias": [1, 2, 3]},
              "button": {"bounce": 0.004, "actions": [{"t": 1, "action": "press"}, {"t": 1.5, "action": "release"}, {"t": 4, "action": "hold", "duration": 1.25}]},
              "faults": [
                {"type": "bus-errors", "start": 5, "duration": 2, "probability": 0.25, "error": "timeout"},
                {"type": "chip-reset", "t": 8},
                {"type": "unplug", "t": 9, "replug": 11},
                {"type": "unplug", "t": 25},
                {"type": "stuck", "start": 12, "duration": 1.5}
              ],
              "expect": {"captures": 1, "clips": 1, "orientation_changes": 2, "rejections": 0, "final_state": "idle",
                         "latched": [{"capture": 1, "orientation": "left-up"}, {"clip": 1, "orientation": "bottom-up"}]}
            }
            """#
        let scenario = try ScenarioLoader.parse(text, file: "all.json")
        #expect(scenario.summary == "all")
        #expect(scenario.board == "boards/rpi4-mpu6050.json")
        #expect(scenario.seed == 9)
        #expect(scenario.keyframes[1] == MotionKeyframe(timeSeconds: 2, angleDegrees: 90, tiltDegrees: 10, easing: .easeInOut))
        #expect(scenario.keyframes[2].easing == .step)
        #expect(
            scenario.disturbances == [
                .shake(Shake(startSeconds: 1, durationSeconds: 2, amplitudeG: 1.5, frequencyHertz: 6, axes: [.x, .z], rotationDegrees: 5)),
                .vibration(Vibration(startSeconds: 0, durationSeconds: nil, amplitudeG: 0.05, frequencyHertz: 100, axes: [.x, .y, .z])),
                .drop(Drop(startSeconds: 20, fallSeconds: 0.3, impactG: 10, impactSeconds: 0.01)),
            ])
        #expect(
            scenario.sensor
                == SensorErrors(
                    accelerationNoiseG: 0.01, accelerationBiasG: Vector3(x: 0.5, y: -0.25, z: 0), angularRateNoiseDPS: 0.2,
                    angularRateBiasDPS: Vector3(x: 1, y: 2, z: 3)))
        #expect(scenario.button.bounceSeconds == 0.004)
        #expect(
            scenario.button.actions == [
                ButtonAction(timeSeconds: 1, kind: .press), ButtonAction(timeSeconds: 1.5, kind: .release),
                ButtonAction(timeSeconds: 4, kind: .hold, holdSeconds: 1.25),
            ])
        #expect(
            scenario.faults == [
                .busErrors(startSeconds: 5, durationSeconds: 2, probability: 0.25, error: .timeout),
                .chipReset(timeSeconds: 8),
                .unplug(timeSeconds: 9, replugSeconds: 11),
                .unplug(timeSeconds: 25, replugSeconds: nil),
                .stuckData(startSeconds: 12, durationSeconds: 1.5),
            ])
        #expect(
            scenario.expectations
                == ScenarioExpectations(
                    captures: 1, clips: 1, orientationChanges: 2, rejections: 0, finalState: "idle",
                    latches: [.init(target: .capture(1), orientation: .leftUp), .init(target: .clip(1), orientation: .bottomUp)]))
    }

    /// Every error names the file and the key path, with the reason.
    @Test(arguments: [
        (#"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "extra": 1}"#, "s.json: extra: unknown key"),
        // Found by FuzzScenario: a key holding a newline made a two-line error. Keys quoted
        // from the file keep their escapes.
        (#"{"s\\\n": 1, "s\\\n": 2}"#, #"s.json:1:14: duplicate key "s\\\n""#),
        ("{\"a\u{7F}b\": 1, \"a\u{7F}b\": 2}", #"s.json:1:12: duplicate key "a\u{7f}b""#),
        (#"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "a\nb\u001b": 1}"#, #"s.json: a\nb\u{1b}: unknown key"#),
        (#"{"motion": [{"t": 0, "angle": 0}]}"#, "s.json: duration: missing (required)"),
        (#"{"duration": -1, "motion": [{"t": 0, "angle": 0}]}"#, "s.json: duration: -1 is out of range (more than 0, at most 3600 seconds)"),
        (#"{"duration": "ten", "motion": []}"#, "s.json: duration: expected a number, found a string"),
        (#"{"duration": 10, "seed": 1.5, "motion": [{"t": 0, "angle": 0}]}"#, "s.json: seed: 1.5 is not an integer"),
        (#"{"duration": 10, "board": "", "motion": [{"t": 0, "angle": 0}]}"#, "s.json: board: must not be empty"),
        (#"{"duration": 10}"#, "s.json: motion: missing (required): at least one keyframe"),
        (#"{"duration": 10, "motion": []}"#, "s.json: motion: needs at least one keyframe"),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}, {"t": 5, "angle": 0}, {"t": 5, "angle": 9}]}"#,
            "s.json: motion[2].t: 5 is not after the previous keyframe's time (5 s); keyframes must be in time order"
        ),
        (#"{"duration": 10, "motion": [{"t": -1, "angle": 0}]}"#, "s.json: motion[0].t: -1 is not a time (seconds from the start, 0 or more)"),
        (#"{"duration": 10, "motion": [{"t": 11, "angle": 0}]}"#, "s.json: motion[0].t: 11 is after the end of the run (10 s)"),
        (#"{"duration": 10, "motion": [{"t": 0}]}"#, "s.json: motion[0].angle: missing (required)"),
        (#"{"duration": 10, "motion": [{"t": 0, "angle": 0, "tilt": 100}]}"#, "s.json: motion[0].tilt: 100 is out of range (-90..90 degrees)"),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0, "easing": "bounce"}]}"#,
            #"s.json: motion[0].easing: "bounce" is not one of "linear", "ease-in-out", "step""#
        ),
        (#"{"duration": 10, "motion": [{"t": 0, "angle": 0, "speed": 1}]}"#, "s.json: motion[0].speed: unknown key"),
        // A misspelt required key is named as unknown, not reported as the right one missing.
        (#"{"duration": 10, "motion": [{"t": 0, "angel": 0}]}"#, "s.json: motion[0].angel: unknown key"),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "disturbances": [{"start": 1}]}"#,
            #"s.json: disturbances[0].type: missing (required): one of "shake", "vibration", "drop""#
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "disturbances": [{"type": "shake", "start": 1, "duration": 1, "amplitude": 1, "frequency": 5, "axes": "xq"}]}"#,
            #"s.json: disturbances[0].axes: "xq" is not a set of axes (letters x, y, z, each at most once, e.g. "xy")"#
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "disturbances": [{"type": "shake", "start": 1, "duration": 1, "amplitude": 1, "frequency": 0}]}"#,
            "s.json: disturbances[0].frequency: 0 is out of range (0.1..500 Hz)"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "disturbances": [{"type": "vibration", "amplitude": 5, "frequency": 50}]}"#,
            "s.json: disturbances[0].amplitude: 5 is out of range (0..4 g)"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "disturbances": [{"type": "drop", "start": 1}]}"#,
            "s.json: disturbances[0].fall: missing (required)"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "disturbances": [{"type": "shake", "start": 9, "duration": 2, "amplitude": 1, "frequency": 5}]}"#,
            "s.json: disturbances[0].duration: the window ends at 11 s, after the end of the run (10 s)"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "disturbances": [{"type": "vibration", "start": 5, "duration": 6, "amplitude": 1, "frequency": 50}]}"#,
            "s.json: disturbances[0].duration: the window ends at 11 s, after the end of the run (10 s)"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "disturbances": [{"type": "drop", "start": 9.5, "fall": 0.5}]}"#,
            "s.json: disturbances[0].fall: the window ends at 10.01 s, after the end of the run (10 s)"
        ),
        (#"{"duration": 1e999, "motion": [{"t": 0, "angle": 0}]}"#, "s.json:1:14: number out of range"),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "sensor": {"bias": [0, 1]}}"#,
            "s.json: sensor.bias: expected 3 numbers [x, y, z], found 2"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "sensor": {"bias": [0, 5, 0]}}"#,
            "s.json: sensor.bias[1]: 5 is out of range (-2..2 g)"
        ),
        (#"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "sensor": {"noise": 0.1, "nois": 1}}"#, "s.json: sensor.nois: unknown key"),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "sensor": {"bias": [0, 0, 0], "chip_bias": [0, 0, 0.2]}}"#,
            "s.json: sensor.chip_bias: give the bias once: bias (device frame) or chip_bias (the chip's axes), not both"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "sensor": {"chip_bias": [0, 0, 3]}}"#,
            "s.json: sensor.chip_bias[2]: 3 is out of range (-2..2 g)"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "sensor": {"mount_matrix": "1, 0, 0; 0, 1, 0"}}"#,
            "s.json: sensor.mount_matrix: expected 9 numbers (3 rows of 3), found 6"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "button": {"actions": [{"t": 1, "action": "release"}]}}"#,
            "s.json: button.actions[0].action: release while the button is up"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "button": {"actions": [{"t": 1, "action": "press"}, {"t": 2, "action": "press"}]}}"#,
            "s.json: button.actions[1].action: press while the button is already down"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "button": {"actions": [{"t": 1, "action": "hold"}]}}"#,
            "s.json: button.actions[0].duration: missing (required for a hold)"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "button": {"actions": [{"t": 9, "action": "hold", "duration": 2}]}}"#,
            "s.json: button.actions[0].duration: the release at 11 s is after the end of the run (10 s)"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "button": {"actions": [{"t": 1, "action": "hold", "duration": 2}, {"t": 2, "action": "press"}]}}"#,
            "s.json: button.actions[1].t: 2 is not after the previous button edge (3 s); actions must be in time order"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "button": {"bounce": 0.5}}"#,
            "s.json: button.bounce: 0.5 is out of range (0..0.05 seconds)"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "faults": [{"type": "bus-errors", "start": 1, "duration": 1, "probability": 1.5}]}"#,
            "s.json: faults[0].probability: 1.5 is out of range (0..1)"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "faults": [{"type": "stuck", "start": 8, "duration": 3}]}"#,
            "s.json: faults[0].duration: the window ends at 11 s, after the end of the run (10 s)"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "faults": [{"type": "unplug", "t": 5, "replug": 4}]}"#,
            "s.json: faults[0].replug: 4 is not after the unplug (5 s)"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "faults": [{"type": "bus-errors", "start": 1, "duration": 1, "probability": 0.5, "error": "eio"}]}"#,
            #"s.json: faults[0].error: "eio" is not one of "nack", "timeout", "arbitration-lost", "bus""#
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "faults": [{"type": "meteor", "t": 1}]}"#,
            #"s.json: faults[0].type: "meteor" is not one of "bus-errors", "chip-reset", "unplug", "stuck", "camera-crash", "camera-hang", "camera-busy""#
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "expect": {"latched": [{"capture": 1, "orientation": "lens-up"}]}}"#,
            #"s.json: expect.latched[0].orientation: "lens-up" is not one of "normal", "left-up", "right-up", "bottom-up", "unknown" (a latch is never flat)"#
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "expect": {"latched": [{"capture": 1, "clip": 1, "orientation": "normal"}]}}"#,
            #"s.json: expect.latched[0].clip: give either "capture" or "clip", not both"#
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "expect": {"latched": [{"capture": 0, "orientation": "normal"}]}}"#,
            "s.json: expect.latched[0].capture: 0 is out of range (1..100000)"
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "expect": {"final_state": "asleep"}}"#,
            #"s.json: expect.final_state: "asleep" is not one of "idle", "previewing", "capturing", "recording""#
        ),
        (
            #"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "expect": {"captures": -1}}"#,
            "s.json: expect.captures: -1 is out of range (0..100000)"
        ),
        (#"{"duration": 10, "motion": [{"t": 0, "angle": 0}], "expect": {"capture": 1}}"#, "s.json: expect.capture: unknown key"),
    ])
    func errorNamesFileAndKey(text: String, expected: String) {
        #expect(throws: ScenarioError.self) { try ScenarioLoader.parse(text, file: "s.json") }
        do {
            _ = try ScenarioLoader.parse(text, file: "s.json")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func syntaxErrorNamesLineAndColumn() {
        do {
            _ = try ScenarioLoader.parse("{\n  \"duration\": 10,\n  \"motion\": [}\n", file: "bad.json")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.line == 3)
            #expect(error.description.hasPrefix("bad.json:3:"))
        }
    }

    @Test func missingFileNamesThePath() {
        do {
            _ = try ScenarioLoader.load(path: "/nonexistent/upright/scenario.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/nonexistent/upright/scenario.json: cannot read: No such file or directory")
        }
    }
}
