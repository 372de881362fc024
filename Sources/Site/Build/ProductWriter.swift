import Dispatch
import Files
import Foundation
import Synchronization

/// The one loop of a build: every product keyed on all cores, then rendered and stored only when the output
/// does not hold its key, so memory stays flat and a rebuild renders what changed.
///
/// Each worker takes the next product not yet taken: a rebuild renders a dozen files among hundreds left alone,
/// and a fixed share per worker left one core with most of them. Products are taken in order, so the first
/// failing one is always reached and the message is the same on every run.
struct ProductWriter {
    let output: any SiteOutput
    let progress: (@Sendable (BuildProgress) -> Void)?

    /// What a list of products came to: files, files rendered (the rest were current), bytes.
    struct Totals {
        var files = 0
        var made = 0
        var bytes = 0

        static func += (lhs: inout Totals, rhs: Totals) {
            lhs.files += rhs.files
            lhs.made += rhs.made
            lhs.bytes += rhs.bytes
        }
    }

    func write(_ products: [Product]) throws(SiteError) -> Totals {
        let output = output
        let progress = progress
        let failures = Mutex<[Int: SiteError]>([:])
        let bytes = Atomic<Int>(0)
        let made = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let next = Atomic<Int>(0)
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount) * 4
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let job = next.add(1, ordering: .relaxed).oldValue
                if job >= products.count { return }
                let product = products[job]
                do throws(SiteError) {
                    let prepared = try product.prepare()
                    if let size = output.current(product.path, key: prepared.key) {
                        bytes.add(size, ordering: .relaxed)
                        #if DEBUG
                            try Self.check(output, product.path, prepared.make())
                        #endif
                    } else {
                        let rendered = try prepared.make()
                        try output.store(product.path, key: prepared.key, bytes: rendered)
                        bytes.add(rendered.count, ordering: .relaxed)
                        made.add(1, ordering: .relaxed)
                    }
                } catch {
                    failures.withLock { $0[job] = error }
                    return
                }
                if let progress {
                    let count = done.add(1, ordering: .relaxed).newValue
                    if count % 250 == 0 {
                        progress(BuildProgress(phase: "rendering", done: count, total: products.count))
                    }
                }
            }
        }
        if let first = failures.withLock({ $0.min { $0.key < $1.key } }) { throw first.value }
        return Totals(
            files: products.count, made: made.load(ordering: .relaxed), bytes: bytes.load(ordering: .relaxed))
    }

    /// Debug builds only: a file left alone because its key was unchanged must hold what it would be rendered
    /// to, or its key misses an input (see `MotorcyclePageKey`). Every rebuild in the test suite checks it.
    private static func check(_ output: any SiteOutput, _ path: String, _ bytes: [UInt8]) throws(SiteError) {
        if !output.holds(path, bytes) {
            throw .output(
                path: path, message: "internal error: the file changed but its key did not (a key misses an input)")
        }
    }
}
