/// Why a file is not JSON, and where: the first point at which parsing could not go on.
struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    var message: String
    /// Byte offset of the offending byte.
    var offset: Int
    var line: Int
    var column: Int

    var description: String { "line \(line), column \(column): \(message)" }
}
