import Catalogue
import Templating

/// The Garage: the reader's favourites, which the page's script draws from the browser's storage; the page itself
/// holds the frame and the addresses the script links to.
struct GaragePage {
    let edition: Edition
    let plan: SitePlan

    func context(for page: Page, frame: PageFrame) -> [String: Value] {
        var context = frame.context(for: page, labelled: "garage")
        context["catalogue_href"] = .text(page.route.link(to: plan.route(CataloguePage.Kind(), edition.language)))
        context["compare_href"] = .text(page.route.link(to: plan.route(ComparePage.Kind(), edition.language)))
        return context
    }
}

extension GaragePage {
    /// `/en/garage/`, the same folder in every edition (a reader's link to it keeps working across them).
    struct Kind: PageKind {
        static let template = "pages/garage.html"

        func route(_ language: Language, in plan: SitePlan) -> Route { Route([language.rawValue, "garage"]) }

        func model(for page: Page, in site: Site) -> [String: Value] {
            GaragePage(edition: site.edition(of: page), plan: site.plan).context(for: page, frame: site.frame)
        }

        var section: NavigationSection? { .garage }
    }
}
