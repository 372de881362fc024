/// Which image URLs the site may put in an `<img src>`.
///
/// Only absolute http(s) URLs with a host pass: anything else is either broken on the page (a relative path, a
/// stray space) or dangerous in an attribute (`javascript:`, `data:`).
enum ImageURLRule {
    /// `nil` when `url` is acceptable, otherwise why not.
    static func problem(with url: String) -> String? {
        let quoted = JSONPath.quoted(String(url.prefix(80)) + (url.count > 80 ? "…" : ""))
        let unsafe = url.unicodeScalars.contains { scalar in
            scalar.value <= 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (scalar.value > 0x7F && scalar.properties.isWhitespace)
        }
        if unsafe {
            return "image URL contains whitespace or control characters: \(quoted)"
        }
        let lowercased = url.lowercased()
        let rest: Substring
        if lowercased.hasPrefix("https://") {
            rest = url.dropFirst(8)
        } else if lowercased.hasPrefix("http://") {
            rest = url.dropFirst(7)
        } else {
            return "expected an http(s) URL, found \(quoted)"
        }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if host.isEmpty || host.hasPrefix("@") || host.hasPrefix(":") {
            return "image URL has no host: \(quoted)"
        }
        return nil
    }
}
