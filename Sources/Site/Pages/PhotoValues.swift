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

    /// `{src, srcset, width, height, portrait, boxed, on_demand, origin}`. With a sidecar entry, `src` is the
    /// smallest file at least `fallbackEdge` pixels on its longest edge and `width`/`height` are that file's.
    /// Without one the size is unknown (`boxed`: the layout gives the photo a box of its own proportions, so
    /// nothing moves when it arrives) and, for an original, so is its weight: `on_demand`, the page shows a box
    /// that links to it instead (`UnsizedPhoto`). `origin` is the host a page may connect to early.
    func image(_ url: String, fallbackEdge: Int = 640) -> Value {
        guard let sized = photos.sized(url) else { return Self.unsized(url) }
        return Self.image(sized, fallbackEdge: fallbackEdge)
    }

    static func unsized(_ url: String) -> Value {
        var src = url
        var srcset: Value = .null
        var onDemand = false
        switch UnsizedPhoto(url) {
        case .thumbnails(let thumbnail, let set):
            src = thumbnail
            srcset = .text(set)
        case .small: break
        case .original: onDemand = true
        }
        return [
            "src": .text(src), "srcset": srcset, "width": .null, "height": .null, "portrait": false,
            "boxed": true, "on_demand": .bool(onDemand), "origin": onDemand ? .null : origin(of: src),
        ]
    }

    /// `https://live.staticflickr.com` of `https://live.staticflickr.com/65535/…`; null for anything else.
    static func origin(of url: String) -> Value {
        guard url.hasPrefix("https://") else { return .null }
        let host = url.dropFirst("https://".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return host.isEmpty ? .null : .text("https://" + host)
    }

    static func image(_ sized: SizedPhoto, fallbackEdge: Int) -> Value {
        let fallback = sized.fallback(atLeast: fallbackEdge)
        return [
            "src": .text(fallback.url),
            "srcset": .text(sized.srcset),
            "width": .number(Double(fallback.width)),
            "height": .number(Double(fallback.height)),
            "portrait": .bool(fallback.height > fallback.width),
            "boxed": false, "on_demand": false, "origin": origin(of: fallback.url),
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
