import Catalogue
import Dispatch
import Synchronization

/// The dataset read and decoded on another core while the templates are read and compiled.
///
/// A build from the command line keeps nothing between runs, so it always decodes the catalogue; the two were
/// done one after the other, and together they were a fifth of a rebuild after a one-bike edit of the real
/// catalogue. `serve` does not use it: it decodes only when its cache does not already hold the catalogue.
final class EarlyDecode: Sendable {
    typealias Decoded = (catalogue: Catalogue, warnings: [Problem])

    /// The file's bytes, or why they could not be read; then the decoded catalogue, or why not.
    private let outcome = Mutex<(bytes: Result<[UInt8], CatalogueError>, decoded: Result<Decoded, CatalogueError>?)?>(
        nil)
    private let done = DispatchGroup()

    /// Starts reading and decoding `path` at once.
    init(path: String, strict: Bool) {
        DispatchQueue.global().async(group: done) { [self] in
            let bytes = Result { () throws(CatalogueError) -> [UInt8] in try Catalogue.bytes(contentsOf: path) }
            var decoded: Result<Decoded, CatalogueError>?
            if case .success(let data) = bytes {
                decoded = Result { () throws(CatalogueError) -> Decoded in
                    try Catalogue.load(data, path: path, strict: strict)
                }
            }
            outcome.withLock { $0 = (bytes, decoded) }
        }
    }

    /// Waits for the work to end; then, every time, what it gave.
    func wait() -> (bytes: Result<[UInt8], CatalogueError>, decoded: Result<Decoded, CatalogueError>?) {
        done.wait()
        return outcome.withLock { $0! }
    }
}
