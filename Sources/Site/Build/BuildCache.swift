import Catalogue
import Files
import Synchronization
import Templating

/// What one `serve` session keeps between builds, so that editing a template does not decode the catalogue
/// and rebuild every page model again: those depend only on the dataset, the localisation tables and the
/// URLs, not on the templates. A build that finds the same inputs reuses them and only renders.
///
/// The page models of a large catalogue take a lot of memory, so they are kept only up to `maximumPages`; their
/// digests, 16 bytes a page, always.
public final class BuildCache: Sendable {
    struct Entry: Sendable {
        /// `BuildKeys.models`: the digest of all the plan and the page models depend on (the dataset, the
        /// localisation tables, the URL settings, the generator).
        let key: Digest
        /// Built with the editions read from the localisation tables in `key`, so a build that matches the key
        /// reads equal editions itself.
        let plan: SitePlan
        let warnings: [Problem]
        let contexts: [[String: Value]]?
        /// The digest of each page model (see `BuildKeys`), so that a template edit needs none hashed again.
        let digests: [Digest]?
    }

    static let maximumPages = 5_000
    private let entry = Mutex<Entry?>(nil)
    public init() {}

    func lookup(_ key: Digest) -> Entry? {
        entry.withLock { $0?.key == key ? $0 : nil }
    }

    func store(_ new: Entry) {
        entry.withLock { $0 = new }
    }
}
