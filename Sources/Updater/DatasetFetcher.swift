import Fetching
import Foundation

/// Reads the dataset's bytes from where `update` is told to look: an http(s) URL, a `file:` URL or a plain path.
public enum DatasetFetcher {
    /// The file in the Guzzi Tracker repository, which the app's DataManager downloaded too.
    public static let defaultSource =
        "https://raw.githubusercontent.com/hispanico94/Guzzi-Tracker/master/Guzzi%20Tracker/info_moto.json"

    /// Fetches `source`. `timeoutSeconds` is in whole seconds (see `FetchRequest`); the whole download may take
    /// three times as long.
    public static func fetch(_ source: String, timeoutSeconds: Int = 10) throws(UpdateError) -> [UInt8] {
        let lower = source.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard let url = URL(string: source) else { throw .unreachable(source: source, reason: "not a valid URL") }
            return try download(url, timeoutSeconds: timeoutSeconds)
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

    /// Through the fetch helper (`FetchHelper`): URLSession would load libcurl into every `guzzi-site` run.
    private static func download(_ url: URL, timeoutSeconds: Int) throws(UpdateError) -> [UInt8] {
        let source = url.absoluteString
        let response: FetchedResponse
        do {
            response = try FetchHelper.located().get(
                FetchRequest(url: source, timeoutSeconds: timeoutSeconds, totalSeconds: timeoutSeconds * 3))
        } catch {
            throw .unreachable(source: source, reason: error.description)
        }
        // An HTTP error status is an answer to the helper, as it is to URLSession; not to `update`.
        guard (200..<300).contains(response.status) else {
            throw .unreachable(source: source, reason: response.statusText)
        }
        return response.body
    }
}
