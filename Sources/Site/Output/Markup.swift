/// Escaping for the XML the site writes itself (SVG charts, the sitemap), where no template does it.
enum Markup {
    /// Escapes text for XML/HTML element content and attribute values (`& < > " '`).
    ///
    /// Characters XML 1.0 forbids (C0 controls other than tab, line feed and carriage return, U+FFFE and
    /// U+FFFF; lone surrogates cannot occur in a Swift `String`) are dropped, so the output always parses.
    static func escape(_ text: String) -> String {
        let needsWork = text.utf8.contains { byte in
            byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || byte == 0xEF
        }
        guard needsWork else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
