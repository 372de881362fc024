/// Links from a photo's image file to its page on Flickr.
///
/// The app linked photos hosted on Flickr; Flickr's short links (`https://flic.kr/p/<id in base 58>`) lead to
/// the photo's page, which credits the photographer. The photo id is the number that starts the file name in
/// a staticflickr URL (`…/33398253256_87f8287304_o.jpg`).
enum Flickr {
    static let alphabet = Array("123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ")

    static func base58(_ number: UInt64) -> String {
        if number == 0 { return String(alphabet[0]) }
        var value = number
        var digits: [Character] = []
        while value > 0 {
            digits.append(alphabet[Int(value % 58)])
            value /= 58
        }
        return String(digits.reversed())
    }

    /// The photo id of a staticflickr image URL, or `nil` for any other URL.
    static func photoID(_ url: String) -> UInt64? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let rest = url[schemeEnd.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let host = rest[..<slash].lowercased()
        guard host == "staticflickr.com" || host.hasSuffix(".staticflickr.com") else { return nil }
        let fileName = rest[slash...].split(separator: "/").last ?? ""
        let digits = fileName.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, fileName.dropFirst(digits.count).first == "_" else { return nil }
        return UInt64(digits)
    }

    /// `https://flic.kr/p/…` for a Flickr image, `nil` otherwise.
    static func shortLink(_ url: String) -> String? {
        photoID(url).map { "https://flic.kr/p/" + base58($0) }
    }
}
