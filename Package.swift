// swift-tools-version: 6.0
import PackageDescription

// Dependencies point one way:
//   upright -> UprightCLI -> UprightLinux, UprightSim -> UprightHost -> UprightCore
//   UprightLinux -> CLinux (ioctl shims, libi2c)
//   UprightHost -> CTurboJPEG (libjpeg-turbo's TurboJPEG API: the simulated photos and movies,
//   the V4L2 camera's YUYV frames)
//   upright-mcu -> UprightMCU -> UprightMCUShared -> UprightCore (the microcontroller harness,
//   Embedded/: `make mcu-test` compiles UprightMCUShared for the chips too)
// UprightCore is Embedded-clean (see `make embedded`); UprightHost holds what both the
// real board and the simulator need on a hosted OS (JSON, board files, traces, journal,
// media files), so neither has to depend on the other.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "Upright",
    products: [
        .library(name: "UprightCore", targets: ["UprightCore"]),
        .library(name: "UprightHost", targets: ["UprightHost"]),
        .library(name: "UprightLinux", targets: ["UprightLinux"]),
        .library(name: "UprightSim", targets: ["UprightSim"]),
        .executable(name: "upright", targets: ["upright"]),
    ],
    targets: [
        .target(name: "UprightCore", swiftSettings: strict),
        .target(name: "UprightHost", dependencies: ["UprightCore", "CTurboJPEG"], swiftSettings: strict),
        .target(
            name: "CLinux",
            linkerSettings: [.linkedLibrary("i2c")]
        ),
        .target(name: "UprightLinux", dependencies: ["UprightCore", "UprightHost", "CLinux"], swiftSettings: strict),
        // A system library (Debian libturbojpeg0-dev, installed by `make deps`): the module map
        // links -lturbojpeg, which static builds resolve to libturbojpeg.a.
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG"),
        .target(name: "UprightSim", dependencies: ["UprightCore", "UprightHost"], swiftSettings: strict),
        .target(name: "UprightCLI", dependencies: ["UprightCore", "UprightHost", "UprightLinux", "UprightSim"], swiftSettings: strict),
        .executableTarget(name: "upright", dependencies: ["UprightCLI"], swiftSettings: strict),

        // The microcontroller harness (docs/mcu.md): its chip-independent Swift, built here for
        // the host tool and the tests and by `make mcu-test` with Embedded Swift for the chips;
        // the host tool that makes the inputs and checks the chips' output. Never shipped.
        .target(name: "UprightMCUShared", dependencies: ["UprightCore"], path: "Embedded/Shared", swiftSettings: strict),
        .target(
            name: "UprightMCU", dependencies: ["UprightMCUShared", "UprightCore", "UprightHost", "UprightSim"], path: "Embedded/Host",
            swiftSettings: strict),
        .executableTarget(name: "upright-mcu", dependencies: ["UprightMCU"], path: "Embedded/Tool", swiftSettings: strict),

        // Shared test helpers (independent tools such as exiftool and djpeg); never shipped.
        .target(name: "UprightTestSupport", dependencies: ["UprightHost"], path: "Tests/TestSupport", swiftSettings: strict),

        .testTarget(name: "UprightCoreTests", dependencies: ["UprightCore"], swiftSettings: strict),
        .testTarget(name: "UprightHostTests", dependencies: ["UprightHost", "UprightTestSupport"], swiftSettings: strict),
        .testTarget(name: "UprightLinuxTests", dependencies: ["UprightLinux", "CLinux", "UprightTestSupport"], swiftSettings: strict),
        .testTarget(name: "UprightSimTests", dependencies: ["UprightSim", "UprightTestSupport"], swiftSettings: strict),
        .testTarget(name: "UprightCLITests", dependencies: ["UprightCLI", "UprightTestSupport"], swiftSettings: strict),
        .testTarget(name: "EndToEndTests", dependencies: ["upright", "UprightTestSupport"], swiftSettings: strict),
        .testTarget(name: "UprightMCUTests", dependencies: ["UprightMCU", "UprightMCUShared"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
