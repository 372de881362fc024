import Catalogue

/// One way to slice the catalogue (family, decade, engine cycle, a class of a figure), with its values.
///
/// Every motorcycle belongs to at least one value of every facet: a bike without the figure goes to the
/// "not stated" value instead of vanishing, so the counts of a facet always add up to the catalogue.
struct Facet: Sendable {
    /// Stable identifier, also the key of the facet's labels (`facet_<id>`, `slug_<id>`).
    let id: String
    let values: [FacetValue]
    /// The figure a value page shows next to each motorcycle.
    let figure: FacetFigure

    /// The label that names the facet ("Families"): every edition's table must have it (`Localization` checks
    /// the labels of `FacetBuilder.ids` before any page is drawn).
    var labelKey: String { Self.labelKey(id) }
    /// The label that names the facet's folder (`famiglie`).
    var slugKey: String { Self.slugKey(id) }

    static func labelKey(_ id: String) -> String { "facet_" + id }
    static func slugKey(_ id: String) -> String { "slug_" + id }
}

/// One value of a facet and the motorcycles in it, in the catalogue's default order (newest first).
struct FacetValue: Sendable {
    /// Slug per language (`non-indicata` / `not-stated`); most are the same in both.
    let slug: [Language: String]
    let label: [Language: String]
    let members: [Int]
}
