import UprightCore

/// A worker's queue as its owner uses it: jobs offered in order and done one at a time, at
/// most `capacity` waiting. `WorkerThread` is a Pi's (a thread); the simulator's models the
/// same queue in virtual time over its card (`SimulatedWorkQueue` in UprightSim), so that the
/// journal's worker (`DurableWork`) holds, offers again and counts lost work the same way on
/// both paths.
///
/// The contract (`WorkSubmission`): `offer` never waits. `waitForRoom`, `drain` and `finish`
/// are the only calls that wait, bounded by the card.
public protocol WorkQueue<Job>: AnyObject {
    associatedtype Job

    /// The most jobs that may wait besides the one being done.
    var capacity: Int { get }
    /// Starts the worker; pthread_create's error when it could not (0: started).
    func start() -> Int32
    /// Queues `job` when fewer than `capacity` wait; never waits.
    func offer(_ job: Job) -> WorkSubmission
    /// Lets the worker catch up with the clock: a thread needs nothing; a modelled worker
    /// does the jobs whose time has come. The owner calls it at every look.
    func poll()
    /// The oldest job offered and not done yet (waiting, or being done), nil when none.
    var oldestJob: Job? { get }
    /// Waits until room for one more job (bounded by the card); false once finished.
    func waitForRoom() -> Bool
    /// Waits until every job offered is done (bounded by the card).
    func drain()
    /// Does the jobs queued, then ends the worker. Idempotent.
    func finish()
    /// Whether the worker runs (started and not finished).
    var isRunning: Bool { get }
    /// When the job being done will have ended, if the worker knows (a modelled card); nil
    /// when none is being done or a thread does it.
    var nextJobEnd: Instant? { get }
}
