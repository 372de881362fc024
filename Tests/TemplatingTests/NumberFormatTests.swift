import Foundation
import TestSupport
import Testing

@testable import Templating

@Suite struct NumberFormatTests {
    @Test func italianExamples() {
        let f = NumberFormat.italianForTests
        #expect(f.string(498.4) == "498,4")
        #expect(f.string(346.22) == "346,22")
        #expect(f.string(4.01) == "4,01")
        #expect(f.string(6250, maxFractionDigits: 0) == "6250")
        #expect(f.string(12345.5) == "12.345,5")
        #expect(f.string(0.5) == "0,5")
        #expect(f.string(1_234_567.891, maxFractionDigits: 2) == "1.234.567,89")
        #expect(f.string(1064) == "1064")
        #expect(f.string(9.0) == "9")
    }

    @Test func englishExamples() {
        let f = NumberFormat.englishForTests
        #expect(f.string(498.4) == "498.4")
        #expect(f.string(6250, maxFractionDigits: 0) == "6,250")
        #expect(f.string(12345.5) == "12,345.5")
        #expect(f.string(1064) == "1,064")
        #expect(f.string(-1064.25, maxFractionDigits: 2) == "-1,064.25")
    }

    /// The hand-written rules must agree with ICU's NumberFormatter, which the brief names as the reference.
    @Test(arguments: [("it_IT", NumberFormat.italianForTests), ("en_US", NumberFormat.englishForTests)])
    func agreesWithNumberFormatter(locale: String, ours: NumberFormat) {
        let reference = NumberFormatter()
        reference.locale = Locale(identifier: locale)
        reference.numberStyle = .decimal
        reference.minimumFractionDigits = 0
        for digits in [0, 1, 2, 3] {
            reference.maximumFractionDigits = digits
            let values: [Double] = [
                0, 0.5, 1, 2.5, 8.5, 9.8, 48, 88, 498.4, 999, 1000, 1064, 6250, 9999, 10000, 12345.5, 99999.9,
                123_456, 1_234_567.891, -3.5, 0.25, 0.75, 1.05, 2.675, 71.8, 1380, 1151, 346.22, 4.01, 1.785,
                0.0005, 3.96, 5.225, -1064, 123_456_789_012, 1e14, 999_999_999_999_999,
            ]
            for value in values {
                #expect(
                    ours.string(value, maxFractionDigits: digits)
                        == reference.string(from: NSNumber(value: value)),
                    "\(locale) \(value) \(digits)")
            }
        }
    }

    /// Figures with no more decimals than are kept are written without `description` (`shortDecimal`); every
    /// other one the long way. Both must give the same text for any number, in any format.
    @Test func theShortPathWritesWhatTheLongWayWrites() {
        var random = SeededRandom(seed: 0x6e75_6d62)
        let french = NumberFormat(
            decimalSeparator: ",", groupingSeparator: "\u{202F}", minimumGroupingDigits: 1)
        var short = 0
        for _ in 0..<5_000 {
            let magnitude = [0.0002, 0.01, 1.0, 10, 1_000, 100_000, 1e8, 2e9][Int.random(in: 0..<8, using: &random)]
            let decimals = Int.random(in: 0...7, using: &random)
            // Decimals as a dataset writes them (498.4, 4.01), and arbitrary doubles.
            let value =
                Bool.random(using: &random)
                ? (Double.random(in: -magnitude...magnitude, using: &random) * pow(10, Double(decimals))).rounded()
                    / pow(10, Double(decimals))
                : Double.random(in: -magnitude...magnitude, using: &random)
            for format in [NumberFormat.italianForTests, .englishForTests, french] {
                for digits in 0...6 {
                    #expect(
                        format.string(value, maxFractionDigits: digits)
                            == format.formatted(value, maxFractionDigits: digits), "\(value) \(digits)")
                    if NumberFormat.shortDecimal(abs(value), digits) != nil { short += 1 }
                }
            }
        }
        // Both paths were taken many times.
        #expect(short > 10_500 && short < 94_500)  // of 105 000
        #expect(NumberFormat.shortDecimal(498.4, 3) == .init(whole: 498, fraction: 4, digits: 1))
        #expect(NumberFormat.shortDecimal(4.01, 3) == .init(whole: 4, fraction: 1, digits: 2))
        #expect(NumberFormat.shortDecimal(2.675, 2) == nil)
        #expect(NumberFormat.italianForTests.string(-0.0) == "0")
        // Below 10^-4 the long way writes what `description` writes, an exponent.
        #expect(NumberFormat.shortDecimal(0.00005, 6) == nil)
        #expect(NumberFormat.englishForTests.string(0.00005, maxFractionDigits: 6) == "5e-05")
        #expect(french.string(12345.05) == "12\u{202F}345,05")
    }
}
