/// Where a page lives in the output, and how other pages link to it.
///
/// Links between pages are relative and name the `index.html` file itself, so the output works from any
/// sub-path of a server and also opened straight from disk (where a link to a folder shows a listing).
/// Canonical and alternate URLs, which must be absolute for search engines, use the folder form.
public struct Route: Sendable, Hashable {
    /// Folder names from the site root; empty for the root page.
    public let folders: [String]
    public let fileName: String

    public init(_ folders: [String], fileName: String = "index.html") {
        self.folders = folders
        self.fileName = fileName
        filePath = folders.isEmpty ? fileName : folders.joined(separator: "/") + "/" + fileName
        rootPrefix = String(repeating: "../", count: folders.count)
    }

    public static let root = Route([])

    /// Path of the file inside the output folder: `en/moto/airone-1939/index.html`. Stored, because every
    /// link between pages starts from it.
    public let filePath: String

    /// Path in a URL: `en/moto/airone-1939/`; the root is the empty string.
    public var urlPath: String {
        fileName == "index.html" ? String(filePath.dropLast(fileName.count)) : filePath
    }

    /// `../../` back to the site root from this page. Stored, like `filePath`: every link starts with it.
    public let rootPrefix: String

    /// A relative link from this page to `target`.
    public func link(to target: Route) -> String {
        rootPrefix + target.filePath
    }

    /// The URL of this page under a base URL (`https://example.org/guzzi/`), or a relative one from `page`.
    public func url(base: String?, from page: Route) -> String {
        if let base { return base + urlPath }
        let relative = page.rootPrefix + urlPath
        return relative.isEmpty ? "./" : relative
    }
}
