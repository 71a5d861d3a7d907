#if canImport(Glibc)
import Glibc
#endif
import UprightCLI

let console = Console.standard()
let status = Upright.main(Array(CommandLine.arguments.dropFirst()), console: console)
console.flush()
exit(status)
