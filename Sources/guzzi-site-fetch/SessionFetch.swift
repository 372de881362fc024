import Fetching
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request done with URLSession: the one place in the project that links FoundationNetworking (and so
/// libcurl), which is why it lives in this helper and not in `guzzi-site`.
enum SessionFetch {
    private final class Box: Sendable {
        let value = Mutex<(Data?, URLResponse?, (any Error)?)?>(nil)
    }

    /// The answer, or why there is none in words for the user (`timed out after 3 s`).
    static func get(_ request: FetchRequest) -> Result<FetchedResponse, FetchError> {
        let lower = request.url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), let url = URL(string: request.url) else {
            return .failure(.transport(reason: "not a valid http(s) URL"))
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = TimeInterval(request.timeoutSeconds)
        configuration.timeoutIntervalForResource = TimeInterval(request.totalSeconds)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        var headers: [AnyHashable: Any] = [:]
        for header in request.headers { headers[header.name] = header.value }
        configuration.httpAdditionalHeaders = headers
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: url) { data, response, error in
            box.value.withLock { $0 = (data, response, error) }
            done.signal()
        }
        task.resume()
        // The helper runs in a process group of its own, so a Ctrl-C stops `guzzi-site` and not the helper: it
        // gives up as soon as its parent is gone rather than wait for the request's timeout.
        let parent = getppid()
        while done.wait(timeout: .now() + .milliseconds(200)) == .timedOut {
            if getppid() != parent { exit(1) }
        }
        let (data, response, error) = box.value.withLock { $0 } ?? (nil, nil, nil)
        if let error { return .failure(.transport(reason: describe(error, timeoutSeconds: request.timeoutSeconds))) }
        guard let http = response as? HTTPURLResponse else { return .failure(.transport(reason: "no HTTP response")) }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return .success(
            FetchedResponse(
                status: http.statusCode, reason: HTTPURLResponse.localizedString(forStatusCode: http.statusCode),
                headers: fields, body: [UInt8](data ?? Data())))
    }

    private static func describe(_ error: any Error, timeoutSeconds: Int) -> String {
        if let error = error as? URLError, error.code == .timedOut { return "timed out after \(timeoutSeconds) s" }
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? String(describing: error) : text
    }
}
