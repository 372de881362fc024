import Catalogue

/// What a build did, for the one-line summary and for the benchmark.
public struct BuildReport: Sendable {
    public var pages: Int
    public var files: Int
    public var bytes: Int
    public var warnings: [Problem]
    /// Seconds spent in each phase, in order: decode (and validate), plan, render and write, publish.
    public var phases: [(name: String, seconds: Double)]

    public var seconds: Double { phases.reduce(0) { $0 + $1.seconds } }
}

/// How far a build has come, for a progress line on a terminal.
public struct BuildProgress: Sendable {
    public var phase: String
    public var done: Int
    public var total: Int
}
