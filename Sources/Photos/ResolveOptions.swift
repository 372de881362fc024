import Foundation

/// How `guzzi-site photos` talks to the endpoint. The defaults are for Flickr; tests shorten every wait.
public struct ResolveOptions: Sendable {
    /// Flickr's oEmbed endpoint, which needs no API key.
    public static let flickrEndpoint = "https://www.flickr.com/services/oembed/"

    public var endpoint: String
    /// Per request, whole seconds ≥ 1 (libcurl truncates fractions).
    public var timeoutSeconds: Int
    /// Tries per photo for timeouts, refused connections, 5xx and 429.
    public var attempts: Int
    /// The wait before the second try; it doubles for each further try, up to `maximumWaitSeconds`.
    public var backoffSeconds: Double
    /// The longest the run waits before a retry. A `Retry-After` longer than this is honoured by not asking
    /// again at all: the run stops, keeps what it has, and says when to try again.
    public var maximumWaitSeconds: Double
    /// After this many photos in a row fail, the endpoint is taken to be down and the run stops.
    public var maximumConsecutiveFailures: Int
    /// Ask again about photos recorded as gone.
    public var retryGone: Bool
    /// The sidecar is written after this many new records, and always at the end.
    public var saveEvery: Int
    /// The day written into "gone" records (UTC, `YYYY-MM-DD`).
    public var today: String

    public init(
        endpoint: String = ResolveOptions.flickrEndpoint, timeoutSeconds: Int = 10, attempts: Int = 3,
        backoffSeconds: Double = 1, maximumWaitSeconds: Double = 60, maximumConsecutiveFailures: Int = 3,
        retryGone: Bool = false, saveEvery: Int = 20, today: String = ResolveOptions.currentDay()
    ) {
        self.endpoint = endpoint
        self.timeoutSeconds = timeoutSeconds
        self.attempts = attempts
        self.backoffSeconds = backoffSeconds
        self.maximumWaitSeconds = maximumWaitSeconds
        self.maximumConsecutiveFailures = maximumConsecutiveFailures
        self.retryGone = retryGone
        self.saveEvery = saveEvery
        self.today = today
    }

    /// Today in UTC as `YYYY-MM-DD`.
    public static func currentDay(_ date: Date = Date()) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(parts.year!)-\(two(parts.month!))-\(two(parts.day!))"
    }
}

/// Where a run is, for a progress line.
public struct ResolveProgress: Sendable {
    public var done: Int
    public var total: Int
    public var failed: Int
}
