import Dispatch
import Synchronization

/// The templates and localisation tables read and compiled on another core while the building thread reads and
/// decodes the dataset.
///
/// A build from the command line keeps nothing between runs, so it always does both; one after the other, they
/// were a fifth of a rebuild after a one-bike edit of the real catalogue. Why the dataset, not the templates,
/// stays on the building thread: decoding makes most of a build's lasting allocations (the parsed document,
/// then the catalogue), and glibc grows the heap of any thread but the main one a page at a time, with an
/// `mprotect` call each: 2 500 of them at 1 000 motorcycles when decoding ran on the other core. `serve` does
/// not use it: it decodes only when its cache misses, which it knows once the templates are compiled.
final class EarlyCompile: Sendable {
    private let outcome = Mutex<Result<SiteBuilder.Inputs, SiteError>?>(nil)
    private let done = DispatchGroup()

    /// Starts reading and compiling at once.
    init(options: BuildOptions) {
        DispatchQueue.global().async(group: done) { [self] in
            let inputs = Result { () throws(SiteError) -> SiteBuilder.Inputs in try SiteBuilder.loadInputs(options) }
            outcome.withLock { $0 = inputs }
        }
    }

    /// Waits for the work to end; then, every time, what it gave.
    func wait() -> Result<SiteBuilder.Inputs, SiteError> {
        done.wait()
        return outcome.withLock { $0! }
    }
}
