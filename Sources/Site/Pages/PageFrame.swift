import Catalogue
import Templating

/// The parts every page shares: head metadata, hreflang alternates, navigation, language switcher, footer.
///
/// Built in Swift rather than in the base template because the URLs depend on where each page sits.
struct PageFrame: Sendable {
    let plan: SitePlan
    let baseURL: String?
    let datasetVersion: Int
    let editions: Editions
    /// What every page of an edition shares (`edition(_:)`).
    private let editionFrames: [Language: EditionFrame]

    /// Overrides the base URL's path for the 404 page's links (see `BuildOptions.servedFromPath`).
    let servedFromPath: String?
    /// Pages link their edition's manifest and offline worker (`BuildOptions.offline`).
    let offline: Bool
    /// The parts of each edition's catalogue data, from the edition's folder (`BrowserData.cataloguePaths`).
    let catalogueData: [String]

    init(plan: SitePlan, datasetVersion: Int, editions: Editions, publishing: Publishing) {
        self.plan = plan
        servedFromPath = publishing.servedFromPath
        offline = publishing.offline
        baseURL = publishing.baseURL
        self.datasetVersion = datasetVersion
        self.editions = editions
        catalogueData = BrowserData.cataloguePaths(plan)
        editionFrames = editions.mapValues {
            EditionFrame($0, editions: editions, plan: plan, datasetVersion: datasetVersion)
        }
    }

    /// What every page of an edition shares; every edition of the site has it.
    func edition(_ language: Language) -> EditionFrame {
        guard let frame = editionFrames[language] else {
            preconditionFailure("no edition \(language.rawValue) in the page frame")
        }
        return frame
    }

    static let sourceURL = "https://github.com/hispanico94/Guzzi-Tracker"
    static let licenceURL = "https://www.gnu.org/licenses/old-licenses/gpl-2.0.html"

    /// The `page` and `t` entries of a template context.
    func context(for page: Page, title: String, description: String) -> [String: Value] {
        let language = page.language ?? editions.defaultLanguage
        let edition = editions[page: language]
        let shared = self.edition(language)
        let route = page.route
        var alternates: [Value] = editions.languages.compactMap { lang in
            guard let twin = page.twins[lang] else { return nil }
            return ["hreflang": .text(lang.rawValue), "href": .text(twin.url(base: baseURL, from: route))]
        }
        if !page.twins.isEmpty {
            alternates.append([
                "hreflang": "x-default", "href": .text(page.defaultTwin.url(base: baseURL, from: route)),
            ])
        }
        // The other editions of the page, each named in its own language ("English", "Français") with its own
        // invitation ("Read this page in English") as the link's accessible name.
        var switcher: [Value] = []
        if let current = page.language {
            switcher = editions.all.compactMap { other in
                guard other.language != current, let twin = page.twins[other.language] else { return nil }
                return [
                    "href": .text(route.link(to: twin)),
                    "lang": .text(other.language.rawValue),
                    "name": .text(other.localization.name),
                    "label": .text(other.localization["read_in_language"]),
                ]
            }
        }
        let nav: [Value] = navigation(page, entries: shared.navigation)
        let editionRoot = rootLink(from: page) + plan.route(CataloguePage.Kind(), language).urlPath
        let pageValue: ValueMap = [
            "lang": .text(language.rawValue),
            "locale": .text(edition.localization.locale),
            "title": .text(title),
            "description": .text(description),
            "canonical": .text(route.url(base: baseURL, from: route)),
            "indexable": .bool(page.isIndexable),
            "alternates": .list(alternates),
            "root": .text(rootLink(from: page)),
            "home": .text(link(from: page, to: .root)),
            "edition_root": .text(editionRoot),
            "catalogue_data": .list(catalogueData.map { .text(editionRoot + $0) }),
            // an edition's pages: its web app manifest, its offline worker and the list of what it can keep
            "manifest": page.language == nil || !offline ? .null : .text(editionRoot + OfflineFiles.manifestName),
            "worker": page.language == nil || !offline ? .null : .text(editionRoot + OfflineFiles.workerName),
            "offline_list": page.language == nil || !offline ? .null : .text(editionRoot + OfflineFiles.listName),
            // the edition's What's new page and Atom feed, when the dataset has a history (the feed also needs the
            // base URL: its addresses are absolute)
            "whats_new": plan.history == nil || page.language == nil
                ? .null : .text(link(from: page, to: plan.route(WhatsNewPage.Kind(), language))),
            "feed": plan.history == nil || page.language == nil
                ? .null : baseURL.map { .text($0 + plan.feedFile(language)) } ?? .null,
            // the catalogue's search from every page of an edition: a form that lands on the catalogue with `?q=`
            // (the catalogue has its own field)
            "search": page.language == nil || isCatalogue(page)
                ? .null : .text(link(from: page, to: plan.route(CataloguePage.Kind(), language))),
            "switches": .list(switcher),
            "nav": .list(nav),
            "footer_data": shared.footerData,
            "source_url": .text(PageFrame.sourceURL),
            "licence_url": .text(PageFrame.licenceURL),
        ]
        return ["page": .map(pageValue), "t": shared.labels]
    }

    /// The frame of a page its edition's labels `<key>_title` and `<key>_description` name: "Garage · Guzzi Tracker".
    func context(for page: Page, labelled key: String) -> [String: Value] {
        let l = editions[page: page.language].localization
        return context(
            for: page, title: l[key + "_title"] + " · " + l["site_title"], description: l[key + "_description"])
    }

    /// The main navigation: the catalogue, the facets, the charts and the Garage, with the current section marked.
    func navigation(_ page: Page, entries: [(section: NavigationSection, label: String, route: Route)]) -> [Value] {
        let section = page.kind.section
        return entries.map { entry in
            [
                "href": .text(link(from: page, to: entry.route)),
                "label": .text(entry.label),
                "current": .bool(entry.route.filePath == page.route.filePath),
                "active": .bool(entry.section == section),
            ]
        }
    }

    func isCatalogue(_ page: Page) -> Bool { page.kind is CataloguePage.Kind }

    /// A link from `page` to `target`. The 404 page is served at any address, so its links cannot be relative:
    /// they start from the base URL's path (or `/`).
    func link(from page: Page, to target: Route) -> String {
        if page.kind is NotFoundPage.Kind { return absoluteRoot + target.filePath }
        return page.route.link(to: target)
    }

    func rootLink(from page: Page) -> String {
        if page.kind is NotFoundPage.Kind { return absoluteRoot }
        return page.route.rootPrefix
    }

    /// The path part of the base URL (`/guzzi/` for `https://example.org/guzzi/`), `/` without one.
    var absoluteRoot: String {
        if let servedFromPath { return servedFromPath.hasSuffix("/") ? servedFromPath : servedFromPath + "/" }
        guard let baseURL, let schemeEnd = baseURL.range(of: "://") else { return "/" }
        let afterHost = baseURL[schemeEnd.upperBound...]
        guard let slash = afterHost.firstIndex(of: "/") else { return "/" }
        return String(afterHost[slash...])
    }
}
