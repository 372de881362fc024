import Files
import Templating

/// A file that is not a page: the JSON indexes, the browser's data scripts, the sitemap, robots.txt. Each is
/// made by its own closure, so that they are written in parallel with the pages, not before them.
struct DataFile: Sendable {
    let path: String
    let content: Content

    enum Content: Sendable {
        /// Bytes made from the catalogue as a whole (the indexes and the browser's data): keyed by everything the
        /// site plan and the page models are made from (`BuildKeys.models`), so made again after any edit of the
        /// data, and written only when they changed.
        case bytes(@Sendable () throws(SiteError) -> [UInt8])
        /// A template drawn from a model that holds everything it shows (the sitemap, robots.txt): keyed like a
        /// page, by the model's digest and the template, so an edit that leaves the model alone renders nothing.
        case rendered(template: String, model: @Sendable () -> [String: Value])
    }

    init(_ path: String, make: @escaping @Sendable () throws(SiteError) -> [UInt8]) {
        self.path = path
        content = .bytes(make)
    }

    init(_ path: String, template: String, model: @escaping @Sendable () -> [String: Value]) {
        self.path = path
        content = .rendered(template: template, model: model)
    }
}
