import Testing
import UprightCore
import UprightHost
import UprightSim

@Suite struct ChipFrameMotionTests {
    /// A chip rotated 90 degrees on the board: device = M chip with M = "0, -1, 0; 1, 0, 0; 0, 0, 1".
    /// With the camera upright (device (0, 1, 0)) the chip must read chip = M^T device = (1, 0, 0).
    @Test func rotatedChipReadsTheInverse() throws {
        let mount = try MountMatrix(parsing: "0, -1, 0; 1, 0, 0; 0, 0, 1")
        let source = FixedMotion(MotionState(accelerationG: Vector3(x: 0, y: 1, z: 0), angularRateDPS: Vector3(x: 10, y: 0, z: 5)))
        let chip = try #require(ChipFrameMotion(source: source, mount: mount))
        let state = chip.motion(at: .zero)
        #expect(state.accelerationG == Vector3(x: 1, y: 0, z: 0))
        #expect(state.angularRateDPS == Vector3(x: 0, y: -10, z: 5))
        // And the driver's mount matrix takes it back to the device frame.
        #expect(mount.apply(state.accelerationG) == Vector3(x: 0, y: 1, z: 0))
    }

    @Test func inverseOfAScaledMatrixUndoesIt() throws {
        let mount = try MountMatrix(parsing: "0, 2, 0; -1, 0, 0; 0, 0, -1")
        let inverse = try #require(mount.inverse)
        #expect(inverse.row0 == Vector3(x: 0, y: -1, z: 0))
        #expect(inverse.row1 == Vector3(x: 0.5, y: 0, z: 0))
        #expect(inverse.row2 == Vector3(x: 0, y: 0, z: -1))
        let v = Vector3(x: 0.25, y: -0.5, z: 1)
        #expect(mount.apply(inverse.apply(v)) == v)
    }

    @Test func transposeOfARotation() throws {
        let mount = try MountMatrix(parsing: "0, -1, 0; 1, 0, 0; 0, 0, 1")
        let transposed = try #require(mount.transposed)
        #expect(transposed.row0 == Vector3(x: 0, y: 1, z: 0))
        #expect(transposed.row1 == Vector3(x: -1, y: 0, z: 0))
        #expect(transposed == mount.inverse)
    }
}
