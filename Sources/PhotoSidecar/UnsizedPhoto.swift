/// What a page can show of a photo the sidecar does not size: its width and height are unknown, and the dataset's
/// URL is most often an original of several megabytes.
///
/// Why it matters: a phone on a slow connection took 15 s to show a motorcycle page whose first photo was a
/// 2.5 MB Flickr original, and 50 s for a gallery. So an original is never loaded unasked: a page shows a box
/// that links to it. Only what the URL itself proves small is loaded: a Flickr size up to 1024 px (its suffix
/// says so), or a Wikimedia Commons thumbnail, whose documented URL scheme gives any standard width of any file.
public enum UnsizedPhoto: Sendable, Equatable {
    /// Files the URL scheme offers at known widths (Wikimedia Commons): `src` for browsers without `srcset`.
    case thumbnails(src: String, srcset: String)
    /// A file no larger than `edge` pixels on its longest edge (a Flickr size).
    case small(src: String, edge: Int)
    /// An original, or a file of unknown size: shown on request only.
    case original

    /// The widths Wikimedia renders for anyone ("standard thumbnail sizes", mediawiki.org/wiki/Common_thumbnail_sizes):
    /// other widths are served as the next standard one, or refused.
    public static let wikimediaWidths = [330, 500, 960, 1280]
    /// The one for browsers that ignore `srcset`: a phone's full width at two device pixels per CSS pixel.
    static let wikimediaFallback = 960

    public init(_ url: String) {
        if let thumbnails = Self.wikimediaThumbnails(url) {
            self = thumbnails
        } else if let parts = FlickrURL.parse(url), let size = FlickrSize(suffix: parts.suffix) {
            self = .small(src: url, edge: size.edge)
        } else {
            self = .original
        }
    }

    /// `https://upload.wikimedia.org/wikipedia/commons/a/ab/File.jpg` → its thumbnails
    /// `…/commons/thumb/a/ab/File.jpg/960px-File.jpg`. Raster formats browsers show only: an SVG or a TIFF's
    /// thumbnails are other formats (`.svg.png`), not worth a special case for a motorcycle catalogue.
    static func wikimediaThumbnails(_ url: String) -> UnsizedPhoto? {
        let prefix = "https://upload.wikimedia.org/wikipedia/commons/"
        guard url.hasPrefix(prefix) else { return nil }
        let path = url.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard path.count == 3, path[0].count == 1, path[1].count == 2, path[1].hasPrefix(path[0]),
            let name = path.last, !name.isEmpty, !name.contains("?"), !name.contains("#")
        else { return nil }
        let lower = name.lowercased()
        guard [".jpg", ".jpeg", ".png", ".gif", ".webp"].contains(where: { lower.hasSuffix($0) }) else { return nil }
        let base = prefix + "thumb/" + path.joined(separator: "/") + "/"
        let file = { (width: Int) in base + "\(width)px-" + name }
        return .thumbnails(
            src: file(wikimediaFallback),
            srcset: wikimediaWidths.map { file($0) + " \($0)w" }.joined(separator: ", "))
    }
}
