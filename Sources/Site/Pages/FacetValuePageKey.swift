import Files

/// A stand-in for the model of a facet value's page (`FacetPages`, the list of one value's motorcycles), made of
/// `MotorcyclePageKey`'s parts: after an edit of one motorcycle, a rebuild would otherwise build the model of each
/// of the site's hundreds of value pages only to find all but a few unchanged, a sixth of the time of a one-bike
/// rebuild of the real catalogue (`Tests/Benchmark/README.md`, 2026-11-26).
///
/// What that model reads, and so what this covers: what every page is given, the page's route, twins, language and
/// template (`MotorcyclePageKey.combineFrame`); the facet and the value (its label and address in every edition);
/// for each motorcycle it lists, in order, every field and facet value of it (its id, name, years, the figure the
/// facet shows, its thumbnail) and its page's address. `MotorcyclePageKeyTests` checks it with the motorcycle
/// pages: every edit that changes a value page's model changes its key.
struct FacetValuePageKey: Sendable {
    let plan: SitePlan
    let parts: MotorcyclePageKey

    /// The digest standing for the page's model: for a facet value's page; nil for every other page.
    func digest(for page: Page) -> Digest? {
        guard let kind = page.kind as? FacetPages.ValueKind, let language = page.language else { return nil }
        let (facet, value) = (kind.facet, kind.value)
        var hasher = StableHasher()
        hasher.combine(3)
        hasher.combine(plan.facets[facet].id)
        hasher.combine(parts.values[facet][value])
        let members = plan.edition(language).facets[facet].values[value].members
        hasher.combine(UInt64(members.count))
        for member in members {
            hasher.combine(parts.bikes[member.position])
            hasher.combine(member.route.filePath)
        }
        parts.combineFrame(of: page, into: &hasher)
        return hasher.finalize()
    }
}
