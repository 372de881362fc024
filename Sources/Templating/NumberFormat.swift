/// Locale-aware number formatting, written by hand: the one formatter of the project, used by the templates'
/// `number` filter and by the site's page models alike.
///
/// Why not `NumberFormatter`: it takes an internal lock on every call, which serialised the parallel renderer.
/// The conventions come from each edition's localisation file (decimal and grouping separators, minimum grouping
/// digits, as CLDR defines them), so a new edition needs no Swift; the tests check the rules against
/// `NumberFormatter` for it_IT and en_US. Rounding is half-even, like ICU's default.
public struct NumberFormat: Sendable, Equatable {
    public let decimalSeparator: String
    public let groupingSeparator: String
    /// Integer digits needed before grouping starts: 3 + CLDR's minimum grouping digits (4 in English, where
    /// 6,250 is grouped; 5 in Italian, where 6250 is not).
    public let minimumDigitsToGroup: Int

    public init(decimalSeparator: String, groupingSeparator: String, minimumDigitsToGroup: Int) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.minimumDigitsToGroup = minimumDigitsToGroup
    }

    /// From CLDR's terms: `minimumGroupingDigits` is 1 for most locales, 2 for Italian or Spanish.
    public init(decimalSeparator: String, groupingSeparator: String, minimumGroupingDigits: Int) {
        self.init(
            decimalSeparator: decimalSeparator, groupingSeparator: groupingSeparator,
            minimumDigitsToGroup: 3 + max(minimumGroupingDigits, 1))
    }

    /// Formats `value` with at most `maxFractionDigits` decimals and no trailing zeros.
    public func string(_ value: Double, maxFractionDigits: Int = 3) -> String {
        guard value.isFinite else { return "—" }
        if let decimal = Self.shortDecimal(abs(value), maxFractionDigits),
            let text = write(decimal, negative: value < 0 && (decimal.whole != 0 || decimal.fraction != 0))
        {
            return text
        }
        return formatted(value, maxFractionDigits: maxFractionDigits)
    }

    /// `string` the long way, through the shortest decimal representation as text: for the figures that have
    /// more decimals than are kept (and so need rounding) or that `shortDecimal` does not cover.
    func formatted(_ value: Double, maxFractionDigits: Int) -> String {
        guard let (integer, fraction) = Self.roundedDigits(abs(value), maxFractionDigits) else {
            return String(value)
        }
        // Built as UTF-8 bytes: appending to `unicodeScalars` cost thousands of instructions per number.
        var out: [UInt8] = []
        out.reserveCapacity(integer.count + fraction.count + 6)
        if value < 0 && (integer != [48] || !fraction.isEmpty) { out.append(UInt8(ascii: "-")) }
        if integer.count >= minimumDigitsToGroup {
            for (index, digit) in integer.enumerated() {
                if index > 0 && (integer.count - index) % 3 == 0 { out.append(contentsOf: groupingSeparator.utf8) }
                out.append(digit)
            }
        } else {
            out.append(contentsOf: integer)
        }
        if !fraction.isEmpty {
            out.append(contentsOf: decimalSeparator.utf8)
            out.append(contentsOf: fraction)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A number as a whole part and up to six fraction digits (`fraction` written with `digits` digits, leading
    /// zeros included, no trailing zeros).
    struct ShortDecimal: Equatable {
        var whole: UInt64
        var fraction: UInt64
        var digits: Int
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// The decimal `formatted` would write, found with integer arithmetic, when `magnitude` has no more than
    /// `maxFractionDigits` decimals; nil otherwise (it then needs rounding, or is out of range here).
    ///
    /// Why: a spec sheet formats a dozen figures, and going through `description` and arrays of digits took some
    /// 1 800 instructions a figure. Why it is the same: `scaled / scale` is the double nearest to the decimal
    /// `scaled / 10^d` (both are exact, and IEEE division rounds correctly), so when it equals `magnitude`, that
    /// decimal reads back as `magnitude`. Below 10^9 doubles are less than 10^-6 apart, so no other decimal of at
    /// most `d` fraction digits does: it is the shortest representation, the one `description` prints, and it
    /// needs no rounding. Below 10^-4 (and above 0) `description` writes an exponent (`5e-05`), which the long
    /// way keeps: those are left to it.
    static func shortDecimal(_ magnitude: Double, _ maxFractionDigits: Int) -> ShortDecimal? {
        guard maxFractionDigits >= 0, maxFractionDigits < powersOfTen.count, magnitude < 1e9,
            magnitude == 0 || magnitude >= 1e-4
        else { return nil }
        let scale = powersOfTen[maxFractionDigits]
        let scaled = (magnitude * scale).rounded()
        guard scaled / scale == magnitude else { return nil }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        var decimal = ShortDecimal(whole: units / divisor, fraction: units % divisor, digits: maxFractionDigits)
        while decimal.digits > 0 && decimal.fraction % 10 == 0 {
            decimal.fraction /= 10
            decimal.digits -= 1
        }
        if decimal.fraction == 0 { decimal.digits = 0 }
        return decimal
    }

    /// The text of a `ShortDecimal` with this format's separators, written into one buffer; nil if the
    /// separators are too long for it (they never are).
    private func write(_ decimal: ShortDecimal, negative: Bool) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> String? in
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var count = 0
            withUnsafeMutableBytes(of: &digits) { reversed in
                var whole = decimal.whole
                repeat {
                    reversed[count] = UInt8(ascii: "0") + UInt8(whole % 10)
                    whole /= 10
                    count += 1
                } while whole > 0
            }
            let groups = count >= minimumDigitsToGroup ? (count - 1) / 3 : 0
            let needed =
                1 + count + groups * groupingSeparator.utf8.count + decimalSeparator.utf8.count + decimal.digits
            guard needed <= buffer.count else { return nil }
            var at = 0
            func put(_ byte: UInt8) {
                buffer[at] = byte
                at += 1
            }
            if negative { put(UInt8(ascii: "-")) }
            withUnsafeBytes(of: &digits) { reversed in
                for index in 0..<count {
                    if groups > 0 && index > 0 && (count - index) % 3 == 0 {
                        for byte in groupingSeparator.utf8 { put(byte) }
                    }
                    put(reversed[count - 1 - index])
                }
            }
            if decimal.digits > 0 {
                for byte in decimalSeparator.utf8 { put(byte) }
                var fraction = decimal.fraction
                var place = decimal.digits
                while place > 0 {
                    place -= 1
                    buffer[at + place] = UInt8(ascii: "0") + UInt8(fraction % 10)
                    fraction /= 10
                }
                at += decimal.digits
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<at]), as: UTF8.self)
        }
    }

    /// Rounds the shortest decimal representation of `value` (what Swift prints, and what ICU rounds) half-even,
    /// so that 2.675 rounds like the written number and not like its binary neighbour 2.67499….
    /// Returns ASCII digits without trailing fraction zeros, or `nil` for exponent notation (out of range here).
    static func roundedDigits(_ value: Double, _ maxFractionDigits: Int) -> (integer: [UInt8], fraction: [UInt8])? {
        // Whole numbers, most figures of the dataset, without `description`, which costs hundreds of instructions.
        if value == value.rounded(.towardZero), value < 1e15 { return (Array(String(UInt64(value)).utf8), []) }
        let text = Array(value.description.utf8)
        guard !text.contains(UInt8(ascii: "e")) else { return nil }
        let dot = text.firstIndex(of: UInt8(ascii: ".")) ?? text.count
        var integer = Array(text[..<dot])
        var fraction = dot < text.count ? Array(text[(dot + 1)...]) : []
        if fraction.count > maxFractionDigits {
            let rest = fraction[maxFractionDigits...]
            fraction.removeSubrange(maxFractionDigits...)
            let first = rest.first!
            let tieBreaker = rest.dropFirst().contains { $0 != UInt8(ascii: "0") }
            let lastKept = fraction.last ?? integer.last!
            let roundUp =
                first > UInt8(ascii: "5")
                || (first == UInt8(ascii: "5") && (tieBreaker || (lastKept - UInt8(ascii: "0")) % 2 == 1))
            if roundUp {
                var digits = integer + fraction
                var index = digits.count - 1
                while index >= 0 {
                    if digits[index] == UInt8(ascii: "9") {
                        digits[index] = UInt8(ascii: "0")
                        index -= 1
                    } else {
                        digits[index] += 1
                        break
                    }
                }
                if index < 0 { digits.insert(UInt8(ascii: "1"), at: 0) }
                integer = Array(digits[..<(digits.count - fraction.count)])
                fraction = Array(digits[(digits.count - fraction.count)...])
            }
        }
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        return (integer, fraction)
    }
}
