import UprightCore

extension SessionNote {
    /// The note as the log says it. `storageProblem`: the file system's own words for the
    /// problem a storage note is about (`StorageCheck.problem()`, or the error that stopped a
    /// file being finished).
    public func text(storageProblem: String, settings: CameraSessionSettings) -> String {
        switch self {
        case .photoWhileStuck(let shot): "photo \(shot): the camera program is stuck and still owns the camera"
        case .clipWhileStuck(let clip): "clip \(clip): the camera program is stuck and still owns the camera"
        case .photoStorage(let shot): "photo \(shot): " + storageProblem
        case .clipStorage(let clip): "clip \(clip): " + storageProblem
        case .photosWaiting(let shot, let waiting): "photo \(shot): \(waiting) photos already waiting"
        case .clipStillRecording(let clip): "clip \(clip): a clip is still recording"
        case .notReady(let after, let now):
            "the still server was not ready \(after) ms after its start (the photo signal ended it); waiting \(now) ms from now on"
        case .photoFailed(let shot, let why): "photo \(shot): " + why.text(settings: settings)
        case .programEnded(let program, let exit): program.text + " " + exit.text
        case .programStorage(let program, let exit): program.text + " " + exit.text + ": " + storageProblem
        case .clipNotFinished(let clip), .clipNotFinishedStorage(let clip): "clip \(clip): " + storageProblem
        case .photoNotFinished(let shot), .photoNotFinishedStorage(let shot): "photo \(shot): " + storageProblem
        case .videoEndedByItself(let clip): "clip \(clip): the video program ended by itself"
        case .stuck:
            "the camera program did not end \(CameraSessionMachine.killBound.seconds) s after SIGKILL (stuck in the kernel); it still owns the camera"
        }
    }
}

extension SessionNote.PhotoFailure {
    func text(settings: CameraSessionSettings) -> String {
        switch self {
        case .serverEnded(let exit): "the still server ended while taking it (\(exit.text))"
        case .oneShotEnded(let exit): "the still command " + exit.text
        case .noRoom: "no room to write it"
        case .unavailable: "the camera is unavailable"
        case .notWrittenInTime: "the camera program did not write it within \(settings.photoBound.seconds) s"
        case .stuck: "the camera program is stuck"
        }
    }
}

extension SessionProgramName {
    var text: String {
        switch self {
        case .stillServer: "still server"
        case .stillCommand: "still command"
        case .videoProgram: "video program"
        }
    }
}

extension CameraExit {
    /// How it ended, as a clause ("was ended by signal 11").
    var text: String {
        switch self {
        case .clean: "exited"
        case .failed(let status): "exited with status \(status)"
        case .signalled(let signal): "was ended by signal \(signal)"
        case .notStarted(let reason): "could not start: \(reason)"
        }
    }
}
