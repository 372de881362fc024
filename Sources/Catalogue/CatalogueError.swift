/// Why a catalogue could not be loaded.
public enum CatalogueError: Error, Sendable, CustomStringConvertible {
    /// The file could not be read at all (missing, a directory, no permission).
    case unreadable(path: String, reason: String)
    /// The file was read but has errors; `problems` holds all of them, warnings included, in document order.
    case invalid(path: String, problems: [Problem])

    /// A header line, then one problem per line, ready to print to standard error.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(path): cannot read the file: \(reason)"
        case .invalid(let path, let problems):
            let errors = problems.count { $0.severity == .error }
            let warnings = problems.count - errors
            var header = "\(path): \(errors) \(errors == 1 ? "error" : "errors")"
            if warnings > 0 { header += ", \(warnings) \(warnings == 1 ? "warning" : "warnings")" }
            return ([header] + problems.map { "  \($0)" }).joined(separator: "\n")
        }
    }
}
