/// tan(degrees) for 0 <= degrees < 90 without libm: the core has no Glibc, so that it compiles
/// under Embedded Swift (`make embedded`). Computed once per parameter change, never per sample.
///
/// sin and cos by their Taylor series to the x^11 / x^10 terms: on [0, pi/2] the truncation
/// error is below 6e-7, far under Float's resolution of the thresholds it produces.
func tangent(degrees: Float) -> Float {
    let x = degrees * (Float.pi / 180)
    let x2 = x * x
    var sine: Float = 0
    var cosine: Float = 0
    var termSin = x
    var termCos: Float = 1
    for k in 1...6 {
        sine += termSin
        cosine += termCos
        let n = Float(2 * k)
        termSin = -termSin * x2 / (n * (n + 1))
        termCos = -termCos * x2 / ((n - 1) * n)
    }
    return sine / cosine
}
