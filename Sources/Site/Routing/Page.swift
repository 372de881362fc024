import Catalogue

/// One page to write: where it goes, which template draws it, and its twins in every edition.
struct Page: Sendable {
    enum Kind: Sendable {
        case languageChoice
        case catalogue
        /// Page 2, 3, … of the plain list, when the catalogue is longer than `CataloguePage.pageSize`.
        case cataloguePage(number: Int)
        case motorcycle(index: Int)
        case gallery(index: Int)
        case browse
        case facetOverview(facet: Int)
        case facetValue(facet: Int, value: Int)
        case charts
        case notFound
        case garage
        case compare
        /// The catalogue's releases, newest first (`WhatsNewPage`): planned when the dataset has a history.
        case whatsNew
        /// What the offline worker shows for a page of the edition a reader never opened, with no network.
        case offline
    }

    let kind: Kind
    let route: Route
    /// `nil` for the pages that belong to no edition (the root language choice, the shared 404).
    let language: Language?
    /// The same page in each edition, for hreflang alternates and the language switcher.
    let twins: [Language: Route]
    /// Where `x-default` points: the language choice for the home pages, the English page for the rest.
    let defaultTwin: Route
    let template: String

    /// Pages listed in the sitemap and checked for hreflang pairs: all but the 404 and the offline page.
    var isIndexable: Bool {
        switch kind {
        case .notFound, .offline: return false
        default: return true
        }
    }
}
