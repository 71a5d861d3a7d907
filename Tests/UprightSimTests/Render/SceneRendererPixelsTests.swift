import Testing

@testable import UprightSim

/// The renderer's pixels, pinned: a hash (FNV-1a, 64 bits) of the bytes of pictures at poses
/// on both paths, level and tilted, taken before the renderer was vectorised. The demo's
/// photos and clips, the scenarios' and the soak's, must stay what they were, byte for byte.
@Suite struct SceneRendererPixelsTests {
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    @Test(arguments: [
        (0.0, 0.0, 0xd820_3252_748b_5963 as UInt64), (90.0, 0.0, 0x2bbc_65f0_d9d6_fb30),
        (17.3, 0.0, 0x32ea_3f7d_bfb7_54c8), (-133.7, 0.0, 0x1765_6ba9_1a08_6ffd),
        (0.0, 12.5, 0xb93a_785c_19bf_d133), (271.0, -40.0, 0xc217_84df_39fb_931b),
        (45.0, 89.0, 0xd4b8_6799_28a4_c300),
    ])
    func picturesAreAsBefore(rollDegrees: Double, tiltDegrees: Double, expected: UInt64) {
        let image = SceneRenderer.render(rollDegrees: rollDegrees, tiltDegrees: tiltDegrees, width: 320, height: 240)
        #expect(Self.fnv1a(image.pixels) == expected, "roll \(rollDegrees), tilt \(tiltDegrees)")
    }

    /// Odd sizes on the level path: a middle row and column of their own, a last corner
    /// column past a whole pair; 65 x 33, 2 x 3, 1 x 1 and 7 x 320.
    @Test(arguments: [
        (0.0, [0x8b96_6c5b_ad57_bbed, 0x9eaf_0ba6_ee67_b06d, 0x954d_de19_f815_a3af, 0xff6a_05e3_5bef_0c91] as [UInt64]),
        (133.7, [0x13e2_8b8f_eead_4179, 0x55e1_6ccb_0608_7e77, 0xe362_d01a_2459_566e, 0x2fec_af2c_a7db_642b]),
        (17.3, [0xaac4_0dd1_eca1_293c, 0x6929_1b68_54f9_9910, 0x6d62_1119_e26f_a32f, 0x38d3_e24a_ffe9_5974]),
    ])
    func oddSizesAreAsBefore(rollDegrees: Double, expected: [UInt64]) {
        let hashes = [(65, 33), (2, 3), (1, 1), (7, 320)].map { width, height in
            Self.fnv1a(SceneRenderer.render(rollDegrees: rollDegrees, tiltDegrees: 0, width: width, height: height).pixels)
        }
        #expect(hashes == expected, "roll \(rollDegrees)")
    }
}
