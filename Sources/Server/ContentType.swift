/// Media types by file extension. A fixed table rather than the system's mime database, so the preview
/// behaves the same on every machine and text types always carry a charset.
enum ContentType {
    static let html = "text/html; charset=utf-8"
    static let javascript = "text/javascript; charset=utf-8"
    static let octetStream = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "html": html,
        "htm": html,
        "css": "text/css; charset=utf-8",
        "js": javascript,
        "mjs": javascript,
        "json": "application/json; charset=utf-8",
        "xml": "application/xml; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "webmanifest": "application/manifest+json",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "pdf": "application/pdf",
    ]

    static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return octetStream }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? octetStream
    }

    static func isHTML(_ type: String) -> Bool { type == html }
}
