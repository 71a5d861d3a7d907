import Testing
import UprightCore
import UprightHost

@Suite struct TraceWriterTests {
    @Test func writesTheContractLayout() {
        let writer = TraceWriter(gyro: true, button: true)
        #expect(writer.header(comments: ["board: sim"]) == "# board: sim\nt,ax,ay,az,gx,gy,gz,button")
        let row = TraceRow(
            time: Instant(nanoseconds: 1_250_000_000), accelerationG: Vector3(x: 0.5, y: -1, z: 0.25),
            angularRateDPS: Vector3(x: 0, y: 12.5, z: -3), buttonPressed: true)
        #expect(writer.line(row) == "1.250000,0.5,-1.0,0.25,0.0,12.5,-3.0,1")
        #expect(TraceWriter(gyro: false, button: false).line(row) == "1.250000,0.5,-1.0,0.25")
    }

    @Test func roundTripsThroughTheParser() throws {
        let writer = TraceWriter(gyro: false, button: true)
        let rows = [
            TraceRow(time: Instant(nanoseconds: 0), accelerationG: Vector3(x: 0.0123, y: 0.99871, z: -0.000031), buttonPressed: false),
            TraceRow(time: Instant(nanoseconds: 66_667_000), accelerationG: Vector3(x: -1.5, y: 0.1, z: 3.25), buttonPressed: true),
        ]
        let text = ([writer.header()] + rows.map { writer.line($0) }).joined(separator: "\n") + "\n"
        #expect(try TraceParser.parse(text) == rows)
    }
}
