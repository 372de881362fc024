import Foundation
import Photos
import Site
import Synchronization

/// A self-erasing progress line on standard error, shown only when standard error is a terminal: a long
/// build says what it is doing, while a script or CI log gets nothing but the summary line.
enum ProgressLine {
    private static let shown = Atomic<Bool>(false)
    private static let lastUpdate = Atomic<UInt64>(0)

    static func forTerminal() -> (@Sendable (BuildProgress) -> Void)? {
        guard Terminal.isInteractive else { return nil }
        return { progress in
            let now = DispatchTime.now().uptimeNanoseconds
            let last = lastUpdate.load(ordering: .relaxed)
            // At most ten updates a second; several threads report, one wins each slot. Another thread may have
            // stored a later time than `now` meanwhile: `now - last` would then trap.
            guard now > last + 100_000_000,
                lastUpdate.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged
            else { return }
            shown.store(true, ordering: .relaxed)
            let percent = progress.total == 0 ? 100 : progress.done * 100 / progress.total
            FileHandle.standardError.write(
                Data("\r\u{1B}[2K\(progress.phase) \(progress.done)/\(progress.total) pages (\(percent)%)".utf8))
        }
    }

    /// `photos 12/104 (1 failed)`, at most ten times a second, on a terminal only.
    static func forPhotos() -> (@Sendable (ResolveProgress) -> Void)? {
        guard Terminal.isInteractive else { return nil }
        return { progress in
            let now = DispatchTime.now().uptimeNanoseconds
            guard progress.done == progress.total || now > lastUpdate.load(ordering: .relaxed) + 100_000_000 else {
                return
            }
            lastUpdate.store(now, ordering: .relaxed)
            shown.store(true, ordering: .relaxed)
            let failed = progress.failed == 0 ? "" : " (\(progress.failed) failed)"
            FileHandle.standardError.write(
                Data("\r\u{1B}[2Kasking about photos \(progress.done)/\(progress.total)\(failed)".utf8))
        }
    }

    /// Erases the line, if one was drawn, before the summary is printed.
    static func clear() {
        if shown.exchange(false, ordering: .relaxed) { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
