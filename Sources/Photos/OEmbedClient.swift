import Fetching
import Foundation
import PhotoSidecar

/// Asks an oEmbed endpoint about one Flickr photo at a time, through its short link, and sorts the answer into
/// what the resolver does next.
///
/// The request is the documented one, `…/services/oembed/?url=https://flic.kr/p/<base 58 id>&format=json&
/// maxwidth=1024`, with `maxheight=1024` too: a tall photo is then answered at `_b` (1024 px tall) and never at
/// the 1600-px size, whose secret is not shared with the smaller sizes.
final class OEmbedClient: Sendable {
    /// What one request came to.
    enum Outcome: Equatable {
        case found(FoundPhoto)
        /// 404: Flickr has no such photo (deleted); 401: it is private (oEmbed's status for a resource that is not
        /// public). Recorded, so it is not asked again on every run.
        case gone(reason: String)
        /// 429 Too Many Requests, with its `Retry-After` in seconds when it had one.
        case rateLimited(retryAfter: Double?)
        /// Worth another try: timeouts, refused connections, 5xx, 403 (which may be a block of this client
        /// rather than a fact about the photo).
        case transient(reason: String)
        /// Not worth another try in this run: an answer that cannot be used (not JSON, not a photo, a URL that is
        /// not a staticflickr file of this photo) or another client error status. Tried again on the next run.
        case failed(reason: String)
    }

    let endpoint: String
    let timeoutSeconds: Int
    /// What makes the requests (URLSession in another process, see `FetchHelper`), or why there is none: the
    /// resolver asks nothing then.
    private let helper: Result<FetchHelper, FetchError>

    /// `timeoutSeconds` in whole seconds (see `FetchRequest`); the whole request may take twice as long.
    init(endpoint: String, timeoutSeconds: Int, helper: Result<FetchHelper, FetchError>) {
        self.endpoint = endpoint
        self.timeoutSeconds = timeoutSeconds
        self.helper = helper
    }

    /// The request URL for photo `id`, or `nil` when the endpoint is not an http(s) URL.
    static func requestURL(endpoint: String, id: UInt64) -> URL? {
        let lower = endpoint.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
            var components = URLComponents(string: endpoint)
        else { return nil }
        components.queryItems =
            (components.queryItems ?? []) + [
                URLQueryItem(name: "url", value: FlickrURL.shortLink(id: id)),
                URLQueryItem(name: "format", value: "json"),
                URLQueryItem(name: "maxwidth", value: "1024"),
                URLQueryItem(name: "maxheight", value: "1024"),
            ]
        return components.url
    }

    /// One request, synchronously (the command line has nothing else to do meanwhile).
    func ask(_ id: UInt64) -> Outcome {
        guard let url = Self.requestURL(endpoint: endpoint, id: id) else {
            return .failed(reason: "the endpoint \(endpoint) is not an http(s) URL")
        }
        let request = FetchRequest(
            url: url.absoluteString, timeoutSeconds: timeoutSeconds,
            headers: [.init("User-Agent", "guzzi-site-photos/1"), .init("Accept", "application/json")])
        do {
            return Self.classify(try helper.get().get(request), id: id)
        } catch {
            return error.isTransport ? .transient(reason: error.description) : .failed(reason: error.description)
        }
    }

    static func classify(_ response: FetchedResponse, id: UInt64) -> Outcome {
        switch response.status {
        case 200:
            switch OEmbedAnswer.decode(response.body, id: id) {
            case .success(let photo): return .found(photo)
            case .failure(let malformed): return .failed(reason: malformed.reason)
            }
        case 404: return .gone(reason: "not found")
        case 401: return .gone(reason: "private")
        case 429: return .rateLimited(retryAfter: retryAfter(response.headers))
        // oEmbed's answer for a format it does not serve: asking again will not help.
        case 501: return .failed(reason: response.statusText + " (the endpoint does not serve format=json)")
        case 403, 408, 500...599: return .transient(reason: response.statusText)
        default: return .failed(reason: response.statusText)
        }
    }

    /// `Retry-After` in seconds from now: delta-seconds (`120`) or an HTTP date (RFC 9110 §10.2.3).
    static func retryAfter(_ headers: [String: String], now: Date = Date()) -> Double? {
        guard let value = headers["retry-after"] else { return nil }
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text), seconds >= 0 { return Double(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
