import Catalogue
import Files
import Templating

/// What the frame of every page of one edition shares (`PageFrame.edition(_:)`), made once per edition rather
/// than on every page.
struct EditionFrame: Sendable {
    /// The `t` map of every page: the edition's labels.
    let labels: Value
    /// The digest of `labels`: the same on every page of the edition, and hashing the table per page would cost
    /// more than the rest of a small page (see `Site.digest(ofContext:for:)`).
    let labelsDigest: Digest
    /// The footer's dataset line.
    let footerData: Value
    /// The locales of the other editions, in order (`og:locale:alternate`).
    let alternateLocales: [String]
    /// The main navigation: each section's label and route.
    let navigation: [(section: NavigationSection, label: String, route: Route)]

    init(_ edition: Edition, editions: Editions, plan: SitePlan, datasetVersion: Int) {
        let l = edition.localization
        labels = .map(ValueMap(l.labels.mapValues { Value.text($0) }))
        labelsDigest = labels.digest
        footerData = .text(l.format("footer_data", ["version": String(datasetVersion)]))
        alternateLocales = editions.all.filter { $0.language != edition.language }.map(\.localization.locale)
        // each section's page, which declares its section (`PageKind.section`)
        let pages: [any PageKind] = [
            CataloguePage.Kind(), FacetPages.BrowseKind(), ChartsPage.Kind(), GaragePage.Kind(),
        ]
        navigation = pages.compactMap { kind in
            kind.section.map { ($0, l["nav_" + $0.rawValue], kind.route(edition.language, in: plan)) }
        }
    }
}
