/// An HTTP answer as the fetch helper reported it: any status, 404 included (HTTP errors are for the caller to
/// judge; only a failure to get an answer at all is a `FetchError`).
public struct FetchedResponse: Sendable, Equatable {
    public var status: Int
    /// The status's reason phrase in the words URLSession has for it ("not found"), so messages read as before
    /// the helper existed.
    public var reason: String
    /// Header fields by lowercased name; a repeated field keeps its last value.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, reason: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// `HTTP 404 not found`, the way `update` and `photos` name an error status.
    public var statusText: String { "HTTP \(status) \(reason)" }
}
