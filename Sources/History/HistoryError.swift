/// Why `guzzi-site history` could not build the sidecar; each says what to do, in one line.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
    case gitMissing
    case notARepository(path: String, reason: String)
    case neverCommitted(repository: String, path: String)
    case pathUnknown(repository: String, name: String, found: [String])
    case gitFailed(command: String, reason: String)
    case unwritable(path: String, reason: String)
    case unreadable(path: String, reason: String)
    /// A sidecar that is not what `history` writes: its file, line and column.
    case invalid(path: String, line: Int, column: Int, message: String)

    public var description: String {
        switch self {
        case .gitMissing:
            return "error: git is not installed (or not on PATH): history reads the dataset's versions with it"
        case .notARepository(let path, let reason):
            return "error: \(path) is not a git repository: \(reason)"
        case .neverCommitted(let repository, let path):
            return "error: \(path) was never committed in \(repository) (give the file's path in it with --path)"
        case .pathUnknown(let repository, let name, let found):
            return found.isEmpty
                ? "error: no file named \(name) was ever committed in \(repository) (give its path with --path)"
                : "error: several files named \(name) in \(repository): \(found.joined(separator: ", ")); "
                    + "choose one with --path"
        case .gitFailed(let command, let reason):
            return "error: \(command) failed: \(reason)"
        case .unwritable(let path, let reason):
            return "error: cannot write \(path): \(reason) (nothing was written)"
        case .unreadable(let path, let reason):
            return "error: cannot read \(path): \(reason)"
        case .invalid(let path, let line, let column, let message):
            return "error: \(path):\(line):\(column): \(message)"
        }
    }
}
