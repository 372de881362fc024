/// One GET that `update` or `photos` asks the fetch helper for.
public struct FetchRequest: Sendable, Equatable {
    /// An http(s) URL.
    public var url: String
    /// Seconds without data before the request fails; a whole number ≥ 1, because libcurl, under URLSession on
    /// Linux, truncates timeouts to whole seconds and 0.5 s fails at once.
    public var timeoutSeconds: Int
    /// Seconds the whole transfer may take.
    public var totalSeconds: Int
    /// Extra request headers, in order (`User-Agent`, `Accept`).
    public var headers: [Header]

    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(url: String, timeoutSeconds: Int, totalSeconds: Int? = nil, headers: [Header] = []) {
        self.url = url
        self.timeoutSeconds = max(1, timeoutSeconds)
        self.totalSeconds = max(self.timeoutSeconds, totalSeconds ?? self.timeoutSeconds * 2)
        self.headers = headers
    }
}
