import Catalogue
import Files
import Synchronization

/// What one `serve` session keeps between builds, so that editing a template does not decode and plan the
/// catalogue again: the plan depends only on the dataset, the localisation tables and the URLs, not on the
/// templates. A build that finds the same inputs reuses it.
public final class BuildCache: Sendable {
    struct Entry: Sendable {
        /// `BuildKeys.models`: the digest of all the plan and the page models depend on (the dataset, the
        /// localisation tables, the URL settings, the generator).
        let key: Digest
        /// Built with the editions read from the localisation tables in `key`, so a build that matches the key
        /// reads equal editions itself.
        let plan: SitePlan
        let warnings: [Problem]
    }

    private let entry = Mutex<Entry?>(nil)
    public init() {}

    func lookup(_ key: Digest) -> Entry? {
        entry.withLock { $0?.key == key ? $0 : nil }
    }

    func store(_ new: Entry) {
        entry.withLock { $0 = new }
    }
}
