/// A failed `upright-mcu` command: one line on stderr, exit status 2 for bad usage or input,
/// 1 for a check that failed.
struct ToolError: Error, CustomStringConvertible {
    var message: String
    var status: Int32 = 2
    var description: String { message }
}
