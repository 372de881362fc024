import Dispatch

/// `(0..<count).map(transform)` on all cores, in order: for the per-motorcycle work of planning and keying a
/// build, which is the same small job many times and waits for nothing.
func concurrentMap<T: Sendable>(count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
    guard count > 1 else { return (0..<count).map(transform) }
    let slots = Slots<T>(count: count)
    // Eight runs (a few per core on the machines this runs on), each taking every `runs`-th index, so that no
    // run is left with all the slow ones.
    let runs = min(count, 8)
    DispatchQueue.concurrentPerform(iterations: runs) { run in
        for index in stride(from: run, to: count, by: runs) { slots.set(index, transform(index)) }
    }
    return slots.values
}

/// One slot per index, each written by exactly one thread, read after all are done.
///
/// The slots are one allocation that never moves: `Array.withUnsafeMutableBufferPointer` lends its buffer out for
/// the closure and leaves the array empty meanwhile, so two threads calling it at once crashed (an index out of
/// range in the other thread).
private final class Slots<T>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<T?>
    private let count: Int

    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil, count: count)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    func set(_ index: Int, _ value: T) {
        storage[index] = value
    }

    var values: [T] { (0..<count).map { storage[$0]! } }
}
