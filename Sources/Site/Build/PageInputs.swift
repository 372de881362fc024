import Catalogue
import Dispatch
import Files
import Templating

/// Stand-ins for the page models of the pages made of motorcycles (a motorcycle's page and gallery, the
/// catalogue's numbered pages after the first, each facet value's list, in every edition) and for the browser's spec chunks, so that a
/// rebuild after an edit of one motorcycle does not build the models of all the others only to find them
/// unchanged. Building them was most of such a rebuild.
///
/// What those page models read, and so what their digests cover:
/// - each motorcycle they show: every field (`Motorcycle.digest(into:)`), its slug and the facet values it
///   belongs to (their labels and addresses), in the order the page lists them; a facet value's list, only
///   what its rows show (name, address, years, photos and the facet's figure, `FacetFigure`);
/// - what is the same for every page: the facets, the dataset's version, the number of parts of the catalogue's
///   data, and every input of a page model besides
///   the dataset (tables and any other file of `Resources/` but the assets, the URL settings, the generator):
///   `BuildKeys.setting`;
/// - the page's own route, twins, language and template; for a catalogue page, its number and the size of the
///   catalogue (its pager and count); for a facet value, which one.
/// A page model that starts reading something else (another motorcycle, a total) must be covered here. Debug
/// builds check it on every rebuild: each file left unrendered because of its key is rendered anyway and
/// compared with the file (`SiteBuilder.renderAndWrite`), so the test suite's rebuilds catch a gap.
struct PageInputs: Sendable {
    private let shared: Digest
    private let bikes: [Digest]
    /// Per edition and motorcycle, what a row of a facet value's list shows besides the facet's figure.
    private let rows: [Language: [Digest]]
    /// Per facet and value, `combine(_:into:)`'s digest: made once, not once per motorcycle and page.
    private let values: [[Digest]]
    private let plan: SitePlan

    init(site: Site, keys: BuildKeys) {
        let plan = site.plan
        self.plan = plan
        var hasher = StableHasher()
        hasher.combine(keys.setting)
        hasher.combine(UInt64(bitPattern: Int64(plan.catalogue.version)))
        // every page names the parts of the catalogue's data (`PageFrame.catalogueData`)
        hasher.combine(UInt64(BrowserData.cataloguePartCount(plan)))
        for facet in plan.facets { hasher.combine(facet.id) }
        shared = hasher.finalize()
        let values = plan.facets.map { facet in
            facet.values.map { value in
                var hasher = StableHasher()
                PageInputs.combine(value, into: &hasher)
                return hasher.finalize()
            }
        }
        self.values = values
        let bikes = plan.catalogue.motorcycles
        self.bikes = concurrentMap(count: bikes.count) { index in
            var hasher = StableHasher()
            let bike = bikes[index]
            bike.digest(into: &hasher)
            hasher.combine(plan.slugs[bike.id] ?? "")
            for membership in plan.memberships[index] {
                hasher.combine(UInt64(membership.facet))
                hasher.combine(values[membership.facet][membership.value])
            }
            return hasher.finalize()
        }
        var rows: [Language: [Digest]] = [:]
        for language in plan.languages {
            let texts = plan.texts[language]!
            rows[language] = concurrentMap(count: bikes.count) { index in
                var hasher = StableHasher()
                let id = bikes[index].id
                hasher.combine(UInt64(bitPattern: Int64(id)))
                hasher.combine(bikes[index].general.name)
                hasher.combine(plan.slugs[id] ?? "")
                hasher.combine(texts[index].years)
                hasher.combine(UInt64(bikes[index].images.count))  // the thumbnail
                for image in bikes[index].images { hasher.combine(image) }
                return hasher.finalize()
            }
        }
        self.rows = rows
    }

    /// The digest standing for the page's model; nil for the pages that show no motorcycle or all of them at
    /// once (their models are made and hashed).
    func digest(for page: Page) -> Digest? {
        var hasher = StableHasher()
        switch page.kind {
        case .motorcycle(let bike):
            hasher.combine(1)
            combine(CollectionOfOne(bike), into: &hasher)
        case .gallery(let bike):
            hasher.combine(2)
            combine(CollectionOfOne(bike), into: &hasher)
        case .facetValue(let facet, let value):
            // Its rows show a few things of each motorcycle, one of them the facet's figure: an edit of anything
            // else of a bike leaves the page as it was.
            guard let language = page.language else { return nil }
            let definition = plan.facets[facet]
            let bikes = plan.catalogue.motorcycles
            let texts = plan.texts[language]!
            let rows = rows[language]!
            hasher.combine(3)
            hasher.combine(UInt64(facet))
            hasher.combine(values[facet][value])
            hasher.combine(UInt64(definition.values[value].members.count))
            for index in definition.values[value].members {
                hasher.combine(rows[index])
                definition.figure.combineInput(index, of: bikes, texts, into: &hasher)
            }
        case .cataloguePage(let number):
            // Page 1 (`.catalogue`) is not stood in for: its tools read every motorcycle (families, ranges), and
            // its model is made and hashed like the other pages that show the whole catalogue.
            let order = plan.defaultOrder
            let start = min((number - 1) * CataloguePage.pageSize, order.count)
            hasher.combine(4)
            hasher.combine(UInt64(number))
            hasher.combine(UInt64(order.count))
            combine(order[start..<min(start + CataloguePage.pageSize, order.count)], into: &hasher)
        default:
            return nil
        }
        hasher.combine(shared)
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

    /// The key of a data file made from some motorcycles' page models alone (a spec chunk, `DataFile.members`).
    func digest(ofDataFile path: String, members: [Int]) -> Digest {
        var hasher = StableHasher()
        hasher.combine(5)
        hasher.combine(shared)
        hasher.combine(path)
        combine(members, into: &hasher)
        return hasher.finalize()
    }

    /// A facet value as a page shows it: its label and its address in every edition. Not its position among the
    /// facet's values, which moves when a value before it comes or goes while no link to it changes.
    private static func combine(_ value: FacetValue, into hasher: inout StableHasher) {
        for language in value.slug.keys.sorted() {
            hasher.combine(language.rawValue)
            hasher.combine(value.slug[language]!)
            hasher.combine(value.label[language] ?? "")
        }
    }

    private func combine(_ members: some Collection<Int>, into hasher: inout StableHasher) {
        hasher.combine(UInt64(members.count))
        for index in members { hasher.combine(bikes[index]) }
    }
}
