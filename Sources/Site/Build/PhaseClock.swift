import Dispatch

/// Wall-clock time per phase of a build.
struct PhaseClock {
    private(set) var phases: [(name: String, seconds: Double)] = []
    private var last = DispatchTime.now().uptimeNanoseconds

    mutating func lap(_ name: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        phases.append((name, Double(now - last) / 1e9))
        last = now
    }
}
