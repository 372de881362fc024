import Catalogue
import PhotoSidecar

/// The photo sidecar of a build: read beside the dataset (`info_moto.json` → `info_moto.photos.json`) when it
/// is there. Its bytes join the dataset's in `serve`'s cache key, since the page models depend on both.
struct PhotoFiles {
    let path: String
    /// Empty when there is no sidecar.
    let bytes: [UInt8]

    static func read(besideDataset dataPath: String) throws(SiteError) -> PhotoFiles {
        let path = PhotoSidecar.path(forDataset: dataPath)
        do {
            guard let found = try PhotoSidecar.readBytes(contentsOf: path) else {
                return PhotoFiles(path: path, bytes: [])
            }
            return PhotoFiles(path: path, bytes: found)
        } catch {
            throw .photos(error)
        }
    }

    /// The sidecar's records; a malformed file stops the build with its line and column.
    func decoded() throws(SiteError) -> PhotoSidecar {
        guard !bytes.isEmpty else { return PhotoSidecar() }
        do {
            return try PhotoSidecar.decode(bytes, path: path)
        } catch {
            throw .photos(error)
        }
    }

    /// How many of the catalogue's photos `sidecar` has no sizes for.
    static func count(_ catalogue: Catalogue, sidecar: PhotoSidecar) -> PhotoCount {
        var count = PhotoCount(total: 0, unsized: 0)
        for bike in catalogue.motorcycles {
            for url in bike.images {
                count.total += 1
                if sidecar.sized(url) == nil { count.unsized += 1 }
            }
        }
        return count
    }
}
