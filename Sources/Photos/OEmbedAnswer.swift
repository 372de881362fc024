import Catalogue
import Files
import PhotoSidecar

/// Reads one answer of Flickr's oEmbed endpoint into a `FoundPhoto`, or says why it cannot be used.
///
/// The fields are those of the endpoint's JSON answers as recorded by other projects' tests, e.g.
/// oscarotero/Embed `tests/cache/www.flickr.com.services-oembed.*.php` and silverstripe's EmbedShortcodeProvider
/// test: `{"type":"photo","flickr_type":"photo","title":"bird","author_name":"Philocycler",
/// "author_url":"https://www.flickr.com/photos/philocycler/","width":1024,"height":742,
/// "url":"https://live.staticflickr.com/759/32119532132_50c3f7933f_b.jpg",
/// "web_page":"https://www.flickr.com/photos/philocycler/32119532132/", …,"license":"All Rights Reserved",
/// "license_id":0,"html":…,"version":"1.0","cache_age":3600,"provider_name":"Flickr",…}`. Another recording has
/// `"width":"1024"`, `"height":"684"` and `"license_id":"5"` as strings beside
/// `"license_url":"https://creativecommons.org/licenses/by-sa/2.0/"`, so numbers are accepted in either form,
/// and "All Rights Reserved" comes without a `license_url`.
///
/// Everything here comes from the network and ends up in pages: URLs must be http(s), texts must be free of
/// control characters, and the image URL must be a staticflickr file of the photo that was asked for, in one of
/// the shared-secret sizes.
enum OEmbedAnswer {
    /// Answers larger than this are refused unread: a real one is about 1.5 KB.
    static let maximumBytes = 256 * 1024

    static func decode(_ bytes: [UInt8], id: UInt64) -> Result<FoundPhoto, Malformed> {
        guard bytes.count <= maximumBytes else { return .failure(Malformed("the answer is larger than 256 KB")) }
        let root: LocatedJSON
        do {
            root = try LocatedJSON.parse(bytes)
        } catch {
            return .failure(Malformed("the answer is not JSON (\(error.description))"))
        }
        guard root.members != nil else { return .failure(Malformed("the answer is \(root.kindName), not an object")) }
        guard let type = root["type"]?.string else { return .failure(Malformed("the answer has no \"type\"")) }
        guard type == "photo" else {
            return .failure(Malformed("the answer's type is \"\(type.prefix(20))\", not \"photo\""))
        }
        guard let url = root["url"]?.string, let parts = FlickrURL.parse(url) else {
            return .failure(Malformed("the answer's \"url\" is not a staticflickr image URL"))
        }
        guard parts.id == id else {
            return .failure(Malformed("the answer's \"url\" is of photo \(parts.id), not \(id)"))
        }
        guard let size = FlickrSize(suffix: parts.suffix) else {
            return .failure(
                Malformed("the answer's \"url\" is of size \"\(parts.suffix ?? "")\", which has its own secret"))
        }
        guard let width = whole(root["width"]), let height = whole(root["height"]), width > 0, height > 0,
            width <= 100_000, height <= 100_000
        else { return .failure(Malformed("the answer's \"width\" and \"height\" are not positive whole numbers")) }
        guard let author = root["author_name"]?.string, !author.isEmpty, WebURL.isAcceptableText(author) else {
            return .failure(Malformed("the answer's \"author_name\" is missing, empty or not plain text"))
        }
        guard let authorURL = root["author_url"]?.string, WebURL.isAcceptable(authorURL) else {
            return .failure(Malformed("the answer's \"author_url\" is not an http(s) URL"))
        }
        guard let page = root["web_page"]?.string, WebURL.isAcceptable(page) else {
            return .failure(Malformed("the answer's \"web_page\" is not an http(s) URL"))
        }
        var license: String?
        if let field = root["license"], !field.isNull {
            guard let text = field.string, WebURL.isAcceptableText(text) else {
                return .failure(Malformed("the answer's \"license\" is not plain text"))
            }
            license = text.isEmpty ? nil : text
        }
        var licenseURL: String?
        if let field = root["license_url"], !field.isNull {
            guard let text = field.string, WebURL.isAcceptable(text) else {
                return .failure(Malformed("the answer's \"license_url\" is not an http(s) URL"))
            }
            licenseURL = text
        }
        var licenseID: Int?
        if let field = root["license_id"], !field.isNull {
            guard let number = whole(field), (0...1000).contains(number) else {
                return .failure(Malformed("the answer's \"license_id\" is not a whole number"))
            }
            licenseID = number
        }
        return .success(
            FoundPhoto(
                server: parts.server, secret: parts.secret, size: size, width: width, height: height, author: author,
                authorURL: authorURL, pageURL: page, license: license, licenseURL: licenseURL, licenseID: licenseID))
    }

    /// A whole number written as a JSON number or as a string of digits (`1024` or `"1024"`).
    static func whole(_ value: LocatedJSON?) -> Int? {
        guard let value else { return nil }
        if let number = value.number {
            return number == number.rounded() && abs(number) < 1e9 ? Int(number) : nil
        }
        if let text = value.string, !text.isEmpty, text.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        {
            return Int(text)
        }
        return nil
    }

    struct Malformed: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
