import Catalogue
import Files
import Templating

extension Motorcycle {
    /// Feeds every field of the motorcycle into `hasher`, for `MotorcyclePageKey`.
    ///
    /// Written out by hand: walking the fields with `Mirror` was 40 % of a rebuild. `MotorcycleDigestTests`
    /// walks them with `Mirror` and fails when the model has a field this does not feed, or one whose change does
    /// not change the digest.
    func digest(into hasher: inout StableHasher) {
        hasher.combine(UInt64(bitPattern: Int64(id)))
        let g = general
        hasher.optional(g.family)
        hasher.combine(g.name)
        hasher.combine(UInt64(bitPattern: Int64(g.firstYear)))
        hasher.optional(g.lastYear.map { UInt64(bitPattern: Int64($0)) })
        let e = engine
        hasher.localized(e.configuration)
        hasher.combine(UInt64(bitPattern: Int64(e.strokeCycle)))
        for figure in [e.bore, e.stroke, e.displacementReal, e.displacementNominal, e.compression] {
            hasher.optional(figure.map { $0.bitPattern })
        }
        hasher.optional(e.power.map { $0.peak.bitPattern })
        hasher.optional(e.power?.rpm.map { $0.bitPattern })
        hasher.localized(e.feed)
        hasher.localized(e.ignition)
        let t = transmission
        for text in [t.gearbox, t.clutch, t.finalDrive] { hasher.localized(text) }
        let f = frame
        for text in [f.type, f.frontSuspension, f.rearSuspension] { hasher.localized(text) }
        hasher.optional(f.wheelbase.map { $0.bitPattern })
        hasher.optional(f.wheels)
        hasher.optional(f.tyres)
        let b = brakes
        hasher.localized(b.type)
        hasher.optional(b.frontSize.map { $0.bitPattern })
        hasher.optional(b.rearSize.map { $0.bitPattern })
        hasher.localized(b.notes)
        let c = capacities
        hasher.optional(c.fuelCapacity.map { $0.bitPattern })
        hasher.optional(c.lubricantCapacity.map { $0.bitPattern })
        hasher.optional(c.weight.map { $0.bitPattern })
        hasher.optional(c.maxSpeed.map { $0.bitPattern })
        hasher.optional(c.fuelConsumption.map { $0.bitPattern })
        hasher.localized(notes)
        hasher.combine(UInt64(images.count))
        for image in images { hasher.combine(image) }
    }
}

extension StableHasher {
    /// A text or its absence, told apart from an empty text.
    mutating func optional(_ text: String?) {
        if let text {
            combine(1)
            combine(text)
        } else {
            combine(0)
        }
    }

    mutating func optional(_ number: UInt64?) {
        if let number {
            combine(1)
            combine(number)
        } else {
            combine(0)
        }
    }

    /// Every language's text, with its code, so adding or removing a translation changes the digest.
    fileprivate mutating func localized(_ text: LocalizedText) {
        combine(UInt64(text.translations.count))
        for translation in text.translations {
            combine(translation.language.rawValue)
            combine(translation.text)
        }
    }
}
