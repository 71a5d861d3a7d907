#if canImport(Glibc)
import Glibc
#endif
import UprightMCU

exit(MCUTool.main(Array(CommandLine.arguments.dropFirst())))
