import Testing
import UprightCore

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// Drains every gesture due by `now`.
private func gestures(_ recogniser: inout ShutterGesture, now: Instant) -> [ShutterGesture.Gesture] {
    var out: [ShutterGesture.Gesture] = []
    while let gesture = recogniser.next(now: now) { out.append(gesture) }
    return out
}

@Suite struct ShutterGestureTests {
    @Test func shortPressIsPressedThenReleasedAfterTheDebounce() {
        var button = ShutterGesture()
        button.edge(down: true, at: ms(100))
        // The touch at once, so the orientation of the edge can be latched.
        #expect(gestures(&button, now: ms(100)) == [.init(.touched, at: ms(100))])
        #expect(gestures(&button, now: ms(129)) == [])
        #expect(gestures(&button, now: ms(130)) == [.init(.pressed, at: ms(100))])
        button.edge(down: false, at: ms(400))
        #expect(gestures(&button, now: ms(429)) == [])
        #expect(gestures(&button, now: ms(430)) == [.init(.released, at: ms(400))])
        #expect(gestures(&button, now: ms(60_000)) == [])
        #expect(button.nextDeadline == nil)
    }

    @Test func holdForOneSecondIsHeldAndItsReleaseIsSilent() {
        var button = ShutterGesture()
        button.edge(down: true, at: ms(0))
        #expect(gestures(&button, now: ms(999)) == [.init(.touched, at: ms(0)), .init(.pressed, at: ms(0))])
        #expect(button.nextDeadline == ms(1000))
        #expect(gestures(&button, now: ms(1000)) == [.init(.held, at: ms(1000))])
        button.edge(down: false, at: ms(2500))
        #expect(gestures(&button, now: ms(3000)) == [])
    }

    @Test func releaseJustBeforeTheHoldTimeIsAShortPress() {
        var button = ShutterGesture()
        button.edge(down: true, at: ms(0))
        button.edge(down: false, at: ms(999))
        #expect(gestures(&button, now: ms(2000)) == [.init(.touched, at: ms(0)), .init(.pressed, at: ms(0)), .init(.released, at: ms(999))])

        var held = ShutterGesture()
        held.edge(down: true, at: ms(0))
        held.edge(down: false, at: ms(1000))
        #expect(gestures(&held, now: ms(2000)) == [.init(.touched, at: ms(0)), .init(.pressed, at: ms(0)), .init(.held, at: ms(1000))])
    }

    @Test func bounceStormGivesOnePressAndOneRelease() {
        var button = ShutterGesture()
        // Contact bounce on the way down (0..27 ms) and up (300..310 ms).
        for (time, down) in [(0, true), (2, false), (5, true), (9, false), (14, true), (20, false), (27, true)] {
            button.edge(down: down, at: ms(Int64(time)))
        }
        // One touch, at the first edge: the later edges of the burst come before the line
        // settled up for the debounce time.
        #expect(gestures(&button, now: ms(56)) == [.init(.touched, at: ms(0))])
        #expect(gestures(&button, now: ms(57)) == [.init(.pressed, at: ms(27))])
        // Bounce on release: the stable button is down, so no touch.
        for (time, down) in [(300, false), (303, true), (310, false)] {
            button.edge(down: down, at: ms(Int64(time)))
        }
        #expect(gestures(&button, now: ms(339)) == [])
        #expect(gestures(&button, now: ms(340)) == [.init(.released, at: ms(310))])
    }

    @Test func pressShorterThanTheDebounceIsNothing() {
        var button = ShutterGesture()
        button.edge(down: true, at: ms(1000))
        button.edge(down: false, at: ms(1020))
        // Up again before the debounce: once it has settled up (30 ms after 1020 ms), a glitch,
        // so the photo the touch ordered is given up; nothing more after it.
        #expect(gestures(&button, now: ms(1049)) == [.init(.touched, at: ms(1000))])
        #expect(gestures(&button, now: ms(5000)) == [.init(.glitch, at: ms(1050))])
        #expect(button.isDown == false)
        // The next press, long after the glitch, is a touch of its own.
        button.edge(down: true, at: ms(6000))
        #expect(gestures(&button, now: ms(6030)) == [.init(.touched, at: ms(6000)), .init(.pressed, at: ms(6000))])
    }

    /// A glitch, up again for less than the debounce, then the real press: the glitch's touch
    /// still stands (the line never settled up), so no second touch.
    @Test func aGlitchJustBeforeAPressKeepsTheGlitchsTouch() {
        var button = ShutterGesture()
        button.edge(down: true, at: ms(1000))
        button.edge(down: false, at: ms(1010))
        button.edge(down: true, at: ms(1025))
        #expect(gestures(&button, now: ms(1055)) == [.init(.touched, at: ms(1000)), .init(.pressed, at: ms(1025))])
        // Up for the debounce time (1030 ms after its release at 1100 ms, settled at 1130 ms):
        // a new press is a new touch.
        button.edge(down: false, at: ms(1100))
        button.edge(down: true, at: ms(1200))
        #expect(gestures(&button, now: ms(1200)) == [.init(.released, at: ms(1100)), .init(.touched, at: ms(1200))])
    }

    @Test func repeatedLevelKeepsTheFirstEdge() {
        var button = ShutterGesture()
        button.edge(down: true, at: ms(0))
        button.edge(down: true, at: ms(20))
        #expect(gestures(&button, now: ms(30)) == [.init(.touched, at: ms(0)), .init(.pressed, at: ms(0))])
    }

    @Test func stuckButtonReportsOnceAndNeverRepeatsHeld() {
        var button = ShutterGesture()
        button.edge(down: true, at: ms(0))
        #expect(gestures(&button, now: ms(29_999)) == [.init(.touched, at: ms(0)), .init(.pressed, at: ms(0)), .init(.held, at: ms(1000))])
        #expect(gestures(&button, now: ms(30_000)) == [.init(.stuck, at: ms(30_000))])
        #expect(gestures(&button, now: ms(600_000)) == [])
        #expect(button.nextDeadline == nil)
        button.edge(down: false, at: ms(700_000))
        #expect(gestures(&button, now: ms(700_030)) == [.init(.unstuck, at: ms(700_000))])
    }

    @Test func configurableDebounceAndHold() {
        var button = ShutterGesture(configuration: .init(debounce: .milliseconds(5), holdTime: .milliseconds(500)))
        button.edge(down: true, at: ms(10))
        #expect(gestures(&button, now: ms(510)) == [.init(.touched, at: ms(10)), .init(.pressed, at: ms(10)), .init(.held, at: ms(510))])
    }
}
