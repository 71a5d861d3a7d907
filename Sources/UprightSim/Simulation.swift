import UprightCore
import UprightHost

/// The simulated board: chip models on a simulated bus, a simulated button, clock and camera.
/// (Filled in by the simulator issue.)
public enum Simulation {}
