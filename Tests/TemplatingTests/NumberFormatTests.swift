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
}
