import Catalogue
import Templating

/// What's new (`/en/whats-new/`, `/it/novita/`): every release of the catalogue this edition shows, newest first
/// (`ReleaseNotes`), and the edition's feed when the site has a base URL.
struct WhatsNewPage {
    let edition: Edition
    let plan: SitePlan
    let history: SiteHistory

    func context(for page: Page, frame: PageFrame) -> [String: Value] {
        var context = frame.context(for: page, labelled: "whats_new")
        let notes = ReleaseNotes(edition: edition, plan: plan, history: history)
        context["releases"] = .list(
            notes.shown.map { notes.value(history.releases[$0]) { page.route.link(to: $0) } })
        context["catalogue_href"] = .text(page.route.link(to: plan.route(CataloguePage.Kind(), edition.language)))
        return context
    }
}

extension WhatsNewPage {
    /// The edition's What's new page: planned only when the dataset has a history.
    struct Kind: PageKind {
        static let template = "pages/whats-new.html"

        func route(_ language: Language, in plan: SitePlan) -> Route {
            Route([language.rawValue, plan.slug("slug_whats_new", language)])
        }

        func model(for page: Page, in site: Site) -> [String: Value] {
            guard let history = site.plan.history else {
                return site.frame.context(for: page, title: "", description: "")
            }
            return WhatsNewPage(edition: site.edition(of: page), plan: site.plan, history: history)
                .context(for: page, frame: site.frame)
        }
    }
}
