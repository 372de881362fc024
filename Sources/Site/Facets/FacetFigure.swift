import Catalogue
import Files
import Templating

/// The figure a facet value's page shows beside each motorcycle: its years for a family or a decade, and the
/// facet's own figure for the others (the displacement for the engine cycle).

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
}
