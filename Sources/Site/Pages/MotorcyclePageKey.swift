import Catalogue
import Files

/// A stand-in for the page models of a motorcycle's page and gallery (`MotorcyclePage`, `GalleryPage`), two
/// thirds of the site: after an edit of one motorcycle, a rebuild would otherwise build the models of all the
/// others only to find them unchanged, which more than doubled a one-bike rebuild at 1 000 motorcycles and missed
/// the rebuild targets (`Tests/Benchmark/README.md`). Every other page is keyed by its model's digest.
///
/// What those two models read, and so what this covers, kept next to them so that a change to one is seen here:
/// - the motorcycle: every field (`Motorcycle.digest(into:)`) and the facet values it belongs to (their labels
///   and addresses in every edition); its slug is in its pages' routes;
/// - what every page of the site is given: the settings (`BuildKeys.setting`: tables and every other file of
///   `Resources/` but the assets, the photo sidecar, the URL settings, the generator), the dataset's version (the
///   footer), the number of parts of the catalogue's data (`PageFrame`), the facets, whether the dataset has a
///   history (the footer's What's new and feed links);
/// - for the motorcycle's page, its own history (`SiteHistory.digest(ofBike:)`), kept apart from the motorcycle's
///   digest, which facet value pages share and which a new release must not change;
/// - the page's own route, twins, language and template.
/// `MotorcyclePageKeyTests` edits every field of a motorcycle, its texts, its neighbours, the catalogue's size
/// and version, and checks that whenever a page's model changes, its key does; debug builds also render every
/// page a rebuild leaves alone and compare it with the file (`ProductWriter`).
struct MotorcyclePageKey: Sendable {
    private let shared: Digest
    /// Per motorcycle (in catalogue order): its fields and facet values.
    let bikes: [Digest]
    /// Per facet, per value: its label and address in every edition.
    let values: [[Digest]]
    /// Per motorcycle, its history as its page shows it; empty without a history.
    let histories: [Digest]
    /// Where a page kind's motorcycle, named by its id, is in the tables above (`position(of:)`).
    private let plan: SitePlan

    init(plan: SitePlan, setting: Digest) {
        var hasher = StableHasher()
        hasher.combine(setting)
        hasher.combine(UInt64(bitPattern: Int64(plan.catalogue.version)))
        hasher.combine(UInt64(BrowserData.cataloguePartCount(plan)))
        for facet in plan.facets { hasher.combine(facet.id) }
        hasher.combine(plan.history == nil ? "no history" : "history")
        shared = hasher.finalize()
        histories =
            plan.history.map { history in
                concurrentMap(count: plan.catalogue.motorcycles.count) { history.digest(ofBike: $0) }
            } ?? []
        // Each value's label and address in every edition; not its position among the facet's values, which
        // moves when a value before it comes or goes while no link to it changes.
        let values = plan.facets.map { facet in
            facet.values.map { value in
                var hasher = StableHasher()
                for (language, slug) in value.slug.sorted(by: { $0.key < $1.key }) {
                    hasher.combine(language.rawValue)
                    hasher.combine(slug)
                    hasher.combine(value.label[language] ?? "")
                }
                return hasher.finalize()
            }
        }
        self.values = values
        let views = plan.languages.map { plan.edition($0) }
        bikes = concurrentMap(count: plan.catalogue.motorcycles.count) { position in
            var hasher = StableHasher()
            plan.catalogue.motorcycles[position].digest(into: &hasher)
            // the links of its page in every edition: each facet's values, as labels and addresses
            for view in views {
                for (_, values) in view.facetValues(of: view.motorcycles[position]) {
                    hasher.combine(UInt64(values.count))
                    for value in values {
                        hasher.combine(value.label)
                        hasher.combine(value.route.filePath)
                    }
                }
            }
            return hasher.finalize()
        }
        self.plan = plan
    }

    /// The digest standing for the page's model: for a motorcycle's page or gallery; nil for every other page.
    func digest(for page: Page) -> Digest? {
        var hasher = StableHasher()
        if let kind = page.kind as? MotorcyclePage.Kind, let position = position(of: kind.id, page) {
            hasher.combine(1)
            hasher.combine(bikes[position])
            if !histories.isEmpty { hasher.combine(histories[position]) }
        } else if let kind = page.kind as? GalleryPage.Kind, let position = position(of: kind.id, page) {
            hasher.combine(2)
            hasher.combine(bikes[position])
        } else {
            return nil
        }
        combineFrame(of: page, into: &hasher)
        return hasher.finalize()
    }

    /// The place in the catalogue of the motorcycle with this id, as the page's edition has it.
    private func position(of id: Int, _ page: Page) -> Int? {
        page.language.flatMap { plan.edition($0).motorcycle(id: id)?.position }
    }

    /// What every page is given (`shared`), and the page's own language, template, route and twins.
    func combineFrame(of page: Page, into hasher: inout StableHasher) {
        hasher.combine(shared)
        hasher.combine(page.language?.rawValue ?? "")
        hasher.combine(page.template)
        hasher.combine(page.route.filePath)
        hasher.combine(page.defaultTwin.filePath)
        for (language, twin) in page.twins.sorted(by: { $0.key < $1.key }) {
            hasher.combine(language.rawValue)
            hasher.combine(twin.filePath)
        }
    }
}
