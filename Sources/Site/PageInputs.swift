import Catalogue
import Dispatch
import Templating

/// Stand-ins for the page models of the pages there is one of per motorcycle (its page and its gallery, in
/// both editions: two thirds of a site), so that a rebuild after an edit of one motorcycle does not build the
/// models of all the others only to find them unchanged. Building them was half of such a rebuild.
///
/// What `MotorcyclePage` and `GalleryPage` read, and so what the digest of such a page covers:
/// - the motorcycle itself: every field (`Motorcycle.digest(into:)`);
/// - its slug and the facet values it belongs to;
/// - what is the same for every page: the site's shape (every facet's values, their labels and slugs, but not
///   their members), the dataset's version, and every input of a page model besides the dataset (tables and
///   any other file of `Resources/` but the assets, the URL settings, the generator): `BuildKeys.setting`;
/// - the page's own route, twins, language and template.
/// A page model that starts reading something else (another motorcycle, say) must be covered here. Debug
/// builds check it on every rebuild: each page left unrendered because of its key is rendered anyway and
/// compared with the file (`SiteBuilder.renderAndWrite`), so the test suite's rebuilds catch a gap.
struct PageInputs: Sendable {
    private let shared: Digest
    private let bikes: [Digest]

    init(site: Site, keys: BuildKeys) {
        let plan = site.plan
        var hasher = StableHasher()
        hasher.combine(keys.setting)
        hasher.combine(UInt64(bitPattern: Int64(plan.catalogue.version)))
        for facet in plan.facets {
            hasher.combine(facet.id)
            hasher.combine(UInt64(facet.values.count))
            for value in facet.values {
                for language in value.slug.keys.sorted() {
                    hasher.combine(language.rawValue)
                    hasher.combine(value.slug[language]!)
                    hasher.combine(value.label[language] ?? "")
                }
            }
        }
        shared = hasher.finalize()
        let bikes = plan.catalogue.motorcycles
        let digests = UnsafeDigests(count: bikes.count)
        let runs = max(1, min(bikes.count / 64, 64))
        DispatchQueue.concurrentPerform(iterations: runs) { run in
            for index in stride(from: run, to: bikes.count, by: runs) {
                var hasher = StableHasher()
                let bike = bikes[index]
                bike.digest(into: &hasher)
                hasher.combine(plan.slugs[bike.id] ?? "")
                for membership in plan.memberships[index] {
                    hasher.combine(UInt64(membership.facet) << 32 | UInt64(membership.value))
                }
                digests.set(index, hasher.finalize())
            }
        }
        self.bikes = digests.values
    }

    /// The digest standing for the page's model, for a motorcycle's page or gallery; nil for other pages.
    func digest(for page: Page) -> Digest? {
        let index: Int
        var hasher = StableHasher()
        switch page.kind {
        case .motorcycle(let bike):
            index = bike
            hasher.combine(1)
        case .gallery(let bike):
            index = bike
            hasher.combine(2)
        default:
            return nil
        }
        hasher.combine(shared)
        hasher.combine(bikes[index])
        hasher.combine(page.language?.rawValue ?? "")
        hasher.combine(page.template)
        hasher.combine(page.route.filePath)
        hasher.combine(page.defaultTwin.filePath)
        for language in page.twins.keys.sorted() {
            hasher.combine(language.rawValue)
            hasher.combine(page.twins[language]!.filePath)
        }
        return hasher.finalize()
    }
}

/// One slot per motorcycle, each written by exactly one thread.
private final class UnsafeDigests: @unchecked Sendable {
    private var storage: [Digest]

    init(count: Int) { storage = Array(repeating: .zero, count: count) }

    func set(_ index: Int, _ digest: Digest) {
        storage.withUnsafeMutableBufferPointer { $0[index] = digest }
    }

    var values: [Digest] { storage }
}
