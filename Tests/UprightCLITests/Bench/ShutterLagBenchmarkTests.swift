#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import UprightCLI

/// The lag figures come from the simulated camera's documented timings (docs/camera.md): a
/// press held 80 to 200 ms, the 30 ms debounce of its release, up to one 33 ms frame for the
/// signal to be taken, then the capture: 400 ms, or 70 ms with zero shutter lag. The one-shot
/// mode opens (300 ms) and settles (450 ms) the camera for every photo first.
@Suite struct ShutterLagBenchmarkTests {
    func lags(_ mode: ShutterLagBenchmark.Mode) throws -> [Double] {
        var template = Array("/tmp/upright-lag-test-XXXXXX".utf8CString)
        let directory = try #require(template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } }.map { String(cString: $0) })
        #expect(mkdir(directory + "/" + mode.rawValue, 0o700) == 0)
        return try #require(ShutterLagBenchmark.lags(mode, presses: 8, directory: directory))
    }

    @Test func warmLagIsThePressTheFrameAndTheCapture() throws {
        let warm = try lags(.warm)
        #expect(warm.count == 7) // the first photo, waiting for the server's start, left out
        #expect(warm.allSatisfy { (510...663).contains($0) }, "\(warm)")
    }

    @Test func zeroShutterLagTakesTheNextFrame() throws {
        let zsl = try lags(.warmZeroShutterLag)
        #expect(zsl.count == 7)
        #expect(zsl.allSatisfy { (180...333).contains($0) }, "\(zsl)")
    }

    @Test func oneShotPaysTheCameraStartEveryTime() throws {
        let cold = try lags(.coldOneShot)
        #expect(cold.count == 8)
        #expect(cold.allSatisfy { $0 >= 110 + 300 + 450 + 400 }, "\(cold)")
    }
}
