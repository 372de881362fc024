import Foundation
import OperatingSystem

/// Notices changes by scanning the watched files every `interval` and comparing each one's size, modification
/// time and inode with the scan before: what `FileWatcher` does where there is no inotify.
///
/// It reports what `InotifyWatcher` reports: in a watched tree every file or folder that appeared, went or
/// changed (not a folder whose only change is that its list of entries did), dotfiles and backups left out; a
/// watched single file by the path the caller gave, also when an editor replaced it by a rename.
final class PollingWatcher: ChangeSource {
    /// 50 ms: a save is seen within 50 ms, and with the 100 ms debounce `serve` still reloads within its 250 ms.
    static let interval: Int32 = 50

    private struct Signature: Equatable {
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64
        var isFolder: Bool
    }

    private let trees: [String]
    private let singleFiles: [String]
    private var last: [String: Signature]

    init(paths: [String]) {
        (trees, singleFiles) = FileWatcher.split(paths)
        last = [:]
        last = scan()
    }

    func waitForChanges(quietMilliseconds: Int32, timeoutMilliseconds: Int32) -> Set<String> {
        var changed = Set<String>()
        let overall = timeoutMilliseconds >= 0 ? Deadline(milliseconds: timeoutMilliseconds) : nil
        var quietUntil: Deadline?
        var settleLimit: Deadline?  // bounds the debounce, so a file rewritten forever still lets a rebuild happen
        while true {
            var wait = Self.interval
            if let quietUntil, let settleLimit {
                let left = min(quietUntil.remainingMilliseconds, settleLimit.remainingMilliseconds)
                if left <= 0 { return changed }
                wait = min(wait, left)
            } else if let overall {
                let left = overall.remainingMilliseconds
                if left <= 0 { return changed }
                wait = min(wait, left)
            }
            usleep(UInt32(wait) * 1_000)
            let now = scan()
            let differences = Self.differences(last, now)
            last = now
            guard !differences.isEmpty else { continue }
            changed.formUnion(differences)
            quietUntil = Deadline(milliseconds: quietMilliseconds)
            if settleLimit == nil { settleLimit = Deadline(milliseconds: max(quietMilliseconds * 20, 2_000)) }
        }
    }

    /// Paths that appeared, went or changed; a folder only when it appeared, went or was replaced.
    private static func differences(_ before: [String: Signature], _ after: [String: Signature]) -> Set<String> {
        var changed = Set<String>()
        for (path, now) in after {
            guard let then = before[path] else {
                changed.insert(path)
                continue
            }
            if now.isFolder && then.isFolder {
                if now.inode != then.inode { changed.insert(path) }
            } else if now != then {
                changed.insert(path)
            }
        }
        for path in before.keys where after[path] == nil { changed.insert(path) }
        return changed
    }

    /// Every watched single file that exists, and everything under the watched trees (not the trees themselves).
    private func scan() -> [String: Signature] {
        var found: [String: Signature] = [:]
        for path in singleFiles {
            if let signature = Self.signature(path) { found[path] = signature }
        }
        for tree in trees { Self.scanTree(tree, into: &found) }
        return found
    }

    private static func scanTree(_ folder: String, into found: inout [String: Signature]) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for entry in entries where !FileWatcher.isScratch(entry) {
            let path = folder == "/" ? "/" + entry : folder + "/" + entry
            guard let signature = signature(path) else { continue }
            found[path] = signature
            if signature.isFolder { scanTree(path, into: &found) }
        }
    }

    private static func signature(_ path: String) -> Signature? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let modified = info.modificationTime
        return Signature(
            size: Int64(info.st_size), seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec),
            inode: UInt64(info.st_ino), isFolder: info.st_mode & S_IFMT == S_IFDIR)
    }
}
