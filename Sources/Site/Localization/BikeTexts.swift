import Catalogue

/// The texts of a motorcycle that many pages repeat (catalogue, facets, charts, index), formatted once per
/// edition instead of once per mention: at 10 000 bikes each appears on a dozen pages.
struct BikeTexts: Sendable {
    let years: String
    let displacement: String?
    let power: String?
    let weight: String?
    let maxSpeed: String?

    init(_ bike: Motorcycle, _ edition: Edition) {
        years = edition.years(bike.general)
        displacement = edition.measure(bike.engine.displacementReal, unit: "cc")
        power = edition.power(bike.engine.power)
        weight = edition.measure(bike.capacities.weight, unit: "kg")
        maxSpeed = edition.measure(bike.capacities.maxSpeed, unit: "kmh")
    }
}
