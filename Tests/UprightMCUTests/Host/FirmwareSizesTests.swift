import Testing
@testable import UprightMCU

@Suite struct FirmwareSizesTests {
    /// The shapes of GNU ld's map lines: long section names on their own line, symbols after
    /// their section, output sections at column 0, discarded sections before the memory map.
    static let map = """
        Discarded input sections

         .text.$e11UprightCore4DeadV
                        0x00000000       0x40 .build/mcu/armv6m/UprightCore.o

        Linker script and memory map

        .text           0x00000000     0x1000
         .vectors       0x00000000       0x40 .build/mcu/armv6m/startup.o
         .text.$e11UprightCore19OrientationDetectorV6updateyAA0B0OSgAA6SampleVF
                        0x00000040      0x200 .build/mcu/armv6m/UprightCore.o
         .text.$e11UprightCore13CameraRuntimeV6ingestyyAA6SampleVF0A9MCUShared13InstantCameraV_AF14RecordLineSinkVyAF17SemihostingOutputVGTg5
                        0x00000240      0x100 .build/mcu/armv6m/UprightMCUHarness.o
         .text.$e16UprightMCUShared10HarnessRunO3runys5Int32VSW_SWxzq_q_tAA10LineOutputRzAA0C5MeterR_r0_lFZ
                        0x00000340       0x80 .build/mcu/armv6m/UprightMCUHarness.o
         .text.swift_retain
                        0x000003c0       0x10 .build/mcu/armv6m/UprightCore.o
         .text          0x000003d0       0x48 /usr/lib/arm-none-eabi/lib/thumb/v6-m/nofp/libm.a(lib_a-wf_sqrt.o)
                        0x000003d0                sqrtf
         .text          0x00000418      0x304 /usr/lib/gcc/arm-none-eabi/12.2.1/thumb/v6-m/nofp/libgcc.a(addsf3.o)
                        0x00000418                __aeabi_fadd
         .rodata        0x0000071c       0xe0 .build/mcu/armv6m/UprightCore.o
         .rodata.line.0
                        0x000007fc        0x8 .build/mcu/armv6m/semihosting.o

        .data           0x20000000       0x6c load address 0x00001000
         .data          0x20000000        0x4 .build/mcu/armv6m/semihosting.o
         .data          0x20000004       0x64 /usr/lib/arm-none-eabi/lib/thumb/v6-m/nofp/libc_nano.a(lib_a-impure.o)

        .bss            0x2000006c        0xc
         .bss.$e11UprightCore5StateV
                        0x2000006c        0x4 .build/mcu/armv6m/UprightCore.o
         COMMON         0x20000070        0x8 .build/mcu/armv6m/runtime.o

        .debug_info     0x00000000     0x9ff4
         .debug_info    0x00000000      0x100 .build/mcu/armv6m/UprightCore.o
        """

    @Test func bytesAreAttributedBySymbolThenByObject() throws {
        let sizes = try FirmwareSizes(map: Self.map)
        // The detector, the runtime specialised in the harness's object, its constants.
        #expect(sizes[.engine] == FirmwareSizes.Size(text: 0x200 + 0x100 + 0xE0, data: 0, bss: 4))
        #expect(sizes[.harness] == FirmwareSizes.Size(text: 0x40 + 0x80 + 0x8, data: 4, bss: 8))
        #expect(sizes[.swiftRuntime] == FirmwareSizes.Size(text: 0x10, data: 0, bss: 0))
        #expect(sizes[.newlib] == FirmwareSizes.Size(text: 0x48, data: 0x64, bss: 0))
        #expect(sizes[.libgcc] == FirmwareSizes.Size(text: 0x304, data: 0, bss: 0))
        #expect(sizes.libmSymbols == ["sqrtf"])
        #expect(sizes.total.text == 0x200 + 0x100 + 0xE0 + 0x40 + 0x80 + 0x8 + 0x10 + 0x48 + 0x304)
    }

    @Test func aFileThatIsNoMapIsRefused() {
        #expect(throws: FirmwareSizes.MapError.self) { _ = try FirmwareSizes(map: "hello\n") }
    }
}

extension FirmwareSizesTests {
    @Test func onlyTheSquareRootMayComeFromLibm() throws {
        let exact = MCUTool.libmVerdict(machine: "microbit", sizes: try FirmwareSizes(map: Self.map))
        #expect(exact.passed && exact.line == "PASS microbit   libm: sqrtf (IEEE 754 rounds the square root exactly: every libm agrees)")
        let withExp = Self.map.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix(" sqrtf") ? "                0x000003d0                expf" : String($0)
        }.joined(separator: "\n")
        let inexact = MCUTool.libmVerdict(machine: "microbit", sizes: try FirmwareSizes(map: withExp))
        #expect(!inexact.passed)
        #expect(inexact.line == "FAIL microbit   libm: expf linked; its results may differ from the host's libm")
    }
}
