import Foundation
import Testing
import UprightTestSupport
import UprightCore
@testable import UprightHost

/// The MP4 patcher, checked with exiftool's Rotation (computed from the video track's
/// matrix) as the independent reader.
@Suite struct MP4RotationPatcherTests {
    typealias F = MediaFixtures

    static let variants: [(name: String, bytes: [UInt8])] = [
        ("tkhd v0, moov first", F.mp4()),
        ("tkhd v1", F.mp4(videoVersion: 1)),
        ("moov after mdat", F.mp4(moovLast: true)),
        ("64-bit box sizes", F.mp4(videoVersion: 1, largeSizes: true)),
        ("64-bit sizes, moov last", F.mp4(moovLast: true, largeSizes: true)),
        ("mdat size 0 (to end of file)", F.mp4(mdatSizeZero: true)),
    ]

    @Test(arguments: 0..<variants.count)
    func setsTheVideoTrackRotation(variant: Int) throws {
        let (name, original) = Self.variants[variant]
        let path = try F.temporaryFile(original, name: "clip.mp4")
        #expect(try ExternalTool.exiftool("Rotation", path) == "0", "\(name)")
        for orientation in [UprightOrientation.leftUp, .bottomUp, .rightUp, .normal] {
            #expect(try MediaOrientationWriter.apply(orientation, toFileAt: path) == .mp4)
            #expect(try ExternalTool.exiftool("Rotation", path) == String(orientation.rotationDegrees), "\(name)")
            let out = try F.contents(path)
            #expect(out.count == original.count, "\(name)")
            #expect(try F.directoryListing(path) == ["clip.mp4"])
        }
        // Back at normal, the file is the original again: only the matrix ever changed.
        #expect(try F.contents(path) == original, "\(name)")
    }

    /// An `unknown` latch (nil) claims no rotation: the identity matrix, whatever the clip had.
    @Test func anUnknownLatchGivesTheIdentity() throws {
        let original = F.mp4()
        let path = try F.temporaryFile(original, name: "clip.mp4")
        #expect(try MediaOrientationWriter.apply(.leftUp, toFileAt: path) == .mp4)
        #expect(try ExternalTool.exiftool("Rotation", path) == "90")
        #expect(try MediaOrientationWriter.apply(nil, toFileAt: path) == .mp4)
        #expect(try ExternalTool.exiftool("Rotation", path) == "0")
        #expect(try F.contents(path) == original)
        #expect(try MediaOrientationWriter.patched(original, orientation: nil) == (.mp4, original))
    }

