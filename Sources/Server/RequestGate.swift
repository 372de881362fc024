import Foundation
import Synchronization

/// Holds requests for the site's files while `serve` finishes a rebuild whose first part is already out.
///
/// `serve` renders the pages open in a browser first, tells them to reload, and then renders the rest of the
/// site (as Hugo's server does, "fast render"). Until the rest is written, a request for any other file could
/// get its previous version, and nothing would ever reload it: such requests wait here until `release()`. The
/// open pages themselves and the assets (written in the first part) are let through at once.
final class RequestGate: Sendable {
    /// Longest a request waits: the rest of a rebuild takes well under a second; a stuck one must not hang
    /// the browser forever.
    static let maximumWait: TimeInterval = 10

    private struct State {
        /// Real paths that pass while the gate is closed; nil when it is open.
        var allowed: Set<String>?
        var allowedFolders: [String] = []
    }

    private let state = Mutex(State())
    private let opened = NSCondition()

    /// Closes the gate for every file under `root` but `files` (paths relative to `root`) and the files in
    /// `folders` (relative to `root`, without a trailing slash).
    func hold(root: String, allowing files: Set<String>, folders: [String]) {
        let base = (PathResolver.realPath(root) ?? root) + "/"
        state.withLock {
            $0.allowed = Set(files.map { base + $0 })
            $0.allowedFolders = folders.map { base + $0 + "/" }
        }
    }

    func release() {
        opened.lock()
        state.withLock { $0.allowed = nil }
        opened.broadcast()
        opened.unlock()
    }

    /// Returns when a request for the file at `realPath` may be answered.
    func waitIfHeld(_ realPath: String) {
        let deadline = Date(timeIntervalSinceNow: Self.maximumWait)
        opened.lock()
        defer { opened.unlock() }
        while mustWait(realPath) {
            if !opened.wait(until: deadline) { return }
        }
    }

    private func mustWait(_ realPath: String) -> Bool {
        state.withLock { state in
            guard let allowed = state.allowed else { return false }
            return !allowed.contains(realPath) && !state.allowedFolders.contains { realPath.hasPrefix($0) }
        }
    }
}
