import Files
import Templating

/// Where a build's files go: `OutputWriter` writes a whole new folder and swaps it in (the first build, and
/// `build --clean`); `IncrementalWriter` writes only what changed into the folder that is there. The build
/// renders through either the same way. Every method may be called from several threads at once, for
/// different paths.
protocol SiteOutput: Sendable {
    /// The size of the file at `path` when it already holds what inputs with this key render to, so it needs
    /// no rendering; nil when it must be rendered and stored.
    func current(_ path: String, key: Digest) -> Int?

    /// Whether the file at `path` holds exactly `bytes` (for checks in debug builds).
    func holds(_ path: String, _ bytes: [UInt8]) -> Bool

    /// The file's bytes, rendered from inputs with this key.
    func store(_ path: String, key: Digest, bytes: [UInt8]) throws(SiteError)

    /// The digest of the bytes and the size of a file this build has stored or found current; nil for any other.
    /// For files made from what other files hold (the offline worker names its files by their digests).
    func stored(_ path: String) -> (digest: Digest, size: Int)?

    /// Makes what was stored the new site, with a manifest made of `global` and `pages`, and says what changed
    /// (nil for a clean build, which replaced everything). With `keepingOthers` (a partial build), files
    /// that were not looked at stay, with their previous manifest entries.
    func commit(global: Digest, pages: Int, keepingOthers: Bool) throws(SiteError) -> OutputChanges?

    /// After a failure: removes what the build made. The previous site is left as it was.
    func discard()
}

/// What an incremental build did to the output folder.
public struct OutputChanges: Sendable, Equatable {
    /// Files written: new ones and ones whose bytes changed.
    public var changed: Int
    /// Files of the previous site that the new one no longer has.
    public var removed: Int
    /// Files left alone, holding the right bytes already: same inode, same modification time.
    public var unchanged: Int

    public init(changed: Int, removed: Int, unchanged: Int) {
        self.changed = changed
        self.removed = removed
        self.unchanged = unchanged
    }
}
