import UprightCore
import UprightHost

/// `upright orient`: write an orientation into JPEG (EXIF) and MP4 (tkhd matrix) files
enum OrientCommand: Subcommand {
    static let spec = CommandSpec(
        name: "orient",
        summary: "write an orientation into JPEG (EXIF) and MP4 or QuickTime (tkhd matrix) files",
        positionals: [PositionalSpec("FILE", help: "JPEG, MP4 or QuickTime (.mov) file", variadic: true)],
        options: [
            .value("orientation", "NAME", help: "normal, left-up, right-up or bottom-up"),
            .value("exif", "N", help: "EXIF Orientation value 1, 3, 6 or 8"),
        ],
        discussion: """
            The file type is decided by content (magic bytes), not by name. A JPEG is replaced
            atomically (temporary file, fsync, rename); a movie keeps its bytes and length, and
            only its video tracks' 36-byte matrices are written in place, then fsync, so a clip
            with no room beside it for a copy is rotated too (a rotation the camera's journal
            owes a clip is journaled done at the next start). A file that is not a JPEG, an MP4
            or a QuickTime movie, or is truncated or malformed, is left byte-identical and
            named in a one-line error. The other files are still processed; the exit status is 2
            if any input was bad (including a missing file, a directory or a device), 1 if
            reading or writing a file failed (permissions, disk full).
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        let orientation = try requestedOrientation(arguments)
        var status: Int32 = 0
        for path in arguments.positionals {
            do throws(MediaError) {
                let kind = try MediaOrientationWriter.apply(orientation, toFileAt: path)
                switch kind {
                case .jpeg: console.print("\(path): EXIF Orientation \(orientation.exifValue)")
                case .mp4: console.print("\(path): rotation \(orientation.rotationDegrees)")
                }
            } catch {
                console.printError("upright orient: \("\(path): \(error)".oneLine)")
                status = max(status, error.isBadInput ? 2 : 1)
            }
        }
        return status
    }

    static func requestedOrientation(_ arguments: ParsedArguments) throws(CommandError) -> UprightOrientation {
        let name = arguments.value("orientation")
        let exif = arguments.value("exif")
        switch (name, exif) {
        case (let name?, nil):
            guard let orientation = UprightOrientation(name: name) else {
                throw .usage(UsageError("--orientation '\(name)' is not one of normal, left-up, right-up, bottom-up"))
            }
            return orientation
        case (nil, let exif?):
            guard let value = Int(exif), let orientation = UprightOrientation(exifValue: value) else {
                throw .usage(UsageError("--exif '\(exif)' is not one of 1, 3, 6, 8"))
            }
            return orientation
        case (nil, nil):
            throw .usage(UsageError("give --orientation NAME or --exif N"))
        case (.some, .some):
            throw .usage(UsageError("give --orientation or --exif, not both"))
        }
    }
}
