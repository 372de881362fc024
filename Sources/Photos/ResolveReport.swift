import Catalogue
import Fetching
import PhotoSidecar

/// What a run of `guzzi-site photos` did; its exit status says whether every photo is now resolved.
public struct ResolveReport: Sendable, CustomStringConvertible {
    public var sidecarPath: String
    /// Distinct Flickr photos in the dataset.
    public var flickrPhotos = 0
    /// Dataset images hosted elsewhere, which have nothing to resolve.
    public var otherImages = 0
    /// Photos the sidecar already had and that were not asked again.
    public var known = 0
    public var found = 0
    public var gone = 0
    /// Photos asked about without an answer the sidecar can keep, with the reason of the last try.
    public var failures: [(id: UInt64, reason: String)] = []
    /// Photos not asked because the run stopped early.
    public var unasked = 0
    /// Why the run stopped before asking about every photo.
    public var stopReason: String?

    /// 0 when every Flickr photo of the dataset is in the sidecar (found or gone), 4 otherwise.
    public var exitCode: Int32 { failures.isEmpty && unasked == 0 ? 0 : 4 }

    public var description: String {
        var lines: [String] = []
        let resolved = known + found + gone
        lines.append(
            "\(sidecarPath): \(resolved) of \(flickrPhotos) Flickr photos resolved"
                + " (\(found) found and \(gone) gone in this run, \(known) already known)"
                + (otherImages > 0 ? "; \(otherImages) images are not on Flickr" : ""))
        for failure in failures.prefix(10) { lines.append("  photo \(failure.id): \(failure.reason)") }
        if failures.count > 10 { lines.append("  … and \(failures.count - 10) more") }
        if let stopReason { lines.append("stopped early: \(stopReason); \(unasked) photos were not asked") }
        if exitCode != 0 {
            lines.append("what was resolved is saved; run 'guzzi-site photos' again to ask for the rest")
        }
        return lines.joined(separator: "\n")
    }
}

/// What stops a run before it asks anything, or while it saves: the local files. Exit status 1.
public enum PhotosError: Error, Sendable, CustomStringConvertible {
    case dataset(CatalogueError)
    case sidecar(SidecarError)
    case usage(String)
    /// No way to make a request at all (the fetch helper is missing): found before any photo is asked about.
    case fetching(FetchError)

    public var description: String {
        switch self {
        case .fetching(let error): return "error: cannot ask about photos: \(error.description)"
        case .dataset(let error): return error.description
        case .sidecar(let error): return error.description
        case .usage(let message): return "error: \(message)"
        }
    }
}
