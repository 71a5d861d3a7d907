import UprightCore
import UprightHost

/// One boot of a long life as a `SimulationWorld`: the soak's presses (`SoakWorkload`, fed as
/// they come due) on the soak's turning camera, then the end the boot drew: a shutdown asked
/// for at the session's end (the engine stops as on SIGTERM), or nothing at all (a kill or a
/// cut: the run just stops, as the process does).
final class LifeWorld: SimulationWorld {
    typealias Cam = SimCamera
    typealias Output = LifeRecords
    typealias Rig = SimRig<LifeWorld>

    private var workload: SoakWorkload
    private var nextInput: SoakInput?
    private var shutdown: Instant?

    init(workload: SoakWorkload, shutdown: Instant?) {
        self.workload = workload
        self.shutdown = shutdown
        nextInput = self.workload.next()
    }

    func act(at now: Instant, on rig: Rig) {
        while let input = nextInput, input.time <= now {
            if case .edge(let edge, _) = input { rig.press(ShutterEdge(time: edge.time, down: edge.pressed)) }
            nextInput = workload.next()
        }
        if let time = shutdown, time <= now {
            shutdown = nil
            rig.engine.requestShutdown(at: time)
        }
    }

    func nextTime(after now: Instant) -> Instant? {
        var next: Instant?
        for instant in [nextInput?.time, shutdown] {
            if let instant, instant > now, next.map({ instant < $0 }) ?? true { next = instant }
        }
        return next
    }

    /// Each clip named without its rotation since the last step is journaled `fault`
    /// `rotation` (`FirmwareEngine.journalOwedRotations`, after each pass as on a Pi: the life
    /// found a turned clip left unturned with nothing on the card to say so). The life checks
    /// between boots, not step by step.
    func stepped(at now: Instant, on rig: Rig) -> Bool {
        rig.engine.journalOwedRotations()
        return true
    }

    /// Photos and clips the workload planned (presses of each kind).
    var counts: SoakWorkloadCounts { workload.counts }
}
