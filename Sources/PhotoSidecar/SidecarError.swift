/// Why a sidecar could not be read or written, with the place to look at.
public enum SidecarError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but cannot be read (a folder, no permission).
    case unreadable(path: String, reason: String)
    /// The file is not a sidecar this version understands: `path:line:column: error: message`.
    case invalid(path: String, line: Int, column: Int, message: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): error: cannot read the photo sidecar: \(reason)"
        case .invalid(let path, let line, let column, let message):
            return "\(path):\(line):\(column): error: \(message)"
                + " (in the photo sidecar: fix it, or delete it and run 'guzzi-site photos' again)"
        case .unwritable(let path, let reason): return "\(path): error: cannot write the photo sidecar: \(reason)"
        }
    }
}
