import Testing

@testable import UprightCore

/// The detector's vectors give the bits `Vector3`'s arithmetic gives (on a host they are SIMD
/// lanes, on a microcontroller `Vector3` itself): the records must not depend on which.
@Suite struct DetectorVectorTests {
    /// Three components whose squares sum to different floats in different orders: x^2 + y^2
    /// first is 0x40a5e049, y^2 + z^2 first (or x^2 + z^2) 0x40a5e048.
    static let orderSensitive = Vector3(x: -1.46254301071167, y: 1.3897349834442139, z: 1.055098533630371)

    @Test func squaredLengthSumsInVector3sOrder() {
        let v = DetectorVector(Self.orderSensitive)
        #expect(v.squaredLength.bitPattern == 0x40a5_e049)
        #expect(v.squaredLength.bitPattern == Self.orderSensitive.magnitudeSquared.bitPattern)
        #expect(v.length.bitPattern == Self.orderSensitive.magnitude.bitPattern)
    }

    @Test func filterStepIsVector3sBitForBit() {
        let start = Vector3(x: 0.3, y: -0.7, z: 0.65)
        let fraction: Float = 0.0049751243
        let step = DetectorVector(start).approaching(DetectorVector(Self.orderSensitive), by: fraction).vector3
        #expect([step.x.bitPattern, step.y.bitPattern, step.z.bitPattern] == [0x3e95_1c40, 0xbf30_89d7, 0x3f26_ea7b])
        let scalar = start + (Self.orderSensitive - start) * fraction
        #expect(step == scalar)
        let plus = DetectorVector(start).plus(DetectorVector(Self.orderSensitive), times: fraction).vector3
        #expect(plus == start + Self.orderSensitive * fraction)
    }
}
