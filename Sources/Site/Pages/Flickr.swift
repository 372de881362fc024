import PhotoSidecar

/// Links from a photo's image file to its page on Flickr.
///
/// The app linked photos hosted on Flickr; Flickr's short links (`https://flic.kr/p/<id in base 58>`) lead to
/// the photo's page, which credits the photographer. The photo id is the number that starts the file name in
/// a staticflickr URL (`…/33398253256_87f8287304_o.jpg`). The rules themselves live in `PhotoSidecar.FlickrURL`,
/// which `guzzi-site photos` shares.
enum Flickr {
    static func base58(_ number: UInt64) -> String { FlickrURL.base58(number) }

    /// The photo id of a staticflickr image URL, or `nil` for any other URL.
    static func photoID(_ url: String) -> UInt64? { FlickrURL.photoID(url) }

    /// `https://flic.kr/p/…` for a Flickr image, `nil` otherwise.
    static func shortLink(_ url: String) -> String? { FlickrURL.shortLink(url) }
}
