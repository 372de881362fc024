/// What this process has used, as `getrusage` tells it.
package enum ResourceUsage {
    /// The most memory this process has held resident, in bytes: `ru_maxrss` is counted in kilobytes on Linux and in
    /// bytes on macOS.
    package static var peakResidentBytes: Int {
        var usage = rusage()
        #if canImport(Glibc)
            // Glibc types RUSAGE_SELF as an enum.
            guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss) * 1024
        #elseif canImport(Darwin)
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss)
        #else
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss) * 1024
        #endif
    }
}
