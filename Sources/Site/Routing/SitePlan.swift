import Catalogue
import History
import PhotoSidecar

/// The list of pages a catalogue becomes, in a fixed order, with the URL of every page in every edition.
///
/// Planning is separate from rendering so that every page knows every other page's route before any
/// HTML is written, and so the order, and with it the output, is the same on every run.
struct SitePlan: Sendable {
    let catalogue: Catalogue
    /// What `guzzi-site photos` learnt of the catalogue's Flickr photos (sizes, authors, licences); empty when
    /// the dataset has no sidecar, and then every photo is shown from the dataset's own URL.
    let photos: PhotoSidecar
    /// The dataset's history sidecar (`guzzi-site history`) as the pages show it; nil without one.
    let history: SiteHistory?
    let facets: [Facet]
    /// Folder names that editions translate (`famiglie` / `families`), by label key.
    let folderSlugs: [Language: Localization]
    /// Each edition's motorcycles and facets with their texts and addresses (`edition(_:)`).
    private var editionPlans: [Language: EditionPlan] = [:]
    private(set) var pages: [Page] = []
    /// The editions' codes in order, and the one `x-default` points to.
    let languages: [Language]
    let defaultLanguage: Language

    init(
        catalogue: Catalogue, editions: Editions, photos: PhotoSidecar = PhotoSidecar(),
        history: CatalogueHistory? = nil
    ) {
        self.catalogue = catalogue
        self.photos = photos
        self.history = history.flatMap { $0.releases.isEmpty ? nil : SiteHistory($0, catalogue: catalogue) }
        languages = editions.languages
        defaultLanguage = editions.defaultLanguage
        let bikes = catalogue.motorcycles
        let slugs = Permalinks.slugs(for: bikes)
        // Sort keys made once: comparing the motorcycles themselves copied two of them (and lowercased two
        // names) per comparison, which made planning 10 000 bikes take 14 times as long as 1 000.
        let keys = bikes.map { (year: $0.general.firstYear, name: $0.general.name.lowercased(), id: $0.id) }
        let order = bikes.indices.sorted { a, b in
            let x = keys[a], y = keys[b]
            if x.year != y.year { return x.year > y.year }
            if x.name != y.name { return x.name < y.name }
            return x.id < y.id
        }
        facets = FacetBuilder(catalogue: catalogue, defaultOrder: order, editions: editions).build()
        folderSlugs = editions.mapValues(\.localization)
        // Every edition's texts of every motorcycle at once, on all cores: a third of planning.
        let all = editions.all
        let made = concurrentMap(count: all.count * bikes.count) {
            BikeTexts(bikes[$0 % bikes.count], all[$0 / bikes.count])
        }
        var memberships = [[(facet: Int, value: Int)]](repeating: [], count: bikes.count)
        for (facetIndex, facet) in facets.enumerated() {
            for (valueIndex, value) in facet.values.enumerated() {
                for member in value.members { memberships[member].append((facetIndex, valueIndex)) }
            }
        }
        let positionByID = Dictionary(bikes.enumerated().map { ($1.id, $0) }) { first, _ in first }
        for (number, edition) in all.enumerated() {
            let language = edition.language
            let motorcycles = bikes.indices.map { position in
                guard let slug = slugs[bikes[position].id] else {
                    preconditionFailure("Permalinks names every motorcycle of the catalogue")
                }
                return EditionMotorcycle(
                    bike: bikes[position], texts: made[number * bikes.count + position], slug: slug,
                    route: Route(Self.motorcycleFolders(language, slug: slug)), position: position)
            }
            let editionFacets = facets.indices.map { facet in
                let route = route(FacetPages.OverviewKind(facet: facet), language)
                return EditionFacet(
                    facet: facets[facet], label: edition.localization[facets[facet].labelKey], route: route,
                    values: facets[facet].values.map {
                        EditionFacetValue($0, language: language, folders: route.folders, motorcycles: motorcycles)
                    })
            }
            editionPlans[language] = EditionPlan(
                motorcycles: motorcycles, order: order, facets: editionFacets, positionByID: positionByID,
                memberships: memberships)
        }
        pages = planPages()
    }

    /// The site's pages, in the order they are written and listed in the sitemap: which pages of each kind the
    /// catalogue has. Each kind says where its pages go and what they show (`PageKind`).
    private func planPages() -> [Page] {
        var kinds: [any PageKind] = [LanguageChoicePage.Kind(), NotFoundPage.Kind()]
        kinds += CataloguePage.pageNumbers(catalogue.motorcycles.count).map { CataloguePage.Kind(number: $0) }
        kinds += [
            GaragePage.Kind(), ComparePage.Kind(), OfflinePage.Kind(), FacetPages.BrowseKind(), ChartsPage.Kind(),
        ]
        if history != nil { kinds.append(WhatsNewPage.Kind()) }
        for facet in facets.indices {
            kinds.append(FacetPages.OverviewKind(facet: facet))
            kinds += facets[facet].values.indices.map { FacetPages.ValueKind(facet: facet, value: $0) }
        }
        for bike in catalogue.motorcycles {
            kinds.append(MotorcyclePage.Kind(id: bike.id))
            if !bike.images.isEmpty { kinds.append(GalleryPage.Kind(id: bike.id)) }
        }
        return kinds.flatMap { $0.pages(in: self) }
    }

    /// A folder's name in an edition (`slug_browse`: `browse`, `sfoglia`).
    func slug(_ key: String, _ language: Language) -> String {
        guard let labels = folderSlugs[language] else {
            preconditionFailure("no edition \(language.rawValue) in the plan")
        }
        return labels[key]
    }

    /// One edition's view of the plan; every edition the plan was made for has one.
    func edition(_ language: Language) -> EditionPlan {
        guard let plan = editionPlans[language] else {
            preconditionFailure("no edition \(language.rawValue) in the plan")
        }
        return plan
    }

    /// A motorcycle's folders: the one rule for its address, which the browser's data gives the scripts as a
    /// pattern (`motorcycleFile(_:slug:)` with the slug `{slug}`).
    static func motorcycleFolders(_ language: Language, slug: String) -> [String] { [language.rawValue, "moto", slug] }

    /// A motorcycle's page from its edition's folder: `moto/airone-1939/index.html`.
    static func motorcycleFile(_ language: Language, slug: String) -> String {
        String(Route(motorcycleFolders(language, slug: slug)).filePath.dropFirst(language.rawValue.count + 1))
    }

    /// A page's address in an edition, as its kind gives it: `plan.route(ComparePage.Kind(), language)`.
    func route(_ kind: some PageKind, _ language: Language) -> Route { kind.route(language, in: self) }

    /// An edition's Atom feed (`FeedFiles`), beside its catalogue.
    func feedFile(_ language: Language) -> String { language.rawValue + "/atom.xml" }
}
