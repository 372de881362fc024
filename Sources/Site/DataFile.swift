/// A file made from the whole catalogue rather than from one page model: the JSON indexes, the browser's data
/// scripts, the sitemap, robots.txt. A rebuild keys it by everything the models are made from and, when a
/// template renders it, by that template (`BuildKeys.dataFile(_:templateDigest:)`).
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
