import Catalogue

/// The plan as one edition's pages read it: each motorcycle's repeated texts and address, and each facet's values
/// with their labels and addresses, in that edition's language and folders. Made once per edition with the plan
/// (`SitePlan.edition(_:)`), so a page model takes its edition's tables whole instead of looking its language up
/// in each of them.
struct EditionPlan: Sendable {
    /// Each motorcycle's repeated texts (years, figures in the edition's units and words), by index.
    let texts: [BikeTexts]
    /// Each motorcycle's page, by index: pages link to them thousands of times, and making a route joins its
    /// folders into a path.
    let motorcycleRoutes: [Route]
    /// Each facet's values as the edition shows them, in the plan's order of facets and values.
    let facets: [[EditionFacetValue]]
}

/// A facet value in one edition: its label, its page and its motorcycles (indices, in the default order).
struct EditionFacetValue: Sendable {
    let label: String
    let route: Route
    let members: [Int]

    /// `value` in `language`, its page in the facet's `folders`. `FacetBuilder` names every value in every edition
    /// of the site, so a missing name is a fault of the builder, stopped here rather than shown as an empty link.
    init(_ value: FacetValue, language: Language, folders: [String]) {
        guard let label = value.label[language], let slug = value.slug[language] else {
            preconditionFailure("a facet value without a label or slug in \(language.rawValue)")
        }
        self.label = label
        route = Route(folders + [slug])
        members = value.members
    }
}
