/// One marker segment of a JPEG file, before the first scan (ITU T.81 B.1.1.4).
public struct JPEGSegment: Sendable, Equatable {
    /// The marker's second byte (`0xE1` for APP1).
    public var marker: UInt8
    /// File offset of the `FF` that starts the marker.
    public var start: Int
    /// File offset just past the segment (marker, length field and payload).
    public var end: Int
    /// File offset of the payload (after the two-byte length field).
    public var payloadStart: Int { start + 4 }
}
