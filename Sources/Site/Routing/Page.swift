import Catalogue

/// One page to write: what kind it is, where it goes, and its twins in every edition.
struct Page: Sendable {
    /// What the page shows (a motorcycle, a facet value, the catalogue's second page…): its template and model.
    let kind: any PageKind
    let route: Route
    /// `nil` for the pages that belong to no edition (the root language choice, the shared 404).
    let language: Language?
    /// The same page in each edition, for hreflang alternates and the language switcher.
    let twins: [Language: Route]
    /// Where `x-default` points: the language choice for the home pages, the English page for the rest.
    let defaultTwin: Route

    var template: String { type(of: kind).template }

    /// Pages listed in the sitemap and checked for hreflang pairs: all but the 404 and the offline page.
    var isIndexable: Bool { kind.isIndexable }
}
