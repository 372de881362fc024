import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads the dataset's bytes from where `update` is told to look: an http(s) URL, a `file:` URL or a plain path.
public enum DatasetFetcher {
    /// The file in the Guzzi Tracker repository, which the app's DataManager downloaded too.
    public static let defaultSource =
        "https://raw.githubusercontent.com/hispanico94/Guzzi-Tracker/master/Guzzi%20Tracker/info_moto.json"

    /// Fetches `source`. `timeoutSeconds` is rounded down to whole seconds by libcurl, so it is a whole number ≥ 1.
    public static func fetch(_ source: String, timeoutSeconds: Int = 10) throws(UpdateError) -> [UInt8] {
        let lower = source.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard let url = URL(string: source) else { throw .unreachable(source: source, reason: "not a valid URL") }
            return try download(url, timeoutSeconds: max(timeoutSeconds, 1))
        }
        if lower.hasPrefix("file:") {
            guard let url = URL(string: source), url.isFileURL else {
                throw .unreachable(source: source, reason: "not a valid file URL")
            }
            return try readLocal(url.path, source: source)
        }
        if lower.contains("://") {
            throw .unreachable(source: source, reason: "unsupported scheme (use http, https, file or a path)")
        }
        return try readLocal(source, source: source)
    }

    private static func readLocal(_ path: String, source: String) throws(UpdateError) -> [UInt8] {
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return [UInt8](data)
        } catch {
            throw .unreachable(source: source, reason: Self.fileReason(path) ?? "cannot read the file")
        }
    }

    /// The system's own words ("No such file or directory") rather than Foundation's.
    private static func fileReason(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) != 0 { return String(cString: strerror(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { return String(cString: strerror(EISDIR)) }
        if access(path, R_OK) != 0 { return String(cString: strerror(errno)) }
        return nil
    }

    private final class Outcome: Sendable {
        let value = Mutex<Result<[UInt8], UpdateError>?>(nil)
    }

    /// URLSession with a completion handler and a semaphore: the command line is synchronous.
    private static func download(_ url: URL, timeoutSeconds: Int) throws(UpdateError) -> [UInt8] {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = TimeInterval(timeoutSeconds)
        configuration.timeoutIntervalForResource = TimeInterval(timeoutSeconds * 3)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let source = url.absoluteString
        let task = session.dataTask(with: url) { data, response, error in
            let result: Result<[UInt8], UpdateError>
            if let error {
                result = .failure(
                    .unreachable(source: source, reason: Self.describe(error, timeoutSeconds: timeoutSeconds)))
            } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                // URLSession does not treat a 404 as an error.
                let text = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
                result = .failure(.unreachable(source: source, reason: "HTTP \(http.statusCode) \(text)"))
            } else {
                result = .success([UInt8](data ?? Data()))
            }
            outcome.value.withLock { $0 = result }
            done.signal()
        }
        task.resume()
        done.wait()
        switch outcome.value.withLock({ $0 }) {
        case .success(let bytes): return bytes
        case .failure(let error): throw error
        case nil: throw .unreachable(source: source, reason: "no response")
        }
    }

    private static func describe(_ error: any Error, timeoutSeconds: Int) -> String {
        if let error = error as? URLError, error.code == .timedOut {
            return "timed out after \(timeoutSeconds) s"
        }
        let text = (error as NSError).localizedDescription
        return text.isEmpty ? String(describing: error) : text
    }
}
