import Testing
@testable import UprightCLI

/// The swarm starts every seed from the build it runs, even when that file was replaced.
struct SimSwarmTests {
    @Test func aReplacedExecutableIsStartedThroughTheRunningImage() {
        #expect(SimSwarm.runnablePath(link: "/w/.build/release/upright", pid: 42) == "/w/.build/release/upright")
        #expect(SimSwarm.runnablePath(link: "/w/.build/release/upright (deleted)", pid: 42) == "/proc/42/exe")
    }
}
