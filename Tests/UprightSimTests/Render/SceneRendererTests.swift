import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import UprightSim

/// The renderer's two paths: a level lens (tilt 0) works each ray's arctangents once for two
/// corners, half a turn apart; its pixels must be the general path's, bit for bit.
@Suite struct SceneRendererTests {
    @Test(arguments: [0, 17.3, 45, 90, 133.7, 180, 271, 359.9, -30, 403])
    func aLevelLensGivesTheGeneralPathsPixels(rollDegrees: Double) {
        for (width, height) in [(320, 240), (65, 33), (64, 48), (2, 3), (1, 1)] {
            let rays = SceneRenderer.Rays(
                width: width, height: height, focal: Double(max(width, height)) / 2 / 0.577_350_269_189_625_8,
                cosRoll: cos(rollDegrees * Double.pi / 180), sinRoll: sin(rollDegrees * Double.pi / 180), cosTilt: 1, sinTilt: 0)
            #expect(rays.isLevel)
            #expect(SceneRenderer.renderLevel(rays) == SceneRenderer.renderTilted(rays), "roll \(rollDegrees), \(width) x \(height)")
        }
    }

    /// The level path is the one a tilt of 0 takes; any other tilt takes the general one.
    @Test func onlyATiltOfZeroIsLevel() {
        let rays = { (tilt: Double) in
            SceneRenderer.Rays(width: 4, height: 3, focal: 3, cosRoll: 1, sinRoll: 0, cosTilt: cos(tilt), sinTilt: sin(tilt))
        }
        #expect(rays(0).isLevel)
        #expect(!rays(1e-9).isLevel)
        #expect(!rays(-0.5).isLevel)
    }
}
