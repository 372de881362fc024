import Catalogue

/// The list of pages a catalogue becomes, in a fixed order, with the URLs of every motorcycle.
///
/// Planning is separate from rendering so that every page knows every other page's route before any
/// HTML is written, and so the order, and with it the output, is the same on every run.
struct SitePlan: Sendable {
    let catalogue: Catalogue
    /// Motorcycle indices in the app's default order: newest first, then by name.
    let defaultOrder: [Int]
    let slugs: [Int: String]
    let pages: [Page]

    init(catalogue: Catalogue) {
        self.catalogue = catalogue
        let bikes = catalogue.motorcycles
        slugs = Permalinks.slugs(for: bikes)
        defaultOrder = bikes.indices.sorted { a, b in
            let x = bikes[a], y = bikes[b]
            if x.general.firstYear != y.general.firstYear { return x.general.firstYear > y.general.firstYear }
            let nameX = x.general.name.lowercased(), nameY = y.general.name.lowercased()
            if nameX != nameY { return nameX < nameY }
            return x.id < y.id
        }
        var pages: [Page] = []
        let languages = Language.allCases
        pages.append(
            Page(
                kind: .languageChoice, route: .root, language: nil,
                twins: Dictionary(uniqueKeysWithValues: languages.map { ($0, SitePlan.catalogueRoute($0)) }),
                defaultTwin: .root, template: "pages/language-choice.html"))
        pages.append(
            Page(
                kind: .notFound, route: Route([], fileName: "404.html"), language: nil, twins: [:],
                defaultTwin: Route([], fileName: "404.html"), template: "pages/not-found.html"))
        for language in languages {
            pages.append(
                Page(
                    kind: .catalogue, route: SitePlan.catalogueRoute(language), language: language,
                    twins: Dictionary(uniqueKeysWithValues: languages.map { ($0, SitePlan.catalogueRoute($0)) }),
                    defaultTwin: .root, template: "pages/catalogue.html"))
        }
        for (kind, folder, template) in [(Page.Kind.garage, "garage", "garage"), (.compare, "compare", "compare")] {
            for language in languages {
                let twins = Dictionary(uniqueKeysWithValues: languages.map { ($0, Route([$0.rawValue, folder])) })
                pages.append(
                    Page(
                        kind: kind, route: Route([language.rawValue, folder]), language: language, twins: twins,
                        defaultTwin: twins[.en]!, template: "pages/\(template).html"))
            }
        }
        for language in languages {
            for index in bikes.indices {
                let slug = slugs[bikes[index].id]!
                pages.append(
                    Page(
                        kind: .motorcycle(index: index), route: SitePlan.motorcycleRoute(language, slug: slug),
                        language: language,
                        twins: Dictionary(
                            uniqueKeysWithValues: languages.map { ($0, SitePlan.motorcycleRoute($0, slug: slug)) }),
                        defaultTwin: SitePlan.motorcycleRoute(.en, slug: slug), template: "pages/motorcycle.html"))
            }
        }
        self.pages = pages
    }

    static func catalogueRoute(_ language: Language) -> Route { Route([language.rawValue]) }

    static func motorcycleRoute(_ language: Language, slug: String) -> Route {
        Route([language.rawValue, "moto", slug])
    }

    func motorcycleRoute(_ language: Language, index: Int) -> Route {
        SitePlan.motorcycleRoute(language, slug: slugs[catalogue.motorcycles[index].id]!)
    }
}
