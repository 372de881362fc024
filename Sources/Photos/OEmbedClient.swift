import Foundation
import PhotoSidecar
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
    private let session: URLSession

    /// `timeoutSeconds` is a whole number ≥ 1: libcurl, under URLSession on Linux, truncates timeouts to whole
    /// seconds, and 0.5 s fails at once.
    init(endpoint: String, timeoutSeconds: Int) {
        self.endpoint = endpoint
        self.timeoutSeconds = max(1, timeoutSeconds)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = TimeInterval(self.timeoutSeconds)
        configuration.timeoutIntervalForResource = TimeInterval(self.timeoutSeconds * 2)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpAdditionalHeaders = ["User-Agent": "guzzi-site-photos/1", "Accept": "application/json"]
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
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

    private final class Box: Sendable {
        let value = Mutex<(Data?, URLResponse?, (any Error)?)?>(nil)
    }

    /// One request, synchronously (the command line has nothing else to do meanwhile).
    func ask(_ id: UInt64) -> Outcome {
        guard let url = Self.requestURL(endpoint: endpoint, id: id) else {
            return .failed(reason: "the endpoint \(endpoint) is not an http(s) URL")
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: url) { data, response, error in
            box.value.withLock { $0 = (data, response, error) }
            done.signal()
        }
        task.resume()
        done.wait()
        let (data, response, error) = box.value.withLock { $0 } ?? (nil, nil, nil)
        if let error { return .transient(reason: describe(error)) }
        guard let http = response as? HTTPURLResponse else { return .transient(reason: "no HTTP response") }
        return Self.classify(status: http.statusCode, headers: http.allHeaderFields, body: data ?? Data(), id: id)
    }

    static func classify(status: Int, headers: [AnyHashable: Any], body: Data, id: UInt64) -> Outcome {
        switch status {
        case 200:
            switch OEmbedAnswer.decode([UInt8](body), id: id) {
            case .success(let photo): return .found(photo)
            case .failure(let malformed): return .failed(reason: malformed.reason)
            }
        case 404: return .gone(reason: "not found")
        case 401: return .gone(reason: "private")
        case 429: return .rateLimited(retryAfter: retryAfter(headers))
        // oEmbed's answer for a format it does not serve: asking again will not help.
        case 501: return .failed(reason: "HTTP 501 \(statusText(501)) (the endpoint does not serve format=json)")
        case 403, 408, 500...599: return .transient(reason: "HTTP \(status) \(statusText(status))")
        default: return .failed(reason: "HTTP \(status) \(statusText(status))")
        }
    }

    static func statusText(_ status: Int) -> String {
        HTTPURLResponse.localizedString(forStatusCode: status)
    }

    /// `Retry-After` in seconds from now: delta-seconds (`120`) or an HTTP date (RFC 9110 §10.2.3).
    static func retryAfter(_ headers: [AnyHashable: Any], now: Date = Date()) -> Double? {
        guard
            let value = headers.first(where: { ($0.key as? String)?.lowercased() == "retry-after" })?.value as? String
        else { return nil }
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text), seconds >= 0 { return Double(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    private func describe(_ error: any Error) -> String {
        if let error = error as? URLError, error.code == .timedOut { return "timed out after \(timeoutSeconds) s" }
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? String(describing: error) : text
    }
}
