import Catalogue
import Files
import Templating

/// The figure a facet value's page shows beside each motorcycle: its years for a family or a decade, and the
/// facet's own figure for the others (the displacement for the engine cycle).
///
/// An enum rather than a closure so that a rebuild can tell what the text is made from (`combineInput`) and
/// render a value page again only when a figure it shows changed, not whenever anything of one of its
/// thousands of motorcycles did (`PageInputs`).
enum FacetFigure: Sendable {
    case years
    case displacement
    case power
    /// A figure of the motorcycle in `unit`, formatted by the edition.
    case measure(unit: String, value: @Sendable (Motorcycle) -> Double?)

    func text(_ bike: Motorcycle, _ edition: Edition, _ texts: BikeTexts) -> String? {
        switch self {
        case .years: texts.years
        case .displacement: texts.displacement
        case .power: texts.power
        case .measure(let unit, let value): edition.measure(value(bike), unit: unit)
        }
    }

    /// Feeds what `text` is made from into `hasher` for motorcycle `index`, the edition's formats aside (they
    /// are in every key). Takes the arrays, not one motorcycle: copying one out costs a retain per text field,
    /// and this runs for every row of every value page.
    func combineInput(
        _ index: Int, of bikes: [Motorcycle], _ texts: [BikeTexts], into hasher: inout StableHasher
    ) {
        switch self {
        case .years: hasher.combine(texts[index].years)
        case .displacement: hasher.optional(texts[index].displacement)
        case .power: hasher.optional(texts[index].power)
        case .measure(let unit, let value):
            hasher.combine(unit)
            hasher.optional(value(bikes[index])?.bitPattern)
        }
    }
}
