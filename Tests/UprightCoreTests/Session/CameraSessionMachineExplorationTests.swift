import Testing
import UprightCore

/// The camera session's machine in every state it can reach (`SessionExplorer`): two photos
/// and a clip, in each mode, under every order, program end, file outcome, timer and storage
/// verdict.
struct CameraSessionMachineExplorationTests {
    @Test(arguments: [CameraMode.server, .oneShot])
    func everyReachableStateKeepsThePromises(mode: CameraMode) {
        let report = SessionExplorer(settings: CameraSessionSettings(mode: mode), shots: 2, clips: 1).explore()
        print("camera session, \(mode): \(report.states) states, \(report.transitions) transitions")
        #expect(report.violations.isEmpty, "\(report.violations.prefix(5))")
        #expect(report.stranded == 0)
        // The exploration reached the corners it is for: far more than the handful of states a
        // photo's happy path visits (a broken explorer that stops early reaches few).
        #expect(report.states > (mode == .server ? 30_000 : 3_000))
    }

    @Test func aMachineThatAnswersAPhotoTwiceIsCaught() {
        let machine = CameraSessionMachine(settings: CameraSessionSettings())
        let report = SessionExplorer(settings: machine.settings, shots: 1, clips: 0) { state, event in
            var commands = machine.handle(&state, event)
            if let answer = commands.first(where: { if case .complete(.captureFailed) = $0 { true } else { false } }) {
                commands.append(answer)
            }
            return commands
        }.explore()
        #expect(report.violations.contains { $0.hasPrefix("photo 1 answered while answered") })
    }

    @Test func aMachineThatKeepsAnAnsweredPhotoItWasToldToAbandonIsCaught() {
        // It ignores the abandon of a photo it has answered (the touch's photo of a press that
        // became a clip): the file would stay behind with no record.
        let machine = CameraSessionMachine(settings: CameraSessionSettings())
        let report = SessionExplorer(settings: machine.settings, shots: 1, clips: 0) { state, event in
            let before = state
            let commands = machine.handle(&state, event)
            if case .order(.abandonPhoto) = event.kind, before.photos.isEmpty, before.finishing.isEmpty {
                return commands.filter { if case .discard(.finishedPhoto) = $0 { false } else { true } }
            }
            return commands
        }.explore()
        #expect(report.violations.contains { $0.hasPrefix("abandoned photo 1 keeps its file") })
    }

    @Test func aMachineThatAsksForTheSecondPhotoWithTheFirstsTouchIsCaught() {
        // It asks the program for every photo with the first one's moment: a camera that keeps
        // recent frames would return the first touch's frame for the second press.
        let machine = CameraSessionMachine(settings: CameraSessionSettings())
        let report = SessionExplorer(settings: machine.settings, shots: 2, clips: 0) { state, event in
            machine.handle(&state, event).map {
                if case .requestPhoto = $0 { .requestPhoto(touchedAt: SessionExplorer.touch(shot: 1)) } else { $0 }
            }
        }.explore()
        #expect(report.violations.contains { $0.hasPrefix("a photo asked for at") })
    }

    @Test func aMachineThatForgetsAPhotoIsCaught() {
        // It drops the photo a full card refuses instead of answering it: nothing ever will.
        let machine = CameraSessionMachine(settings: CameraSessionSettings())
        let report = SessionExplorer(settings: machine.settings, shots: 1, clips: 0) { state, event in
            machine.handle(&state, event).filter { if case .complete(.captureFailed) = $0 { false } else { true } }
        }.explore()
        #expect(report.violations.isEmpty)
        #expect(report.stranded > 0)
    }

    @Test func aMachineThatStartsBesideARunningProgramIsCaught() {
        // It starts the recorder without waiting for the still server's exit.
        let machine = CameraSessionMachine(settings: CameraSessionSettings())
        let report = SessionExplorer(settings: machine.settings, shots: 0, clips: 1) { state, event in
            var commands = machine.handle(&state, event)
            if case .order(.startRecording(let clip, let orientation)) = event.kind, let running = state.running, running.program == .stillServer {
                commands.append(.start(.video(clip: clip), output: .pendingClip(clip: clip), orientation: orientation))
            }
            return commands
        }.explore()
        #expect(report.violations.contains { $0.hasPrefix("a program started while another runs") })
    }

    @Test func aMachineThatLooksAtTheStorageItSaysItDoesNotIsCaught() {
        let machine = CameraSessionMachine(settings: CameraSessionSettings())
        let report = SessionExplorer(settings: machine.settings, shots: 1, clips: 0) { state, event in
            var commands = machine.handle(&state, event)
            if case .order(.startPreview) = event.kind, !event.storageHasRoom { commands.append(.note(.stuck)) }
            return commands
        }.explore()
        #expect(report.violations.contains { $0.hasPrefix("order(UprightCore.CameraOrder.startPreview) depends on the storage") })
    }
}
