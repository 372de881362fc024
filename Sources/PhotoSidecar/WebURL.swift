/// The rule for every URL the sidecar hands to a page (an author's page, a photo's page, a licence): the text
/// comes from the network and goes into `href`, so only absolute http(s) URLs with a host and without spaces,
/// control characters, quotes or angle brackets pass. Anything else (`javascript:`, `data:`, a relative path)
/// is refused when an answer is read and again when the sidecar is read.
public enum WebURL {
    public static func isAcceptable(_ url: String) -> Bool {
        guard url.utf8.count <= 2048 else { return false }
        let unsafe = url.unicodeScalars.contains { scalar in
            scalar.value <= 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (scalar.value > 0x7F && scalar.properties.isWhitespace)
                || scalar == "\"" || scalar == "'" || scalar == "<" || scalar == ">" || scalar == "\\"
                || scalar == "`"
        }
        if unsafe { return false }
        let lowercased = url.lowercased()
        let rest: Substring
        if lowercased.hasPrefix("https://") {
            rest = url.dropFirst(8)
        } else if lowercased.hasPrefix("http://") {
            rest = url.dropFirst(7)
        } else {
            return false
        }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !host.hasPrefix("@") && !host.hasPrefix(":") && !host.contains("@")
    }

    /// Text fit for a page: no control characters (a newline in an author's name would break a caption) and
    /// not absurdly long.
    public static func isAcceptableText(_ text: String, maximumLength: Int = 500) -> Bool {
        text.count <= maximumLength
            && !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
