import Catalogue

/// The plan as one edition's pages read it: each motorcycle's repeated texts and address, and each facet value's
/// address, in that edition's language and folders. Made once per edition with the plan (`SitePlan.edition(_:)`),
/// so a page model takes its edition's tables whole instead of looking its language up in each of them.
struct EditionPlan: Sendable {
    /// Each motorcycle's repeated texts (years, figures in the edition's units and words), by index.
    let texts: [BikeTexts]
    /// Each motorcycle's page, by index: pages link to them thousands of times, and making a route joins its
    /// folders into a path.
    let motorcycleRoutes: [Route]
    /// Each facet value's page, by facet and value.
    let facetValueRoutes: [[Route]]
}
