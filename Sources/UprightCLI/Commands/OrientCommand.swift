/// `upright orient`: write an orientation into JPEG (EXIF) and MP4 (tkhd matrix) files
enum OrientCommand: Subcommand {
    static let spec = CommandSpec(
        name: "orient",
        summary: "write an orientation into JPEG (EXIF) and MP4 (tkhd matrix) files",
        positionals: [PositionalSpec("FILE", help: "JPEG or MP4 file", variadic: true)],
        options: [
            .value("orientation", "NAME", help: "normal, left-up, right-up or bottom-up"),
            .value("exif", "N", help: "EXIF Orientation value 1, 3, 6 or 8"),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        notImplemented(console: console)
    }
}
