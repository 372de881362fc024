import Catalogue

/// Builds every facet of the catalogue from the data and the bins documented in `Sources/README.md`.
///
/// The class bins were chosen from the real dataset's spread so that most classes hold a useful number of
/// motorcycles; each class includes its upper bound (a 250 cm³ bike is in 126–250, a 25 hp bike in 10–25).
struct FacetBuilder {
    let catalogue: Catalogue
    /// Motorcycle indices, newest first then by name.
    let defaultOrder: [Int]
    let editions: Editions

    /// A class facet: the figure, its unit, the upper limits of the classes and how the figure is read.
    struct Classes {
        let id: String
        let unit: String
        let limits: [Double]
        /// 1 when figures are whole numbers and the next class is labelled from limit + 1 (126–250).
        let labelOffset: Double
        let value: @Sendable (Motorcycle) -> Double?
        /// What a value's page shows beside each motorcycle: by default the figure in `unit`; the power as the
        /// motorcycle page prints it (peak and its speed).
        var figure: FacetFigure?
    }

    static let classes: [Classes] = [
        Classes(
            id: "displacement", unit: "cc", limits: [125, 250, 500, 750, 1000], labelOffset: 1,
            value: { $0.engine.displacementNominal }),
        Classes(
            id: "power", unit: "hp", limits: [10, 25, 50, 75, 100], labelOffset: 0, value: { $0.engine.power?.peak },
            figure: .power),
        Classes(
            id: "weight", unit: "kg", limits: [100, 150, 200, 250], labelOffset: 1, value: { $0.capacities.weight }),
        Classes(id: "bore", unit: "mm", limits: [60, 70, 80, 90, 100], labelOffset: 0, value: { $0.engine.bore }),
        Classes(id: "stroke", unit: "mm", limits: [50, 60, 70, 80], labelOffset: 0, value: { $0.engine.stroke }),
        Classes(
            id: "wheelbase", unit: "mm", limits: [1300, 1400, 1500, 1600], labelOffset: 1,
            value: { $0.frame.wheelbase }),
    ]

    func build() -> [Facet] {
        [family(), decades(), cycle()] + FacetBuilder.classes.map(classFacet)
    }

    /// Every facet's id, in the order of `build()`: each needs its labels `facet_<id>` and `slug_<id>`.
    static let ids = ["family", "decade", "cycle"] + classes.map(\.id)

    /// The labels the facets read besides `facet_<id>` and `slug_<id>` (the values' names and folders).
    static let valueLabels = [
        "slug_not_stated", "not_stated_value", "two_stroke", "four_stroke", "slug_two_stroke", "slug_four_stroke",
        "slug_up_to", "slug_over", "class_up_to", "class_over", "class_range",
    ]

    private var bikes: [Motorcycle] { catalogue.motorcycles }

