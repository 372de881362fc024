/// Something wrong, or worth knowing, about a catalogue file, with where it is.
///
/// One type serves syntax errors, schema errors and translation gaps alike, so a command-line tool can print them
/// all the same way and a test can compare them as values.
public struct Problem: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning
    }

    public var severity: Severity
    /// The JSON path, such as `elements[12].engine.bore`; empty for syntax errors, which have no path yet.
    public var path: String
    /// 1-based, where known.
    public var line: Int?
    /// 1-based and counted in characters, where known.
    public var column: Int?
    public var message: String

    public init(severity: Severity, path: String, line: Int?, column: Int?, message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// The problem as `--strict` sees it: a warning becomes an error that says why it is one.
    public var strict: Problem {
        guard severity == .warning else { return self }
        return Problem(
            severity: .error, path: path, line: line, column: column, message: message + " (an error with --strict)")
    }

    /// One readable line: `error: elements[12].engine.bore: expected a number, found "88" (line 240, column 17)`.
    ///
    /// Without a path the position leads (`error: line 4, column 28: …`), as compilers print syntax errors.
    public var description: String {
        let position: String?
        switch (line, column) {
        case (let line?, let column?): position = "line \(line), column \(column)"
        case (let line?, nil): position = "line \(line)"
        default: position = nil
        }
        let text = message.replacing("\n", with: " ")
        switch (path.isEmpty, position) {
        case (true, let position?): return "\(severity.rawValue): \(position): \(text)"
        case (true, nil): return "\(severity.rawValue): \(text)"
        case (false, let position?): return "\(severity.rawValue): \(path): \(text) (\(position))"
        case (false, nil): return "\(severity.rawValue): \(path): \(text)"
        }
    }
}
