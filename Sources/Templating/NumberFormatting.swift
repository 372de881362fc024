import Foundation

/// Locale-aware number formatting for the `number` filter.
///
/// Creating a `NumberFormatter` costs about 30 times more than using one, and a formatter must not be used by
/// two threads at once, so formatters are pooled per (locale, fraction digits): a thread checks one out under a
/// lock, formats without holding the lock, and returns it. Changing a formatter's settings would make it rebuild
/// its ICU state, so each pooled formatter keeps one configuration for life.
final class NumberFormatterPool: @unchecked Sendable {
    static let shared = NumberFormatterPool()

    private struct Key: Hashable {
        let locale: String
        let maximumFractionDigits: Int
    }

    private let lock = NSLock()
    private var idle: [Key: [NumberFormatter]] = [:]

    func format(_ number: Double, locale: String, maximumFractionDigits: Int) -> String {
        let key = Key(locale: locale, maximumFractionDigits: maximumFractionDigits)
        let formatter =
            lock.withLock { idle[key]?.popLast() } ?? Self.makeFormatter(key.locale, key.maximumFractionDigits)
        let result = formatter.string(from: NSNumber(value: number)) ?? plainNumberString(number)
        lock.withLock { idle[key, default: []].append(formatter) }
        return result
    }

    private static func makeFormatter(_ locale: String, _ maximumFractionDigits: Int) -> NumberFormatter {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = .decimal
        formatter.minimumFractionDigits = 0
        formatter.maximumFractionDigits = maximumFractionDigits
        return formatter
    }
}
