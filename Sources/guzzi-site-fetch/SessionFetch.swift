import Fetching
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request done with URLSession: the one place in the project that links FoundationNetworking (and so
/// libcurl), which is why it lives in this helper and not in `guzzi-site`.
enum SessionFetch {
    /// What the completion handler hands over: Sendable values only, as Apple's SDKs have not always marked
    /// `URLResponse` Sendable.
    private struct Answer: Sendable {
        var status: Int?
        var headers: [String: String] = [:]
        var body = Data()
        var error: (any Error)?
    }

    private final class Box: Sendable {
        let value = Mutex<Answer?>(nil)
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
            var answer = Answer(body: data ?? Data(), error: error)
            if let http = response as? HTTPURLResponse {
                answer.status = http.statusCode
                for (name, value) in http.allHeaderFields {
                    if let name = name as? String, let value = value as? String {
                        answer.headers[name.lowercased()] = value
                    }
                }
            }
            box.value.withLock { $0 = answer }
            done.signal()
        }
        task.resume()
        // The helper runs in a process group of its own, so a Ctrl-C stops `guzzi-site` and not the helper: it
        // gives up as soon as its parent is gone rather than wait for the request's timeout.
        let parent = getppid()
        while done.wait(timeout: .now() + .milliseconds(200)) == .timedOut {
            if getppid() != parent { exit(1) }
        }
        let answer = box.value.withLock { $0 } ?? Answer()
        if let error = answer.error {
            return .failure(.transport(reason: describe(error, timeoutSeconds: request.timeoutSeconds)))
        }
        guard let status = answer.status else { return .failure(.transport(reason: "no HTTP response")) }
        return .success(
            FetchedResponse(
                status: status, reason: HTTPURLResponse.localizedString(forStatusCode: status),
                headers: answer.headers, body: [UInt8](answer.body)))
    }

    private static func describe(_ error: any Error, timeoutSeconds: Int) -> String {
        if let error = error as? URLError, error.code == .timedOut { return "timed out after \(timeoutSeconds) s" }
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? String(describing: error) : text
    }
}
