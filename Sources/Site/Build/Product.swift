import Files

/// One file a build writes: its path, and how to learn its key and its bytes.
///
/// The key is learnt first, on a worker thread, and the bytes are made only when the output does not already
/// hold that key: a rebuild renders what changed and nothing else. For most products the key is the digest of
/// the model the file is rendered from (`Site.pageProduct`, `Site.drawnProduct`), so it cannot miss an input.
struct Product: Sendable {
    let path: String
    let prepare: @Sendable () throws(SiteError) -> Prepared

    /// A product's key, and how to make its bytes from the model the key was learnt from.
    struct Prepared {
        let key: Digest
        let make: () throws(SiteError) -> [UInt8]
    }

    init(_ path: String, prepare: @escaping @Sendable () throws(SiteError) -> Prepared) {
        self.path = path
        self.prepare = prepare
    }

    /// A file whose bytes are known, or made cheaply, and keyed by something cheaper than them.
    init(_ path: String, key: Digest, make: @escaping @Sendable () throws(SiteError) -> [UInt8]) {
        self.init(path) { () throws(SiteError) in Prepared(key: key, make: make) }
    }
}
