/// The eigenvalues and eigenvectors of a small real symmetric matrix by Jacobi's method:
/// plane rotations, each zeroing the largest off-diagonal entry, until the off-diagonal part is
/// negligible (Golub and Van Loan, Matrix Computations, 8.5). For Davenport's 4 x 4 K matrix:
/// exact to rounding, no convergence worries, bounded by `maximumRotations`.
struct SymmetricEigen {
    /// Eigenvalues, largest first.
    var values: [Double]
    /// `vectors[i]` belongs to `values[i]` (unit length).
    var vectors: [[Double]]

    static let maximumRotations = 200

    /// `matrix` is square and symmetric (only its upper triangle is read).
    init(_ matrix: [[Double]]) {
        let n = matrix.count
        var a = matrix
        for row in 0..<n { for column in 0..<row { a[row][column] = a[column][row] } }
        var v = (0..<n).map { row in (0..<n).map { $0 == row ? 1.0 : 0.0 } }
        let scale = max(1e-300, a.flatMap { $0 }.map(abs).max() ?? 0)
        for _ in 0..<Self.maximumRotations {
            var (p, q, largest) = (0, 1, 0.0)
            for row in 0..<n {
                for column in (row + 1)..<n where abs(a[row][column]) > largest { (p, q, largest) = (row, column, abs(a[row][column])) }
            }
            if largest <= scale * 1e-15 { break }
            // The rotation by t = tan(theta) that zeroes a[p][q]: cot(2 theta) = (a_qq - a_pp) / (2 a_pq),
            // the smaller root for stability.
            let theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
            let t = (theta < 0 ? -1.0 : 1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
            let c = 1 / (t * t + 1).squareRoot()
            let s = t * c
            for k in 0..<n {
                let (akp, akq) = (a[k][p], a[k][q])
                a[k][p] = c * akp - s * akq
                a[k][q] = s * akp + c * akq
            }
            for k in 0..<n {
                let (apk, aqk) = (a[p][k], a[q][k])
                a[p][k] = c * apk - s * aqk
                a[q][k] = s * apk + c * aqk
            }
            for k in 0..<n {
                let (vkp, vkq) = (v[k][p], v[k][q])
                v[k][p] = c * vkp - s * vkq
                v[k][q] = s * vkp + c * vkq
            }
        }
        let order = (0..<n).sorted { a[$0][$0] > a[$1][$1] }
        values = order.map { a[$0][$0] }
        vectors = order.map { column in (0..<n).map { v[$0][column] } }
    }
}
