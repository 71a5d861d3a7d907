import Glibc
import Testing
import UprightLinux

struct DeviceWaitTests {
    /// A clock that moves only when the wait sleeps, and the attempts' errors in order.
    final class Script {
        var nowMilliseconds = 0
        var errors: [LinuxDeviceError]
        var tries = 0
        var notes: [String] = []
        init(_ errors: [LinuxDeviceError]) { self.errors = errors }

        func open(_ wait: DeviceWait) throws(LinuxDeviceError) -> Int {
            try wait.open(
                { () throws(LinuxDeviceError) -> Int in
                    tries += 1
                    if !errors.isEmpty { throw errors.removeFirst() }
                    return tries
                }, elapsedMilliseconds: { self.nowMilliseconds }, sleepMilliseconds: { self.nowMilliseconds += $0 },
                note: { self.notes.append($0) })
        }
    }

    static let missingBus = LinuxDeviceError(path: "/dev/i2c-1", code: ENOENT, description: "/dev/i2c-1 does not exist")
    static let missingChip = LinuxDeviceError(path: "/dev/gpiochip*", code: ENOENT, description: "no GPIO chip is labelled pinctrl-rp1")
    static let refusedBus = LinuxDeviceError(path: "/dev/i2c-1", code: EACCES, description: "permission denied opening /dev/i2c-1")
    static let busyBus = LinuxDeviceError(path: "/dev/i2c-1", code: EBUSY, description: "/dev/i2c-1 is busy")
    static let wait = DeviceWait(limitSeconds: 60, permissionGraceSeconds: 2, pollMilliseconds: 200, reminderSeconds: 10)

    @Test func devicesThatArriveLateAreWaitedForWithOneNoteEach() throws {
        let script = Script(Array(repeating: Self.missingBus, count: 5) + Array(repeating: Self.missingChip, count: 3))
        #expect(try script.open(Self.wait) == 9)
        #expect(script.nowMilliseconds == 1_600)
        #expect(
            script.notes == [
                "waiting for /dev/i2c-1 (60 s more at most): /dev/i2c-1 does not exist",
                "waiting for /dev/gpiochip* (59 s more at most): no GPIO chip is labelled pinctrl-rp1",
                "/dev/gpiochip* is here after 1.6 s",
            ])
    }

    @Test func aLongWaitIsRemindedOfEveryTenSecondsAndGivenUpAtTheLimit() {
        let script = Script(Array(repeating: Self.missingBus, count: 1_000))
        #expect(throws: Self.missingBus) { try script.open(Self.wait) }
        #expect(script.nowMilliseconds == 60_000)
        #expect(script.tries == 301)
        #expect(script.notes.count == 7)
        #expect(script.notes[1] == "waiting for /dev/i2c-1 (50 s more at most): /dev/i2c-1 does not exist")
        #expect(script.notes.last == "gave up waiting after 60.0 s")
    }

    @Test func aRefusedNodeIsGivenOnlyTheGraceForUdevsChown() throws {
        let refusedForGood = Script(Array(repeating: Self.refusedBus, count: 1_000))
        #expect(throws: Self.refusedBus) { try refusedForGood.open(Self.wait) }
        #expect(refusedForGood.nowMilliseconds == 2_000)
        let chownedSoon = Script([Self.refusedBus, Self.refusedBus])
        #expect(try chownedSoon.open(Self.wait) == 3)
        #expect(chownedSoon.notes.last == "/dev/i2c-1 is here after 0.4 s")
        // The grace runs from the first refusal: a node that came after 10 s of waiting, root's
        // for a moment, is not given up at once (the system test's late devices found this).
        let lateThenChowned = Script(Array(repeating: Self.missingBus, count: 50) + [Self.refusedBus, Self.refusedBus])
        #expect(try lateThenChowned.open(Self.wait) == 53)
        #expect(
            lateThenChowned.notes == [
                "waiting for /dev/i2c-1 (60 s more at most): /dev/i2c-1 does not exist",
                "waiting for /dev/i2c-1 (2 s more at most): permission denied opening /dev/i2c-1",
                "/dev/i2c-1 is here after 10.4 s",
            ])
        let lateAndRefusedForGood = Script(Array(repeating: Self.missingBus, count: 50) + Array(repeating: Self.refusedBus, count: 1_000))
        #expect(throws: Self.refusedBus) { try lateAndRefusedForGood.open(Self.wait) }
        #expect(lateAndRefusedForGood.nowMilliseconds == 12_000)
        #expect(lateAndRefusedForGood.notes.last == "gave up waiting after 12.0 s")
    }

    @Test func otherErrorsAndAZeroLimitAreNotWaitedFor() {
        let busy = Script([Self.busyBus])
        #expect(throws: Self.busyBus) { try busy.open(Self.wait) }
        #expect(busy.tries == 1 && busy.notes.isEmpty)
        var noWait = Self.wait
        noWait.limitSeconds = 0
        let missing = Script([Self.missingBus])
        #expect(throws: Self.missingBus) { try missing.open(noWait) }
        #expect(missing.tries == 1 && missing.notes.isEmpty)
    }
}