    private func label(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> [Language: String] {
        editions.mapValues { $0.localization.format(key, values) }
    }

    private func same(_ text: String) -> [Language: String] {
        Dictionary(uniqueKeysWithValues: editions.languages.map { ($0, text) })
    }

    private var notStatedSlug: [Language: String] { label("slug_not_stated") }

    private func family() -> Facet {
        var groups: [String: [Int]] = [:]
        var none: [Int] = []
        for index in defaultOrder {
            if let family = bikes[index].general.family {
                groups[family, default: []].append(index)
            } else {
                none.append(index)
            }
        }
        // Two family names could fold to the same slug, or to the "not stated" slug of either language (a family
        // called "Not stated"); the later one gets a numbered suffix, so no two pages share a folder.
        var used = Set(notStatedSlug.values)
        var values: [FacetValue] = groups.sorted {
            $0.key.lowercased() < $1.key.lowercased() || ($0.key.lowercased() == $1.key.lowercased() && $0.key < $1.key)
        }.map { name, members in
            var slug = Permalinks.slugify(name)
            var counter = 2
            while used.contains(slug) {
                slug = Permalinks.slugify(name) + "-" + String(counter)
                counter += 1
            }
            used.insert(slug)
            return FacetValue(slug: same(slug), label: same(name), members: members)
        }
        if !none.isEmpty {
            values.append(FacetValue(slug: notStatedSlug, label: label("not_stated_value"), members: none))
        }
        return Facet(id: "family", values: values, figure: .years)
    }

    /// The last year of the catalogue: a motorcycle still in production counts up to it.
    var latestYear: Int {
        bikes.reduce(0) { max($0, $1.general.firstYear, $1.general.lastYear ?? 0) }
    }

    private func decades() -> Facet {
        let latest = latestYear
        var groups: [Int: [Int]] = [:]
        for index in defaultOrder {
            let general = bikes[index].general
            let last = max(general.lastYear ?? latest, general.firstYear)
            for decade in stride(from: general.firstYear / 10 * 10, through: last / 10 * 10, by: 10) {
                groups[decade, default: []].append(index)
            }
        }
        let values = groups.sorted { $0.key < $1.key }.map { decade, members in
            FacetValue(
                slug: same(String(decade)), label: label("decade_label", ["decade": String(decade)]), members: members)
        }
        return Facet(id: "decade", values: values, figure: .years)
    }

    private func cycle() -> Facet {
        let values = [2, 4].compactMap { cycle -> FacetValue? in
            let members = defaultOrder.filter { bikes[$0].engine.strokeCycle == cycle }
            guard !members.isEmpty else { return nil }
            let key = cycle == 2 ? "two_stroke" : "four_stroke"
            return FacetValue(slug: label("slug_" + key), label: label(key), members: members)
        }
        return Facet(id: "cycle", values: values, figure: .displacement)
    }

    private func classFacet(_ classes: Classes) -> Facet {
        var groups = [[Int]](repeating: [], count: classes.limits.count + 1)
        var none: [Int] = []
        for index in defaultOrder {
            guard let value = classes.value(bikes[index]) else {
                none.append(index)
                continue
            }
            let slot = classes.limits.firstIndex { value <= $0 } ?? classes.limits.count
            groups[slot].append(index)
        }
        var values: [FacetValue] = []
        for (slot, members) in groups.enumerated() where !members.isEmpty {
            values.append(classValue(classes, slot: slot, members: members))
        }
        if !none.isEmpty {
            values.append(FacetValue(slug: notStatedSlug, label: label("not_stated_value"), members: none))
        }
        let figure = classes.figure ?? .measure(unit: classes.unit, value: classes.value)
        return Facet(id: classes.id, values: values, figure: figure)
    }

    private func classValue(_ classes: Classes, slot: Int, members: [Int]) -> FacetValue {
        let limits = classes.limits
        var slug: [Language: String] = [:]
        var text: [Language: String] = [:]
        for edition in editions.all {
            let language = edition.language
            let l = edition.localization
            let unit = l.unit(classes.unit)
            func number(_ value: Double) -> String { edition.number(value, maxFractionDigits: 0) }
            if slot == 0 {
                slug[language] = l.format("slug_up_to", ["n": plainNumber(limits[0])])
                text[language] = l.format("class_up_to", ["n": number(limits[0]), "unit": unit])
            } else if slot == limits.count {
                slug[language] = l.format("slug_over", ["n": plainNumber(limits[slot - 1])])
                text[language] = l.format("class_over", ["n": number(limits[slot - 1]), "unit": unit])
            } else {
                let low = limits[slot - 1] + classes.labelOffset
                slug[language] = plainNumber(low) + "-" + plainNumber(limits[slot])
                text[language] = l.format(
                    "class_range", ["from": number(low), "to": number(limits[slot]), "unit": unit])
            }
        }
        return FacetValue(slug: slug, label: text, members: members)
    }

    private func plainNumber(_ value: Double) -> String { String(Int(value)) }
}
