import Testing
import UprightHost

/// The one worker thread: jobs in the order offered; a batching worker (the journal's) takes
/// every job waiting at once, a plain one (the files') one at a time.
@Suite struct WorkerThreadTests {
    /// What the body saw, and a gate that holds it in its first call until the test opens it.
    final class Seen: @unchecked Sendable {
        // @unchecked: every var is touched with `monitor` held.
        let monitor = ThreadMonitor()
        var calls: [[Int]] = []
        var open = false

        func record(_ jobs: [Int]) {
            monitor.lock()
            calls.append(jobs)
            monitor.broadcast()
            // Bounded by the test, which opens the gate once it has offered the rest.
            while !open { monitor.wait() }
            monitor.unlock()
        }

        /// Waits for the body's first call (bounded: the thread takes the first job at once).
        func waitForFirstCall() {
            monitor.lock()
            while calls.isEmpty { monitor.wait() }
            monitor.unlock()
        }

        func openGate() {
            monitor.lock()
            open = true
            monitor.broadcast()
            monitor.unlock()
        }
    }

    /// Job 1 is being done while 2 to 5 are offered: the batching worker takes them in one
    /// call, in order; a fifth waiting job is refused (capacity 4).
    @Test func aBatchingWorkerTakesEveryJobWaitingAtOnce() {
        let seen = Seen()
        let worker = WorkerThread<Int>(capacity: 4, batchBody: { seen.record($0) })
        #expect(worker.start() == 0)
        #expect(worker.offer(1) == .accepted)
        seen.waitForFirstCall()
        for job in 2...5 { #expect(worker.offer(job) == .accepted) }
        #expect(worker.offer(6) == .full)
        #expect(worker.counts.waiting == 4)
        seen.openGate()
        worker.finish()
        #expect(seen.calls == [[1], [2, 3, 4, 5]])
    }

    /// The same offers to a plain worker: one job a call.
    @Test func aPlainWorkerTakesOneJobAtATime() {
        let seen = Seen()
        let worker = WorkerThread<Int>(capacity: 4, body: { seen.record([$0]) })
        #expect(worker.start() == 0)
        #expect(worker.offer(1) == .accepted)
        seen.waitForFirstCall()
        for job in 2...5 { #expect(worker.offer(job) == .accepted) }
        seen.openGate()
        worker.finish()
        #expect(seen.calls == [[1], [2], [3], [4], [5]])
    }
}
