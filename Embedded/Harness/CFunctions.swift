// The C side of the harness (Embedded/Startup/harness.h), declared for Embedded Swift.

@_extern(c, "upright_write") func upright_write(_ bytes: UnsafePointer<UInt8>?, _ count: UInt32)
@_extern(c, "upright_machine_name") func upright_machine_name() -> UnsafePointer<CChar>
@_extern(c, "upright_mark") func upright_mark()
@_extern(c, "upright_clock_pause") func upright_clock_pause()
@_extern(c, "upright_clock_resume") func upright_clock_resume()
@_extern(c, "upright_instructions") func upright_instructions() -> UInt64
@_extern(c, "upright_calibration_instructions") func upright_calibration_instructions() -> UInt64
@_extern(c, "upright_allocations") func upright_allocations() -> UInt32
@_extern(c, "upright_frees") func upright_frees() -> UInt32
@_extern(c, "upright_heap_peak_bytes") func upright_heap_peak_bytes() -> UInt32
@_extern(c, "upright_stack_peak_bytes") func upright_stack_peak_bytes() -> UInt32
@_extern(c, "upright_stack_region_bytes") func upright_stack_region_bytes() -> UInt32
@_extern(c, "upright_data_bytes") func upright_data_bytes() -> UInt32
@_extern(c, "upright_bss_bytes") func upright_bss_bytes() -> UInt32
