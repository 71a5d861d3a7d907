import Testing
import UprightMCUShared

@Suite struct FloatProbeTests {
    /// The host's digests for `make mcu-test`'s probe (seed 0x5EEDF10A, 4096 rounds): what the
    /// Cortex-M0 and Cortex-M4F must reproduce bit for bit. A change here is a change in the
    /// probe or in the host's floating point, never a tolerance.
    @Test func theHostsDigestsAreTheseValues() {
        var probe = FloatProbe(seed: 0x5EED_F10A)
        probe.run(rounds: 4096)
        let digests = FloatProbe.Family.allCases.map { probe.digests[Int($0.rawValue)] }
        #expect(digests == [4_155_715_366, 3_116_696_729, 2_865_114_481, 2_760_034_448, 1_028_188_507, 2_164_648_217, 1_450_234_846, 3_377_762_218])
    }

    @Test func everyFamilyDependsOnTheOperands() {
        var one = FloatProbe(seed: 1)
        var other = FloatProbe(seed: 2)
        one.run(rounds: 64)
        other.run(rounds: 64)
        for family in FloatProbe.Family.allCases {
            #expect(one.digests[Int(family.rawValue)] != other.digests[Int(family.rawValue)])
        }
    }
}
