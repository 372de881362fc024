import Catalogue
import Templating

/// What the offline worker shows, in the edition's language, for a page a reader never opened when there is no
/// network: links to what it keeps (the catalogue, the Garage).
struct OfflinePage {
    let edition: Edition
    let plan: SitePlan

    func context(for page: Page, frame: PageFrame) -> [String: Value] {
        var context = frame.context(for: page, labelled: "offline")
        context["catalogue_href"] = .text(page.route.link(to: plan.route(CataloguePage.Kind(), edition.language)))
        context["garage_href"] = .text(page.route.link(to: plan.route(GaragePage.Kind(), edition.language)))
        return context
    }
}

extension OfflinePage {
    /// `/en/offline/`: in the worker's shell, not in the sitemap.
    struct Kind: PageKind {
        static let template = "pages/offline.html"

        func route(_ language: Language, in plan: SitePlan) -> Route { Route([language.rawValue, "offline"]) }

        func model(for page: Page, in site: Site) -> [String: Value] {
            OfflinePage(edition: site.edition(of: page), plan: site.plan).context(for: page, frame: site.frame)
        }

        var isIndexable: Bool { false }
    }
}
