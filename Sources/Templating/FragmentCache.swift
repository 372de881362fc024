import Synchronization

/// The output of `{% include "…" once per … %}` includes, kept for one build and shared by its rendering threads.
///
/// Why per build and not in the library: `serve` keeps a compiled library between builds, while the values an
/// include reads (labels, addresses) may change between them. A site makes one cache per build and hands it to
/// every render in `RenderEnvironment.fragments`; without one, such includes render every time, like any other.
public final class FragmentCache: Sendable {
    private let fragments = Mutex<[[UInt8]: [UInt8]]>([:])
    /// Render the include every time anyway and compare: an include whose `once per` values miss something it
    /// reads then fails with its file, line and column instead of putting one page's text on another. For debug
    /// builds and tests.
    let verifies: Bool

    public init(verifying: Bool = false) {
        verifies = verifying
    }

    /// How many outputs are kept: one per include and combination of values.
    public var count: Int { fragments.withLock { $0.count } }

    func bytes(for key: [UInt8]) -> [UInt8]? {
        fragments.withLock { $0[key] }
    }

    func store(_ bytes: [UInt8], for key: [UInt8]) {
        fragments.withLock { $0[key] = bytes }
    }
}
