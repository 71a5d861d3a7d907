/// `upright probe`: find and identify the accelerometer on an I2C bus
enum ProbeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "probe",
        summary: "find and identify the accelerometer on an I2C bus",
        positionals: [],
        options: [
            .value("bus", "N", help: "I2C bus number (default 1)"),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(CommandError) -> Int32 {
        notImplemented(console: console)
    }
}
