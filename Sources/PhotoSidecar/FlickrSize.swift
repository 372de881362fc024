/// The sizes of a Flickr photo that share its secret, by the longest edge Flickr gives them
/// ("Size Suffixes" on https://www.flickr.com/services/api/misc.urls.html: m 240, n 320, w 400, no suffix 500,
/// z 640, c 800, b 1024, each "longest edge (px)"). The cropped squares and the 100-px thumbnail are left out:
/// the site never shows them. From 1600 px up every size has a secret of its own, so they are not here either.
public enum FlickrSize: Int, Sendable, CaseIterable, Comparable {
    case small240 = 240
    case small320 = 320
    case small400 = 400
    case medium500 = 500
    case medium640 = 640
    case medium800 = 800
    case large1024 = 1024

    /// The sizes the site offers browsers in `srcset`: enough steps between a phone's tile and a desktop's
    /// full width at two device pixels per CSS pixel, few enough that a browser's cache is reused.
    public static let offered: [FlickrSize] = [.small320, .medium640, .medium800, .large1024]

    /// The letter of the file name (`_b`); empty for the 500-px size, whose file name has none.
    public var suffix: String {
        switch self {
        case .small240: return "m"
        case .small320: return "n"
        case .small400: return "w"
        case .medium500: return ""
        case .medium640: return "z"
        case .medium800: return "c"
        case .large1024: return "b"
        }
    }

    /// The longest edge in pixels.
    public var edge: Int { rawValue }

    /// The size of a file name's suffix (`nil` for the 500-px size, which has none).
    public init?(suffix: String?) {
        guard let found = Self.allCases.first(where: { $0.suffix == (suffix ?? "") }) else { return nil }
        self = found
    }

    public static func < (a: FlickrSize, b: FlickrSize) -> Bool { a.rawValue < b.rawValue }
}
