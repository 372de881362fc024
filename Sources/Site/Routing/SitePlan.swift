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
    /// Motorcycle indices in the app's default order: newest first, then by name.
    let defaultOrder: [Int]
    let slugs: [Int: String]
    let facets: [Facet]
    /// For each motorcycle index, the (facet, value) pairs it belongs to, in facet order: its page links to them.
    let memberships: [[(facet: Int, value: Int)]]
    /// Folder names that editions translate (`famiglie` / `families`), by label key.
    let folderSlugs: [Language: Localization]
    /// Each edition's texts of the motorcycles and routes of the motorcycles and facet values (`edition(_:)`).
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
        slugs = Permalinks.slugs(for: bikes)
        // Sort keys made once: comparing the motorcycles themselves copied two of them (and lowercased two
        // names) per comparison, which made planning 10 000 bikes take 14 times as long as 1 000.
        let keys = bikes.map { (year: $0.general.firstYear, name: $0.general.name.lowercased(), id: $0.id) }
        let order = bikes.indices.sorted { a, b in
            let x = keys[a], y = keys[b]
            if x.year != y.year { return x.year > y.year }
            if x.name != y.name { return x.name < y.name }
            return x.id < y.id
        }
        defaultOrder = order
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
        self.memberships = memberships
        for (edition, language) in languages.enumerated() {
            editionPlans[language] = EditionPlan(
                texts: Array(made[(edition * bikes.count)..<((edition + 1) * bikes.count)]),
                motorcycleRoutes: bikes.map { Route(Self.motorcycleFolders(language, slug: slugs[$0.id]!)) },
                facetValueRoutes: facets.indices.map { facet in
                    let folders = facetRoute(language, facet: facet).folders
                    return facets[facet].values.map { Route(folders + [$0.slug[language]!]) }
                })
        }
        pages = planPages()
    }

    private func planPages() -> [Page] {
        var pages: [Page] = []
        /// One page per edition, twinned across editions.
        func add(_ kind: Page.Kind, template: String, defaultToRoot: Bool = false, _ route: (Language) -> Route) {
            let twins = Dictionary(uniqueKeysWithValues: languages.map { ($0, route($0)) })
            for language in languages {
                pages.append(
                    Page(
                        kind: kind, route: twins[language]!, language: language, twins: twins,
                        defaultTwin: defaultToRoot ? .root : twins[defaultLanguage]!, template: "pages/\(template).html"
                    ))
            }
        }
        pages.append(
            Page(
                kind: .languageChoice, route: .root, language: nil,
                twins: Dictionary(uniqueKeysWithValues: languages.map { ($0, catalogueRoute($0)) }),
                defaultTwin: .root, template: "pages/language-choice.html"))
        pages.append(
            Page(
                kind: .notFound, route: Route([], fileName: "404.html"), language: nil, twins: [:],
                defaultTwin: Route([], fileName: "404.html"), template: "pages/not-found.html"))
        add(.catalogue, template: "catalogue", defaultToRoot: true, catalogueRoute)
        for number in CataloguePage.pageNumbers(catalogue.motorcycles.count).dropFirst() {
            add(.cataloguePage(number: number), template: "catalogue") { cataloguePageRoute($0, number: number) }
        }
        add(.garage, template: "garage", garageRoute)
        add(.compare, template: "compare", compareRoute)
        add(.offline, template: "offline", offlineRoute)
        add(.browse, template: "browse", browseRoute)
        add(.charts, template: "charts", chartsRoute)
        if history != nil { add(.whatsNew, template: "whats-new", whatsNewRoute) }
        for facet in facets.indices {
            add(.facetOverview(facet: facet), template: "facet-overview") { facetRoute($0, facet: facet) }
            for value in facets[facet].values.indices {
                add(.facetValue(facet: facet, value: value), template: "facet-value") {
                    facetValueRoute($0, facet: facet, value: value)
                }
            }
        }
        for index in catalogue.motorcycles.indices {
            add(.motorcycle(index: index), template: "motorcycle") { motorcycleRoute($0, index: index) }
            if !catalogue.motorcycles[index].images.isEmpty {
                add(.gallery(index: index), template: "gallery") { galleryRoute($0, index: index) }
            }
        }
        return pages
    }

    func slug(_ key: String, _ language: Language) -> String { folderSlugs[language]![key] }

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

    func catalogueRoute(_ language: Language) -> Route { Route([language.rawValue]) }

    /// Page `number` of the plain catalogue list: the catalogue itself for page 1, `/<lang>/page/<n>/` after it.
    func cataloguePageRoute(_ language: Language, number: Int) -> Route {
        number <= 1
            ? catalogueRoute(language) : Route([language.rawValue, slug("slug_page", language), String(number)])
    }

    func motorcycleRoute(_ language: Language, index: Int) -> Route {
        edition(language).motorcycleRoutes[index]
    }

    func galleryRoute(_ language: Language, index: Int) -> Route {
        Route(motorcycleRoute(language, index: index).folders + [slug("slug_gallery", language)])
    }

    func browseRoute(_ language: Language) -> Route { Route([language.rawValue, slug("slug_browse", language)]) }

    func chartsRoute(_ language: Language) -> Route { Route([language.rawValue, slug("slug_charts", language)]) }

    func whatsNewRoute(_ language: Language) -> Route {
        Route([language.rawValue, slug("slug_whats_new", language)])
    }

    /// An edition's Atom feed (`FeedFiles`), beside its catalogue.
    func feedFile(_ language: Language) -> String { language.rawValue + "/atom.xml" }

    func compareRoute(_ language: Language) -> Route { Route([language.rawValue, slug("slug_compare", language)]) }

    func garageRoute(_ language: Language) -> Route { Route([language.rawValue, "garage"]) }

    func offlineRoute(_ language: Language) -> Route { Route([language.rawValue, "offline"]) }

    func facetRoute(_ language: Language, facet: Int) -> Route {
        Route([language.rawValue, slug(facets[facet].slugKey, language)])
    }

    func facetValueRoute(_ language: Language, facet: Int, value: Int) -> Route {
        edition(language).facetValueRoutes[facet][value]
    }
}
