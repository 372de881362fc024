import Templating

/// The number conventions of the two editions as their localisation tables state them, for tests that format
/// numbers without loading a table.
extension NumberFormat {
    public static let italianForTests = NumberFormat(
        decimalSeparator: ",", groupingSeparator: ".", minimumGroupingDigits: 2)
    public static let englishForTests = NumberFormat(
        decimalSeparator: ".", groupingSeparator: ",", minimumGroupingDigits: 1)
}
