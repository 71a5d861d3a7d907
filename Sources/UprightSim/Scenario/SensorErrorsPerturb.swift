import UprightCore

extension SensorErrors {
    /// The true motion as a sensor with these errors would report it: bias plus white
    /// Gaussian noise on each axis (device frame). For chip models that take their noise from
    /// the scenario; four draws per axis pair at most, no allocation.
    public func perturb(_ state: MotionState, using generator: inout SeededGenerator) -> MotionState {
        var out = state
        out.accelerationG = state.accelerationG + accelerationBiasG
        if accelerationNoiseG > 0 {
            let noise = Float(accelerationNoiseG)
            out.accelerationG =
                out.accelerationG
                + Vector3(x: Float(generator.gaussian()) * noise, y: Float(generator.gaussian()) * noise, z: Float(generator.gaussian()) * noise)
        }
        out.angularRateDPS = state.angularRateDPS + angularRateBiasDPS
        if angularRateNoiseDPS > 0 {
            let noise = Float(angularRateNoiseDPS)
            out.angularRateDPS =
                out.angularRateDPS
                + Vector3(x: Float(generator.gaussian()) * noise, y: Float(generator.gaussian()) * noise, z: Float(generator.gaussian()) * noise)
        }
        return out
    }
}
