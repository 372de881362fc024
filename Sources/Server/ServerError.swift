import OperatingSystem

/// Failures that stop the server from starting; per-request problems become HTTP statuses instead.
public enum ServerError: Error, Sendable, CustomStringConvertible {
    /// The address could not be bound (port taken, no permission, ...).
    case bind(host: String, port: UInt16, reason: String)
    /// The host is not a numeric IPv4 address; we never resolve names, so a typo cannot silently bind elsewhere.
    case invalidHost(String)
    /// A socket call other than bind failed (out of descriptors, ...).
    case socket(call: String, reason: String)

    public var description: String {
        switch self {
        case .bind(let host, let port, let reason):
            return "cannot listen on \(host):\(port): \(reason)"
        case .invalidHost(let host):
            return "invalid host \"\(host)\": expected an IPv4 address such as 127.0.0.1"
        case .socket(let call, let reason):
            return "\(call) failed: \(reason)"
        }
    }

    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
