/// Why a file is not JSON, and where: the first point at which parsing could not go on.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    /// Byte offset of the offending byte.
    package var offset: Int
    package var line: Int
    package var column: Int

    package var description: String { "line \(line), column \(column): \(message)" }
}
