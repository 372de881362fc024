import Catalogue
import Templating

/// A kind of page: where its pages go in each edition, the template that draws them and the model it draws, in
/// one type beside that model (`MotorcyclePage.Kind`, `GaragePage.Kind`, …). Adding a kind is that type, its
/// template, its labels and the line of `SitePlan.planPages` that says which pages of it a catalogue has; `Site`
/// renders every kind the same way, from `model(for:in:)`.
protocol PageKind: Sendable {
    /// The template that draws the kind's pages, under `Templates/`.
    static var template: String { get }
    /// The page's address in an edition: the one rule other pages link to it by (`SitePlan.route(_:_:)`).
    func route(_ language: Language, in plan: SitePlan) -> Route
    /// What the template draws: the frame every page shares (`PageFrame.context`) and the page's own values.
    func model(for page: Page, in site: Site) -> [String: Value]
    /// The pages of this kind a plan holds, each with its twins: by default one per edition, twinned.
    func pages(in plan: SitePlan) -> [Page]
    /// The section of the main navigation the page belongs to, marked there (`PageFrame.navigation`).
    var section: NavigationSection? { get }
    /// Listed in the sitemap and checked for hreflang pairs; the 404 and the offline page are not.
    var isIndexable: Bool { get }
    /// `x-default` points to the language choice (the catalogue's) rather than to the default edition's twin.
    var defaultsToRoot: Bool { get }
}

/// The main navigation's sections, in its order.
enum NavigationSection: String, Sendable {
    case catalogue, browse, charts, garage
}

extension PageKind {
    var section: NavigationSection? { nil }
    var isIndexable: Bool { true }
    var defaultsToRoot: Bool { false }

    func pages(in plan: SitePlan) -> [Page] {
        let routes = plan.languages.map { ($0, route($0, in: plan)) }
        let twins = Dictionary(uniqueKeysWithValues: routes)
        let defaultTwin = defaultsToRoot ? Route.root : twins[plan.defaultLanguage] ?? .root
        return routes.map { language, route in
            Page(kind: self, route: route, language: language, twins: twins, defaultTwin: defaultTwin)
        }
    }
}
