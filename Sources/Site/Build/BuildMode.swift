/// How a build runs: the one place where `serve` differs from `guzzi-site build` (as Zola's `BuildMode`).
public enum BuildMode: Sendable {
    /// A build from the command line: nothing is kept for a next one.
    case publish
    /// A build of `serve`'s. The plan is kept between builds in `cache`, for as long as the dataset, tables and
    /// URLs are the same. The previous versions of the files the build replaces stay in this process's staging
    /// folder, served to pages that have not reloaded yet, until `SiteBuilder.removeStaging(for:)`: on this
    /// project's disk, deleting a few hundred files took longer than rendering them. With `openPages` (file paths
    /// in the output), when only templates or assets changed and the output is one to update in place, those
    /// pages alone are written, so they can reload before the rest: a partial build (`BuildReport.isPartial`)
    /// that a full one must follow.
    case preview(BuildCache, openPages: Set<String>? = nil)

    var cache: BuildCache? {
        if case .preview(let cache, _) = self { return cache }
        return nil
    }

    var openPages: Set<String>? {
        if case .preview(_, let pages) = self { return pages }
        return nil
    }

    /// The previous versions of replaced files are left for `SiteBuilder.removeStaging(for:)`.
    var defersCleanup: Bool { cache != nil }
}
