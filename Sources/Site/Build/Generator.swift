import Files

/// One kind of output (motorcycle pages, facet pages, the data scripts, the offline files…): it lists the
/// products it writes, in a fixed order, and the build writes them all through one loop (`ProductWriter`).
protocol Generator: Sendable {
    func products(in build: BuildScope) -> [Product]
}

/// What a generator is given: the site to render, the keys of the inputs, and what the output holds of the
/// products written before (the offline worker names the files it keeps by their digests).
struct BuildScope: Sendable {
    let site: Site
    let keys: BuildKeys
    let output: any SiteOutput

    /// The digest and size of a file this build has stored or found current; nil for any other.
    func stored(_ path: String) -> (digest: Digest, size: Int)? { output.stored(path) }
}
