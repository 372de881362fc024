import Files
import Templating

/// A file made from the catalogue rather than from one page model: the JSON indexes, the browser's data
/// scripts, the sitemap, robots.txt. A rebuild keys it by what it is made from (`Source`) and, when a template
/// renders it, by that template.
struct DataFile: Sendable {
    /// What a file is made from, so what its key covers.
    enum Source: Sendable {
        /// Everything the page models are made from (`BuildKeys.models`): all such files change together.
        case catalogue
        /// These motorcycles' page models alone (a spec chunk, `PageInputs.digest(ofDataFile:members:)`), so an
        /// edit of one motorcycle makes one chunk again, not all.
        case members([Int])
        /// The settings (`BuildKeys.setting`: base URL, tables, generator) and what `addresses` digests, if
        /// anything: the sitemap lists the pages' addresses, robots.txt nothing more; neither changes with a
        /// figure.
        case settings(addresses: (@Sendable () -> Digest)?)
    }

    let path: String
    /// The template that renders it, if any.
    let template: String?
    let source: Source
    let make: @Sendable () throws(SiteError) -> [UInt8]

    init(
        _ path: String, template: String? = nil, source: Source = .catalogue,
        make: @escaping @Sendable () throws(SiteError) -> [UInt8]
    ) {
        self.path = path
        self.template = template
        self.source = source
        self.make = make
    }

    /// The motorcycles of a `.members` file.
    var members: [Int]? {
        if case .members(let members) = source { return members }
        return nil
    }
}
