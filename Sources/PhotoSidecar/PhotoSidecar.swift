/// The photo sidecar: per Flickr photo id, what `guzzi-site photos` learnt from Flickr's oEmbed endpoint.
///
/// It lives beside the dataset (`info_moto.json` → `info_moto.photos.json`) and is data of its own, fetched
/// separately: the dataset stays as the Guzzi Tracker project publishes it and `update` never touches the
/// sidecar. A build reads it when it is there and falls back to the dataset's URLs for photos without an entry.
public struct PhotoSidecar: Sendable, Equatable {
    /// The version of the file's layout, written as `"format"`; a reader refuses any other.
    public static let format = 1

    public var records: [UInt64: PhotoRecord]

    public init(records: [UInt64: PhotoRecord] = [:]) {
        self.records = records
    }

    /// `FILE.photos.json` for `FILE.json`; `FILE.photos.json` beside any other name.
    public static func path(forDataset dataPath: String) -> String {
        let base = dataPath.hasSuffix(".json") ? String(dataPath.dropLast(5)) : dataPath
        return base + ".photos.json"
    }

    /// The record of the photo behind a dataset image URL, if it is a Flickr photo the sidecar knows.
    public func record(forImage url: String) -> PhotoRecord? {
        FlickrURL.photoID(url).flatMap { records[$0] }
    }

    /// The sizes of a dataset image, when the sidecar found it on Flickr.
    public func sized(_ url: String) -> SizedPhoto? {
        guard let id = FlickrURL.photoID(url), let found = records[id]?.found else { return nil }
        return found.sized(id: id)
    }

    /// A motorcycle's thumbnail: the first of its images that the sidecar found, limited to sizes up to
    /// `maximumEdge` pixels. `nil` when none was found (the dataset's own URLs are originals of several
    /// megabytes: never a thumbnail).
    public func thumbnail(forImages images: [String], maximumEdge: Int = 640) -> Thumbnail? {
        // Lists ask for every row; without a sidecar, don't parse URLs to find nothing.
        if records.isEmpty { return nil }
        for url in images {
            guard let id = FlickrURL.photoID(url), let found = records[id]?.found else { continue }
            return Thumbnail(image: url, photo: found, sizes: found.sized(id: id).limited(to: maximumEdge))
        }
        return nil
    }
}

/// A small picture of a motorcycle for lists (the catalogue, facet pages): which dataset image it is, its
/// files and credit. `src`, `width` and `height` are those of the smallest file, which a list row shows at
/// about 100 CSS pixels; `srcset` lets a dense screen take the next one.
public struct Thumbnail: Sendable, Equatable {
    /// The dataset's URL of the image (the original file).
    public var image: String
    public var photo: FoundPhoto
    public var sizes: SizedPhoto

    public var src: String { sizes.candidates[0].url }
    public var width: Int { sizes.candidates[0].width }
    public var height: Int { sizes.candidates[0].height }
    public var srcset: String { sizes.srcset }
}
