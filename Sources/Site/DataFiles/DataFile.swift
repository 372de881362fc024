import Files
import Templating

/// A file made from the catalogue rather than from one page model: the JSON indexes, the browser's data
/// scripts, the sitemap, robots.txt. A rebuild keys it by everything the site plan and the page models are made
/// from (`BuildKeys.models`: the dataset and the settings) and by the template that renders it, if any: such a
/// file is made again after any edit of the data, and written only when its bytes changed.
struct DataFile: Sendable {
    let path: String
    /// The template that renders it, if any.
    let template: String?
    let make: @Sendable () throws(SiteError) -> [UInt8]

    init(_ path: String, template: String? = nil, make: @escaping @Sendable () throws(SiteError) -> [UInt8]) {
        self.path = path
        self.template = template
        self.make = make
    }
}
