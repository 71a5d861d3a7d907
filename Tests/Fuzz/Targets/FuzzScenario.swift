import UprightHost
import UprightSim

/// Scenario files are hand-edited: any bytes must give a scenario or a ScenarioError naming
/// the file (and a line or a key), never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let scenario = try ScenarioLoader.parse(bytes, file: "fuzz.json")
        _ = scenario
    } catch {
        let text = error.description
        if !text.utf8.starts(with: "fuzz.json".utf8) || text.oneLine != text { fatalError("badly located error: \(text)") }
    }
    return 0
}
