/// Why a fetch got no HTTP answer.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The network said no: a timeout (`timed out after 3 s`), a refused connection, an unknown host. Worth
    /// another try later.
    case transport(reason: String)
    /// `guzzi-site-fetch` is not where it should be: beside the running executable, or at `GUZZI_SITE_FETCH`.
    case helperMissing(path: String)
    /// The helper ran but did not answer in its format (it crashed, or is another program).
    case helperFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .transport(let reason):
            return reason
        case .helperMissing(let path):
            return "the fetch helper \(path) is missing: `swift build` makes it beside guzzi-site; keep the two "
                + "together, or name it in \(FetchHelper.environmentVariable)"
        case .helperFailed(let path, let reason):
            return "the fetch helper \(path) failed: \(reason)"
        }
    }

    /// Whether this is about the network rather than about this installation.
    public var isTransport: Bool {
        if case .transport = self { return true }
        return false
    }
}
