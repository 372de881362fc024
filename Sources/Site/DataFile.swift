import Templating

/// A file made from the catalogue rather than from one page model: the JSON indexes, the browser's data
/// scripts, the sitemap, robots.txt. A rebuild keys it by everything the models are made from and, when a
/// template renders it, by that template (`BuildKeys.dataFile(_:templateDigest:)`); a file made from some
/// motorcycles' page models alone (a spec chunk) by theirs (`PageInputs.digest(ofDataFile:members:)`), so an
/// edit of one motorcycle makes one chunk again, not all.
struct DataFile: Sendable {
    let path: String
    /// The template that renders it, if any.
    let template: String?
    /// The motorcycles (indices) whose page models are all the file is made from, if that is what it is.
    let members: [Int]?
    /// A digest of all the file is made from besides the settings (`BuildKeys.setting`), when that is less than
    /// the whole catalogue: the sitemap lists addresses, robots.txt none, and neither changes with a figure.
    let inputs: (@Sendable () -> Digest)?
    let make: @Sendable () throws(SiteError) -> [UInt8]

    init(
        _ path: String, template: String? = nil, members: [Int]? = nil, inputs: (@Sendable () -> Digest)? = nil,
        make: @escaping @Sendable () throws(SiteError) -> [UInt8]
    ) {
        self.path = path
        self.template = template
        self.members = members
        self.inputs = inputs
        self.make = make
    }
}
