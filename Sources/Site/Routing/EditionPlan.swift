import Catalogue

/// The plan as one edition's pages read it: each motorcycle with its repeated texts and address, and each facet
/// with its values' labels, addresses and motorcycles, in that edition's language and folders. Made once per
/// edition with the plan (`SitePlan.edition(_:)`), so a page model is handed motorcycles and facet values that
/// carry what it prints, instead of positions to look up in tables.
struct EditionPlan: Sendable {
    /// Every motorcycle as this edition shows it, in the catalogue's order.
    let motorcycles: [EditionMotorcycle]
    /// The motorcycles in the app's default order: newest first, then by name.
    let newestFirst: MotorcycleList
    /// Each facet as the edition shows it, in the plan's order.
    let facets: [EditionFacet]
    /// Each motorcycle's place in `motorcycles`, by its id: how a page kind, named by the id, finds its motorcycle.
    private let positionByID: [Int: Int]
    /// Per motorcycle, in catalogue order, the (facet, value) positions it belongs to, in facet order.
    private let memberships: [[(facet: Int, value: Int)]]

    init(
        motorcycles: [EditionMotorcycle], order: [Int], facets: [EditionFacet], positionByID: [Int: Int],
        memberships: [[(facet: Int, value: Int)]]
    ) {
        self.motorcycles = motorcycles
        newestFirst = MotorcycleList(positions: order, all: motorcycles)
        self.facets = facets
        self.positionByID = positionByID
        self.memberships = memberships
        assert(
            memberships.allSatisfy { own in zip(own, own.dropFirst()).allSatisfy { $0.facet <= $1.facet } },
            "facetValues(of:) reads a motorcycle's memberships in one pass, so they must be in facet order")
    }

    /// The motorcycle with this id; nil when the catalogue has none (a history names removed ones).
    func motorcycle(id: Int) -> EditionMotorcycle? { positionByID[id].map { motorcycles[$0] } }

    /// The motorcycle of a page the plan made (`MotorcyclePage.Kind`, `GalleryPage.Kind`): always in the catalogue.
    func motorcycle(planned id: Int) -> EditionMotorcycle {
        guard let motorcycle = motorcycle(id: id) else { preconditionFailure("no motorcycle \(id) in the plan") }
        return motorcycle
    }

    /// These motorcycles, by their places in the catalogue (the spec chunks group them so).
    func motorcycles(at positions: [Int]) -> MotorcycleList { MotorcycleList(positions: positions, all: motorcycles) }

    /// The values a motorcycle belongs to, facet by facet in the plan's order (none for a facet it is not in):
    /// the links of its page.
    func facetValues(of motorcycle: EditionMotorcycle) -> [(facet: EditionFacet, values: [EditionFacetValue])] {
        let own = memberships[motorcycle.position]
        var next = 0
        return facets.indices.map { facet in
            var values: [EditionFacetValue] = []
            while next < own.count && own[next].facet == facet {
                values.append(facets[facet].values[own[next].value])
                next += 1
            }
            return (facets[facet], values)
        }
    }
}

/// A motorcycle as one edition shows it: the record, its texts in the edition's words, its slug and page.
struct EditionMotorcycle: Sendable {
    let bike: Motorcycle
    let texts: BikeTexts
    let slug: String
    let route: Route
    /// Its place in the catalogue: where the plan's tables of every motorcycle (page keys, the history) hold it.
    let position: Int
}

/// Some of an edition's motorcycles in an order (a facet value's, the default one), read as motorcycles.
struct MotorcycleList: RandomAccessCollection, Sendable {
    private let positions: [Int]
    private let all: [EditionMotorcycle]

    init(positions: [Int], all: [EditionMotorcycle]) {
        self.positions = positions
        self.all = all
    }

    var startIndex: Int { 0 }
    var endIndex: Int { positions.count }
    subscript(offset: Int) -> EditionMotorcycle { all[positions[offset]] }
}

/// A facet in one edition: how it is named, its overview page and its values.
struct EditionFacet: Sendable {
    let facet: Facet
    /// "Families" / "Famiglie" (`facet_<id>`).
    let label: String
    let route: Route
    let values: [EditionFacetValue]
}

/// A facet value in one edition: its label, its page and its motorcycles (in the default order).
struct EditionFacetValue: Sendable {
    let label: String
    let route: Route
    let members: MotorcycleList

    /// `value` in `language`, its page in the facet's `folders`. `FacetBuilder` names every value in every edition
    /// of the site, so a missing name is a fault of the builder, stopped here rather than shown as an empty link.
    init(_ value: FacetValue, language: Language, folders: [String], motorcycles: [EditionMotorcycle]) {
        guard let label = value.label[language], let slug = value.slug[language] else {
            preconditionFailure("a facet value without a label or slug in \(language.rawValue)")
        }
        self.label = label
        route = Route(folders + [slug])
        members = MotorcycleList(positions: value.members, all: motorcycles)
    }
}
