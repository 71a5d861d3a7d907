/// Sets the transformation matrix of every video track's `tkhd` box (ISO/IEC 14496-12
/// 8.3.2) so players rotate the frames clockwise by 0, 90, 180 or 270 degrees. The matrix has
/// the same size whatever it holds, so the file keeps its length and no offset changes
/// (`stco`/`co64` chunk offsets stay valid whether `moov` is before or after `mdat`).
public enum MP4RotationPatcher {
    /// Fixed-point 1.0 in the matrix: a, b, c, d, x, y are 16.16, u, v, w are 2.30
    /// (ISO/IEC 14496-12 6.2.2).
    static let one16: Int32 = 0x0001_0000
    static let one30: Int32 = 0x4000_0000

    public static func patched(_ bytes: [UInt8], rotationDegrees: Int) throws(MediaError) -> [UInt8] {
        var out = bytes
        for patch in try matrixPatches(bytes, rotationDegrees: rotationDegrees) {
            out.replaceSubrange(patch.offset..<(patch.offset + patch.bytes.count), with: patch.bytes)
        }
        return out
    }

    /// What `patched` changes, and only that: each video track's 36-byte matrix that is not
    /// already the rotation's, at its offset in `bytes` (none when the file says so already).
    /// For writing a clip's matrix in place (`MediaOrientationWriter`).
    public static func matrixPatches(_ bytes: [UInt8], rotationDegrees: Int) throws(MediaError) -> [(offset: Int, bytes: [UInt8])] {
        guard [0, 90, 180, 270].contains(rotationDegrees) else {
            throw .unsupported("rotation \(rotationDegrees) (must be 0, 90, 180 or 270)")
        }
        var patches: [(offset: Int, bytes: [UInt8])] = []
        for tkhd in try videoTrackHeaders(in: bytes) {
            let matrixStart = try matrixOffset(of: tkhd, in: bytes)
            // Track width and height (16.16) follow the matrix; they give the translation that
            // keeps the rotated picture in the positive quadrant, as QuickTime writes it.
            let width = Int32(bitPattern: UInt32(bigEndianInteger(bytes, at: matrixStart + 36, count: 4)))
            let height = Int32(bitPattern: UInt32(bigEndianInteger(bytes, at: matrixStart + 40, count: 4)))
            let matrix = self.matrix(rotationDegrees: rotationDegrees, width: width, height: height).flatMap { value in
                let word = UInt32(bitPattern: value)
                return (0..<4).map { byte in UInt8((word >> (24 - 8 * UInt32(byte))) & 0xFF) }
            }
            if !bytes[matrixStart..<(matrixStart + 36)].elementsEqual(matrix) { patches.append((matrixStart, matrix)) }
        }
        return patches
    }

    /// The clockwise rotation of the first video track, or nil when its matrix is not one
    /// of the four rotations.
    public static func rotationDegrees(of bytes: [UInt8]) throws(MediaError) -> Int? {
        guard let tkhd = try videoTrackHeaders(in: bytes).first else { return nil }
        let start = try matrixOffset(of: tkhd, in: bytes)
        let a = Int32(bitPattern: UInt32(bigEndianInteger(bytes, at: start, count: 4)))
        let b = Int32(bitPattern: UInt32(bigEndianInteger(bytes, at: start + 4, count: 4)))
        switch (a, b) {
        case (one16, 0): return 0
        case (0, one16): return 90
        case (-one16, 0): return 180
        case (0, -one16): return 270
        default: return nil
        }
    }

    /// Row-major a b u / c d v / x y w, mapping (p, q) to (a p + c q + x, b p + d q + y).
    public static func matrix(rotationDegrees: Int, width: Int32, height: Int32) -> [Int32] {
        switch rotationDegrees {
        case 90: [0, one16, 0, -one16, 0, 0, height, 0, one30]
        case 180: [-one16, 0, 0, 0, -one16, 0, width, height, one30]
        case 270: [0, -one16, 0, one16, 0, 0, 0, width, one30]
        default: [one16, 0, 0, 0, one16, 0, 0, 0, one30]
        }
    }

    /// tkhd payload: version (1 byte), flags (3); then for version 1 creation and
    /// modification times (8 each), track_ID (4), reserved (4), duration (8), or for version 0
    /// the same with 4-byte times and duration; then reserved (8), layer, alternate_group,
    /// volume, reserved (2 each); then the 36-byte matrix, width and height.
    static func matrixOffset(of tkhd: MP4Box, in bytes: [UInt8]) throws(MediaError) -> Int {
        guard tkhd.payloadStart < tkhd.end else { throw .truncated("'tkhd' box at byte \(tkhd.start)") }
        let version = bytes[tkhd.payloadStart]
        guard version <= 1 else { throw .unsupported("'tkhd' version \(version) at byte \(tkhd.start)") }
        let start = tkhd.payloadStart + (version == 1 ? 52 : 40)
        guard start + 44 <= tkhd.end else { throw .truncated("'tkhd' box at byte \(tkhd.start)") }
        return start
    }

    /// The `tkhd` of every track whose `mdia/hdlr` handler type is 'vide'.
    static func videoTrackHeaders(in bytes: [UInt8]) throws(MediaError) -> [MP4Box] {
        let top = try MP4Box.children(of: bytes, in: 0..<bytes.count)
        guard let first = top.first, ["ftyp", "moov", "mdat", "wide", "free", "skip"].contains(first.type) else {
            throw .unknownFormat
        }
        let movies = top.filter { $0.type == "moov" }
        guard movies.count == 1, let moov = movies.first else {
            throw .malformed(movies.isEmpty ? "no 'moov' box" : "more than one 'moov' box")
        }
        var headers: [MP4Box] = []
        for trak in try MP4Box.children(of: bytes, in: moov.payloadStart..<moov.end) where trak.type == "trak" {
            let parts = try MP4Box.children(of: bytes, in: trak.payloadStart..<trak.end)
            guard let tkhd = parts.first(where: { $0.type == "tkhd" }) else {
                throw .malformed("'trak' at byte \(trak.start) has no 'tkhd'")
            }
            guard let mdia = parts.first(where: { $0.type == "mdia" }) else { continue }
            let media = try MP4Box.children(of: bytes, in: mdia.payloadStart..<mdia.end)
            guard let hdlr = media.first(where: { $0.type == "hdlr" }) else { continue }
            // hdlr: version and flags (4), pre_defined (4), handler_type (4) (8.4.3).
            guard hdlr.payloadStart + 12 <= hdlr.end else { throw .truncated("'hdlr' box at byte \(hdlr.start)") }
            if Array(bytes[(hdlr.payloadStart + 8)..<(hdlr.payloadStart + 12)]) == Array("vide".utf8) {
                headers.append(tkhd)
            }
        }
        guard !headers.isEmpty else { throw .malformed("no video track ('hdlr' of type 'vide')") }
        return headers
    }
}
