#if canImport(Glibc)
import Glibc
#endif
import Testing
import UprightCore
import UprightHost

@Suite struct WahbaFitTests {
    static let devices: [SIMD3<Double>] = [SIMD3(0, 1, 0), SIMD3(1, 0, 0), SIMD3(0, 0, -1), SIMD3(0, -1, 0), SIMD3(-1, 0, 0), SIMD3(0, 0, 1)]

    /// Chip readings of the six poses through `truth` (chip = truth^T device), fitted back.
    @Test(arguments: [
        (15.0, SIMD3<Double>(0, 0, 1)), (45, SIMD3(0, 0, 1)), (30, SIMD3(1, 0, 0)), (5, SIMD3(1, 1, 1)), (170, SIMD3(0.2, -1, 0.4)),
        (180, SIMD3(0, 1, 0)),
    ])
    func anyRotationIsFoundFromExactDirections(degrees: Double, axis: SIMD3<Double>) throws {
        let truth = Rotation(degrees: degrees, about: axis)
        for count in 2...6 {
            let device = Array(Self.devices.prefix(count))
            let chip = device.map { truth.transposed.apply($0) }
            let fit = try #require(WahbaFit.fit(device: device, chip: chip))
            #expect(fit.rotation.degrees(to: truth) < 1e-6, "\(count) directions")
            #expect(fit.determinacy > 0.5)
        }
    }

    /// Two perpendicular directions fit exactly; parallel ones leave the turn about them free.
    @Test func parallelDirectionsDoNotFixARotation() {
        #expect(WahbaFit.fit(device: [SIMD3(0, 1, 0), SIMD3(0, -1, 0)], chip: [SIMD3(1, 0, 0), SIMD3(-1, 0, 0)]) == nil)
        #expect(WahbaFit.fit(device: [SIMD3(0, 1, 0)], chip: [SIMD3(1, 0, 0)]) == nil)
        #expect(WahbaFit.fit(device: [], chip: []) == nil)
    }

    /// Noisy directions: the least-squares rotation lies between them. Upright read 2 degrees
    /// turned about z, on its side 2 degrees the other way: the fit is the square mount.
    @Test func errorsThatCancelLeaveTheTruth() throws {
        let turnA = Rotation(degrees: 2, about: SIMD3(0, 0, 1))
        let turnB = Rotation(degrees: -2, about: SIMD3(0, 0, 1))
        let device: [SIMD3<Double>] = [SIMD3(0, 1, 0), SIMD3(1, 0, 0), SIMD3(0, -1, 0), SIMD3(-1, 0, 0)]
        let chip = [turnA.apply(device[0]), turnB.apply(device[1]), turnA.apply(device[2]), turnB.apply(device[3])]
        let fit = try #require(WahbaFit.fit(device: device, chip: chip))
        #expect(fit.rotation.degrees(to: .identity) < 1e-6)
    }

    /// A mirror image (lens up read where the right-hand rule puts lens down): no rotation
    /// fits it better than the others (nil); a little off one, the best leaves a pose far off.
    @Test func aMirrorImageFitsNoRotation() throws {
        let device: [SIMD3<Double>] = [SIMD3(0, 1, 0), SIMD3(1, 0, 0), SIMD3(0, 0, -1)]
        #expect(WahbaFit.fit(device: device, chip: [SIMD3(0, 1, 0), SIMD3(1, 0, 0), SIMD3(0, 0, 1)]) == nil)
        let chip: [SIMD3<Double>] = [SIMD3(0, 1, 0), SIMD3(1, 0.1, 0), SIMD3(0, 0, 1)]
        let fit = try #require(WahbaFit.fit(device: device, chip: chip))
        let worst = zip(device, chip).map { d, c in Self.angle(fit.rotation.apply(c), d) }.max()!
        #expect(worst > 60, "\(worst)")
    }

    @Test func rotationsAndTheirAxes() throws {
        let r = Rotation(degrees: 30, about: SIMD3(0, 0, 2))
        #expect(abs(r.degrees - 30) < 1e-9)
        let axis = try #require(r.axis)
        #expect(abs(axis.z - 1) < 1e-9)
        // Counter-clockwise seen from +z: x turns toward y.
        #expect(abs(r.apply(SIMD3<Double>(1, 0, 0)).y - 0.5) < 1e-9)
        let half = Rotation(degrees: 180, about: SIMD3(1, 1, 0))
        let halfAxis = try #require(half.axis)
        #expect(abs(abs(halfAxis.x) - 0.5.squareRoot()) < 1e-9 && abs(halfAxis.z) < 1e-9)
        #expect(Rotation.identity.axis == nil)
        #expect(Rotation.square.count == 24)
        #expect(Rotation(degrees: 89, about: SIMD3(0, 0, 1)).nearestSquare == Rotation(Rotation(degrees: 90, about: SIMD3(0, 0, 1)).mountMatrix()))
    }

    static func angle(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let cosine = (a * b).sum() / ((a * a).sum() * (b * b).sum()).squareRoot()
        return acos(max(-1, min(1, cosine))) * 180 / .pi
    }
}
