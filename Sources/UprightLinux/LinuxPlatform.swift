import CLinux
import UprightCore

/// The Linux edges of the firmware: `/dev/i2c-N`, GPIO character devices, the event loop.
/// (Filled in by the Raspberry Pi issue.)
public enum LinuxPlatform {}
