import Catalogue
import PhotoSidecar
import Templating

/// The template values of a photo: the image to show (sized from the photo sidecar when it knows the photo,
/// the dataset's own URL otherwise) and the credit its author is owed.
///
/// Which sizes to offer is decided here from the data; how wide the photo is drawn (`sizes`) is the layout's
/// business and lives in the templates, next to the markup the stylesheet lays out.
struct PhotoValues {
    let photos: PhotoSidecar
    let language: Language

    /// `{src, srcset, width, height, portrait}`. With a sidecar entry, `src` is the smallest file at least
    /// `fallbackEdge` pixels on its longest edge and `width`/`height` are that file's; without one, `src` is
    /// the dataset's URL and the others are null, so the template writes the markup it always did.
    func image(_ url: String, fallbackEdge: Int = 640) -> Value {
        guard let sized = photos.sized(url) else {
            return ["src": .text(url), "srcset": .null, "width": .null, "height": .null, "portrait": false]
        }
        return Self.image(sized, fallbackEdge: fallbackEdge)
    }

    static func image(_ sized: SizedPhoto, fallbackEdge: Int) -> Value {
        let fallback = sized.fallback(atLeast: fallbackEdge)
        return [
            "src": .text(fallback.url),
            "srcset": .text(sized.srcset),
            "width": .number(Double(fallback.width)),
            "height": .number(Double(fallback.height)),
            "portrait": .bool(fallback.height > fallback.width),
        ]
    }

    /// `{author, author_url, page, license, license_url, license_lang}` for a photo the sidecar found on Flickr,
    /// null otherwise. Flickr names its licences in English, so on other editions they carry `lang="en"`.
    func credit(_ url: String) -> Value {
        guard let found = photos.record(forImage: url)?.found else { return .null }
        return Self.credit(found, language: language)
    }

    /// The language Flickr writes its licence names in.
    static let flickrLanguage: Language = "en"

    static func credit(_ photo: FoundPhoto, language: Language) -> Value {
        [
            "author": .text(photo.author),
            "author_url": .text(photo.authorURL),
            "page": .text(photo.pageURL),
            "license": photo.license.map { .text($0) } ?? .null,
            "license_url": photo.licenseURL.map { .text($0) } ?? .null,
            "license_lang": language == flickrLanguage ? .null : .text(flickrLanguage.rawValue),
        ]
    }

    /// A motorcycle's thumbnail for lists (the catalogue, facet pages), for `partials/photo-img.html`:
    /// `{src, srcset, width, height, portrait, credit}` from the first of its photos the sidecar found, files
    /// up to `maximumEdge` pixels only; null when it has none, and then a list shows a placeholder of the same
    /// size so its rows stay even. The dataset's own URLs are originals of several megabytes and never used
    /// as thumbnails.
    static func thumbnail(_ bike: Motorcycle, photos: PhotoSidecar, language: Language, maximumEdge: Int = 640)
        -> Value
    {
        guard let thumbnail = photos.thumbnail(forImages: bike.images, maximumEdge: maximumEdge) else { return .null }
        guard case .map(var map) = image(thumbnail.sizes, fallbackEdge: 0) else { return .null }
        map["credit"] = credit(thumbnail.photo, language: language)
        return .map(map)
    }
}
