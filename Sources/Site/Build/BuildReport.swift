import Catalogue

/// What a build did, for the one-line summary and for the benchmark.
public struct BuildReport: Sendable {
    public var pages: Int
    /// The site's files: pages, assets, JSON indexes, sitemap and robots.txt (not the marker).
    public var files: Int
    public var bytes: Int
    public var warnings: [Problem]
    /// Seconds spent in each phase, in order: decode (and validate), plan, render and write, publish.
    public var phases: [(name: String, seconds: Double)]
    /// What an incremental build changed in the output; nil when a clean build replaced it.
    public var changes: OutputChanges?
    /// Files made anew: pages rendered, JSON indexes and sitemap made, assets stored. The rest were left as
    /// they were without being rendered, their inputs unchanged.
    public var rendered: Int
    /// Only the open pages of `BuildMode.preview` (and the assets) were brought up to date; a full build must
    /// follow.
    public var isPartial = false
    /// The dataset's photos, and how many of them the photo sidecar does not size: pages show those in boxes of
    /// fixed proportions, and originals only on request (`UnsizedPhoto`); `guzzi-site photos` sizes them.
    public var photos = PhotoCount(total: 0, unsized: 0)

    public var seconds: Double { phases.reduce(0) { $0 + $1.seconds } }
}

/// How far a build has come, for a progress line on a terminal.
public struct BuildProgress: Sendable {
    public var phase: String
    public var done: Int
    public var total: Int
}

/// The dataset's photos, and how many of them have no sizes (no photo sidecar entry).
public struct PhotoCount: Sendable, Equatable {
    public var total: Int
    public var unsized: Int
}
