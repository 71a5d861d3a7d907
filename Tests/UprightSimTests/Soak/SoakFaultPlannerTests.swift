import Testing
import UprightCore
import UprightSim

struct SoakFaultPlannerTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func faultsAreSpacedEveryKindComesAndAllClearBeforeTheEnd(seed: UInt64) {
        var planner = SoakFaultPlanner(generator: SeededGenerator(seed: seed), start: .zero, end: .zero + .seconds(3600))
        var faults: [SoakFault] = []
        while let fault = planner.next(), faults.count < 10_000 { faults.append(fault) }
        #expect(faults.count > 50)
        // The first round of five has every chip-level kind once.
        #expect(Set(faults.prefix(5).map(\.kind)) == [.chipReset, .unplug, .stuckData, .fifoOverflow, .ringOverflow])
        for (earlier, later) in zip(faults, faults.dropFirst()) {
            #expect(later.time - earlier.clears >= .seconds(15))
        }
        for fault in faults {
            #expect(fault.clears - fault.time <= .seconds(3))
            #expect(fault.time <= .zero + .seconds(3600 - 30))
        }
    }
}
