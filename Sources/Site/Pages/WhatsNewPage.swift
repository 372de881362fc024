import Catalogue
import Templating

/// What's new (`/en/whats-new/`, `/it/novita/`): every release of the catalogue this edition shows, newest first
/// (`ReleaseNotes`), and the edition's feed when the site has a base URL.
struct WhatsNewPage {
    let edition: Edition
    let plan: SitePlan
    let history: SiteHistory

    func context(for page: Page, frame: PageFrame) -> [String: Value] {
        let l = edition.localization
        var context = frame.context(
            for: page, title: l["whats_new_title"] + " · " + l["site_title"], description: l["whats_new_description"])
        let notes = ReleaseNotes(edition: edition, plan: plan, history: history)
        context["releases"] = .list(
            notes.shown.map { notes.value(history.releases[$0]) { page.route.link(to: $0) } })
        context["catalogue_href"] = .text(page.route.link(to: plan.catalogueRoute(edition.language)))
        return context
    }
}
