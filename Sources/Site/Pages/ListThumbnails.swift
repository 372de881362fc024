import Catalogue
import PhotoSidecar
import Templating

/// The small photo at the start of a list row: the catalogue's rows (in HTML and in `data/catalogue.js`, from
/// which the catalogue script draws them) and the rows of the facet value pages.
///
/// Lists show thumbnails only when the photo sidecar holds something: without one, the markup and the data are
/// what they were before thumbnails existed. With one, a motorcycle whose photos the sidecar did not find gets a
/// placeholder of the same size (drawn by the template), so the rows stay even.
struct ListThumbnails {
    /// The longest edge of a thumbnail's file: Flickr's 320-px size (`_n`), which covers the stylesheet's 6-rem
    /// box up to three device pixels per CSS pixel, at about a quarter of the bytes of the 640-px size the pages
    /// use. No `srcset`: for so small a box there is nothing smaller worth offering.
    static let maximumEdge = 320

    let photos: PhotoSidecar
    let language: Language

    /// Whether lists show thumbnails (and placeholders) at all.
    var areShown: Bool { !photos.records.isEmpty }

    /// `{src, width, height, …}` (`PhotoValues.thumbnail`) for `partials/thumbnail.html`, or null: no photo.
    func value(_ bike: Motorcycle) -> Value {
        PhotoValues.thumbnail(bike, photos: photos, language: language, maximumEdge: Self.maximumEdge)
    }

    /// The `thumb` cell of `data/catalogue.js`: `[src, width, height]` of the same file as `value`, or `null`.
    func cell(_ bike: Motorcycle, into json: inout JSONBuilder) {
        guard case .map(let map) = value(bike), case .text(let src)? = map["src"],
            case .number(let width)? = map["width"], case .number(let height)? = map["height"]
        else { return json.null() }
        json.openArray()
        json.string(src)
        json.integer(Int(width))
        json.integer(Int(height))
        json.closeArray()
    }
}
