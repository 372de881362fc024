import Catalogue
import Templating

/// One language edition of the site: its labels and its way of writing numbers and units.
///
/// Everything that turns a figure into words lives here, so that templates receive finished text and a
/// translator never needs to know how a number was rounded.
public struct Edition: Sendable {
    public let localization: Localization
    public let numbers: NumberFormat
    /// The words of every motorcycle's spec sheet in this edition, looked up once.
    let specLabels: SpecSheet.Labels

    public init(localization: Localization) {
        self.localization = localization
        self.numbers = localization.numbers
        specLabels = SpecSheet.Labels(localization)
    }

    public var language: Language { localization.language }

    /// Fraction digits a figure from the dataset keeps: the app's `NumberFormatter` (decimal style) showed up to
    /// three, so `346.22` is `346,22` and `4.01` is `4,01`, never rounded to one decimal as a spec sheet must not be.
    public static let figureDigits = 3

    public func number(_ value: Double, maxFractionDigits: Int = Edition.figureDigits) -> String {
        numbers.string(value, maxFractionDigits: maxFractionDigits)
    }

    /// "498,4 cm³" — a figure with its unit, as the data states it, or `nil` when the dataset has none.
    public func measure(_ value: Double?, unit: String, maxFractionDigits: Int = Edition.figureDigits) -> String? {
        guard let value else { return nil }
        return measure(
            value, unitSuffix: Edition.unitSuffix(localization.unit(unit)), maxFractionDigits: maxFractionDigits)
    }

    /// The same with the unit's name already looked up (`SpecSheet.Labels`).
    func measure(_ value: Double, unitSuffix: String, maxFractionDigits: Int = Edition.figureDigits) -> String {
        number(value, maxFractionDigits: maxFractionDigits) + unitSuffix
    }

    /// What follows a figure: a space and the unit's name.
    static func unitSuffix(_ unitName: String) -> String { " " + unitName }

    /// "48 hp at 6,250 rpm" / "48 CV a 6250 giri/min"; just the peak when the rpm is unknown.
    public func power(_ power: Power?) -> String? {
        guard let power, let peak = measure(power.peak, unit: "hp") else { return nil }
        guard let rpm = measure(power.rpm, unit: "rpm", maxFractionDigits: 0) else { return peak }
        return localization.format("power_at", ["power": peak, "rpm": rpm])
    }

    /// "9.8 : 1", or `nil` when the dataset does not state it.
    public func compression(_ ratio: Double?) -> String? {
        guard let ratio else { return nil }
        return localization.format("compression_ratio", ["ratio": number(ratio)])
    }

    /// "1921–1924", or "2019–" for a motorcycle still in production.
    public func years(_ general: GeneralInfo) -> String {
        let from = String(general.firstYear)
        guard let last = general.lastYear else { return localization.format("year_open", ["from": from]) }
        if last == general.firstYear { return from }
        return localization.format("year_range", ["from": from, "to": String(last)])
    }

    public func strokeCycle(_ cycle: Int) -> String {
        localization[cycle == 2 ? "two_stroke" : "four_stroke"]
    }

    public func plural(_ key: String, count: Int) -> String {
        localization.plural(key, count: count, formatted: number(Double(count), maxFractionDigits: 0))
    }
}
