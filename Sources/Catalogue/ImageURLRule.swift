import Files

/// Which image URLs the site may put in an `<img src>`.
///
/// Only absolute http(s) URLs with a host pass: anything else is either broken on the page (a relative path, a
/// stray space) or dangerous in an attribute (`javascript:`, `data:`).
enum ImageURLRule {
    /// `nil` when `url` is acceptable, otherwise why not.
    ///
    /// Checked on the UTF-8 bytes, and the URL quoted for the message only when there is one: a dataset has a
    /// thousand image URLs, and quoting each one up front was an eighth of decoding it.
    static func problem(with url: String) -> String? {
        func quoted() -> String { JSONPath.quoted(String(url.prefix(80)) + (url.count > 80 ? "…" : "")) }
        let bytes = url.utf8
        // Printable ASCII alone needs no closer look.
        if bytes.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) {
            let unsafe = url.unicodeScalars.contains { scalar in
                scalar.value <= 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || (scalar.value > 0x7F && scalar.properties.isWhitespace)
            }
            if unsafe {
                return "image URL contains whitespace or control characters: \(quoted())"
            }
        }
        let schemeLength: Int
        if startsCaseInsensitively(bytes, with: "https://") {
            schemeLength = 8
        } else if startsCaseInsensitively(bytes, with: "http://") {
            schemeLength = 7
        } else {
            return "expected an http(s) URL, found \(quoted())"
        }
        let host = bytes.dropFirst(schemeLength).prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        if host.isEmpty || host.first == UInt8(ascii: "@") || host.first == UInt8(ascii: ":") {
            return "image URL has no host: \(quoted())"
        }
        return nil
    }

    /// Whether `bytes` start with `prefix` (lowercase ASCII), ignoring the case of ASCII letters.
    private static func startsCaseInsensitively(_ bytes: String.UTF8View, with prefix: StaticString) -> Bool {
        var index = bytes.startIndex
        for offset in 0..<prefix.utf8CodeUnitCount {
            guard index != bytes.endIndex else { return false }
            var byte = bytes[index]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            guard byte == prefix.utf8Start[offset] else { return false }
            index = bytes.index(after: index)
        }
        return true
    }
}
