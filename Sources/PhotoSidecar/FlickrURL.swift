/// What the site knows of Flickr's URLs, from Flickr's own page "Photo Image URLs"
/// (https://www.flickr.com/services/api/misc.urls.html):
///
/// - a photo's image files are `https://live.staticflickr.com/{server-id}/{id}_{secret}_{size-suffix}.jpg`, and
///   the 500-px size has no suffix: `…/{id}_{secret}.jpg`;
/// - "All sizes below the H (1600) size use one shared secret"; the larger sizes and the original (`_o`) each
///   have a unique secret, which is why the dataset's `_o` URLs cannot be turned into smaller sizes;
/// - the photo id is the number that starts the file name, and `https://flic.kr/p/{id in base 58}` is the
///   photo's short link, which leads to its page.
public enum FlickrURL {
    static let alphabet = Array("123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ")

    /// Flickr's base 58 (no 0, O, I or l), as used by flic.kr short links.
    public static func base58(_ number: UInt64) -> String {
        if number == 0 { return String(alphabet[0]) }
        var value = number
        var digits: [Character] = []
        while value > 0 {
            digits.append(alphabet[Int(value % 58)])
            value /= 58
        }
        return String(digits.reversed())
    }

    /// The photo id of a staticflickr image URL (any host of staticflickr.com, legacy `c1.`, `farm8.` included),
    /// or `nil` for any other URL.
    ///
    /// Read byte by byte: every gallery page asks it of every photo, and the same steps on `Character`s were a
    /// thirtieth of a whole build.
    public static func photoID(_ url: String) -> UInt64? {
        var url = url
        return url.withUTF8 { bytes in
            guard let schemeEnd = firstIndex(of: Array("://".utf8), in: bytes) else { return nil }
            let hostStart = schemeEnd + 3
            guard let slash = bytes[hostStart...].firstIndex(of: UInt8(ascii: "/")),
                isStaticFlickr(bytes[hostStart..<slash])
            else { return nil }
            // The last non-empty path component, as `split(separator: "/").last` gives it.
            var end = bytes.endIndex
            while end > slash, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            var start = end
            while start > slash, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            var id: UInt64 = 0
            var at = start
            while at < end, (0x30...0x39).contains(bytes[at]) {
                let (times, overflow) = id.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times.addingReportingOverflow(UInt64(bytes[at] - 0x30))
                guard !overflow, !carry else { return nil }
                id = sum
                at += 1
            }
            guard at > start, at < end, bytes[at] == UInt8(ascii: "_") else { return nil }
            return id
        }
    }

    /// `https://flic.kr/p/…` for a Flickr image, `nil` otherwise.
    public static func shortLink(_ url: String) -> String? {
        photoID(url).map(shortLink(id:))
    }

    public static func shortLink(id: UInt64) -> String {
        "https://flic.kr/p/" + base58(id)
    }

    /// The parts of a staticflickr image URL: `…/{server}/{id}_{secret}[_{suffix}].{extension}`.
    public struct Parts: Sendable, Equatable {
        public var server: String
        public var id: UInt64
        public var secret: String
        /// `nil` when the file name has no size suffix (the 500-px size).
        public var suffix: String?
        public var fileExtension: String
    }

    /// Splits a staticflickr image URL; `nil` when it is not one. The server and the secret are checked to be
    /// plain ASCII letters and digits, so they can be put back into a URL as they are.
    public static func parse(_ url: String) -> Parts? {
        guard let (host, path) = hostAndPath(url), isStaticFlickr(host),
            url.lowercased().hasPrefix("https://") || url.lowercased().hasPrefix("http://")
        else { return nil }
        let folders = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard let fileName = folders.last, let server = folders.dropLast().last else { return nil }
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        let fields = fileName[..<dot].split(separator: "_", omittingEmptySubsequences: false)
        let fileExtension = String(fileName[fileName.index(after: dot)...])
        guard fields.count == 2 || fields.count == 3, let id = digits(fields[0]), isToken(fields[1]),
            isToken(Substring(fileExtension)), isDigits(server)
        else { return nil }
        let suffix = fields.count == 3 ? String(fields[2]) : nil
        if let suffix, !isToken(Substring(suffix)) { return nil }
        return Parts(
            server: String(server), id: id, secret: String(fields[1]), suffix: suffix, fileExtension: fileExtension)
    }

    /// The image file of one of the sizes that share the photo's secret, on Flickr's current host.
    public static func imageURL(server: String, id: UInt64, secret: String, size: FlickrSize) -> String {
        let suffix = size.suffix.isEmpty ? "" : "_" + size.suffix
        return "https://live.staticflickr.com/\(server)/\(id)_\(secret)\(suffix).jpg"
    }

    /// The host (lowercased) and the path from its first slash, for `scheme://host/path` URLs.
    private static func hostAndPath(_ url: String) -> (host: String, path: Substring)? {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        let rest = url[schemeEnd.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        return (rest[..<slash].lowercased(), rest[slash...])
    }

    private static func isStaticFlickr(_ host: String) -> Bool {
        host == "staticflickr.com" || host.hasSuffix(".staticflickr.com")
    }

    /// The same test on a host's bytes, any letter case.
    private static func isStaticFlickr(_ host: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let domain = Array("staticflickr.com".utf8)
        guard host.count >= domain.count else { return false }
        let tail = host.suffix(domain.count)
        guard zip(tail, domain).allSatisfy({ ((0x41...0x5A).contains($0) ? $0 | 0x20 : $0) == $1 }) else {
            return false
        }
        return host.count == domain.count || host[tail.startIndex - 1] == UInt8(ascii: ".")
    }

    private static func firstIndex(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { at in
            needle.indices.allSatisfy { bytes[at + $0] == needle[$0] }
        }
    }

    private static func digits(_ text: Substring) -> UInt64? {
        isDigits(text) ? UInt64(text) : nil
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 20 && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// ASCII letters and digits only, 1 to 64 of them.
    static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
            }
    }
}
