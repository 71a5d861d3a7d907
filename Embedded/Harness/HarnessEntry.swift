import UprightMCUShared

/// Called by the reset handler (Embedded/Startup/startup.c) with the input region in flash.
@_cdecl("upright_harness_main")
public func upright_harness_main(_ input: UnsafePointer<UInt8>, _ capacity: UInt32) -> Int32 {
    let name = upright_machine_name()
    var length = 0
    while name[length] != 0 { length += 1 }
    var output = SemihostingOutput()
    var meter = ChipMeter()
    return HarnessRun.run(
        input: UnsafeRawBufferPointer(start: input, count: Int(capacity)),
        machine: UnsafeRawBufferPointer(start: name, count: length),
        output: &output, meter: &meter)
}