    /// Literal matrices (ISO/IEC 14496-12 8.3.2; QuickTime's translations for a 640 x 480
    /// track) and the sound track's tkhd untouched.
    @Test func writesTheExpectedMatrix() throws {
        let original = F.mp4()
        let out = try MP4RotationPatcher.patched(original, rotationDegrees: 90)
        let soundTkhd = F.tkhd(version: 0, trackID: 1, width: 640, height: 480)
        let videoTkhdBefore = F.tkhd(version: 0, trackID: 2, width: 640, height: 480)
        let videoTkhdAfter = F.tkhd(
            version: 0, trackID: 2, width: 640, height: 480,
            matrix: [0, 0x10000, 0, -0x10000, 0, 0, 480 << 16, 0, 0x4000_0000])
        #expect(range(of: soundTkhd, in: out) != nil)
        #expect(range(of: videoTkhdBefore, in: out) == nil)
        #expect(range(of: videoTkhdAfter, in: out) != nil)
        let upsideDown = try MP4RotationPatcher.patched(original, rotationDegrees: 180)
        #expect(
            range(
                of: F.tkhd(
                    version: 0, trackID: 2, width: 640, height: 480,
                    matrix: [-0x10000, 0, 0, 0, -0x10000, 0, 640 << 16, 480 << 16, 0x4000_0000]), in: upsideDown) != nil)
        #expect(try MP4RotationPatcher.rotationDegrees(of: upsideDown) == 180)
        let version1 = try MP4RotationPatcher.patched(F.mp4(videoVersion: 1), rotationDegrees: 270)
        #expect(
            range(
                of: F.tkhd(
                    version: 1, trackID: 2, width: 640, height: 480,
                    matrix: [0, -0x10000, 0, 0x10000, 0, 0, 0, 640 << 16, 0x4000_0000]), in: version1) != nil)
    }

    /// A clip of several megabytes, its moov at the end: only the video track's 36-byte matrix
    /// is written, in place; every other byte is the recorder's.
    @Test func writesOnlyTheMatrixInPlace() throws {
        let original = F.mp4(moovLast: true, mediaBytes: 3 << 20)
        let path = try F.temporaryFile(original, name: "big.mp4")
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        try MediaOrientationWriter.apply(.leftUp, toFileAt: path)
        let out = try F.contents(path)
        #expect(out == (try MP4RotationPatcher.patched(original, rotationDegrees: 90)))
        let changed = zip(out, original).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(changed.count <= 36 && changed.last! - changed.first! < 36, "\(changed.count) bytes changed")
        // The same file, not a copy renamed over it.
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == inode)
        #expect(try ExternalTool.exiftool("Rotation", path) == "90")
    }

    /// A symbolic link keeps pointing at the (new) file rather than being replaced by one.
    @Test func followsSymbolicLinks() throws {
        let target = try F.temporaryFile(F.mp4(), name: "target.mp4")
        let link = (target as NSString).deletingLastPathComponent + "/link.mp4"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.mp4")
        try MediaOrientationWriter.apply(.bottomUp, toFileAt: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.mp4")
        #expect(try ExternalTool.exiftool("Rotation", target) == "180")
        #expect(try F.directoryListing(target) == ["link.mp4", "target.mp4"])
    }

    func range(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    // MARK: Bad input leaves the file byte-identical

    func expectRefused(_ bytes: [UInt8], _ check: (MediaError) -> Bool) throws {
        let path = try F.temporaryFile(bytes, name: "bad.mp4")
        do {
            try MediaOrientationWriter.apply(.rightUp, toFileAt: path)
            Issue.record("accepted")
        } catch {
            #expect(check(error), "\(error)")
        }
        #expect(try F.contents(path) == bytes)
        #expect(try F.directoryListing(path) == ["bad.mp4"])
    }

    @Test func refusesEveryTruncation() throws {
        // With moov last and every size explicit, no proper prefix is a valid file.
        for original in [F.mp4(moovLast: true), F.mp4(moovLast: true, largeSizes: true)] {
            for length in 8..<original.count {
                #expect(throws: MediaError.self) { try MP4RotationPatcher.patched(Array(original.prefix(length)), rotationDegrees: 90) }
            }
        }
        let original = F.mp4(moovLast: true)
        try expectRefused(Array(original.dropLast(1))) { if case .truncated = $0 { true } else { false } }
    }

    @Test func refusesFilesWithoutAVideoTrack() throws {
        let soundOnly = F.ftyp + F.box("moov", F.mvhd + F.track("soun", version: 0, trackID: 1)) + F.box("mdat", [1, 2, 3])
        try expectRefused(soundOnly) { if case .malformed = $0 { true } else { false } }
        try expectRefused(F.ftyp + F.box("mdat", [1, 2, 3])) { if case .malformed = $0 { true } else { false } }
    }

    @Test func refusesImpossibleBoxSizes() throws {
        var bytes = F.mp4()
        bytes[F.ftyp.count + 3] = 4 // moov size 4: smaller than its own header
        try expectRefused(bytes) { if case .malformed = $0 { true } else { false } }
        var huge = F.mp4()
        huge[F.ftyp.count] = 0x7F // moov claims ~2 GB
        try expectRefused(huge) { if case .truncated = $0 { true } else { false } }
    }
}
