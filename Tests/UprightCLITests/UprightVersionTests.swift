import Testing
@testable import UprightCLI

@Suite struct UprightVersionTests {
    /// A Debian upstream version that dpkg orders as people read it: three numbers (major,
    /// minor, patch), no letters, no epoch, no revision (the package is native).
    @Test func isThreeNumbers() {
        let parts = UprightVersion.current.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        #expect(parts.allSatisfy { $0 == "0" || !$0.hasPrefix("0") })
        #expect(UprightVersion.line == "upright " + UprightVersion.current)
    }
}
