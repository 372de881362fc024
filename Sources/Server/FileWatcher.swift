import Foundation
import Glibc

/// Watches files and folders with inotify so `serve`/`build --watch` rebuild on change.
///
/// inotify is not recursive, so every folder gets its own watch and new subfolders are added as they
/// appear. A single file is watched through its parent folder, filtered by name: editors save by writing
/// a temporary file and renaming it over the original, which would silently end a watch on the file itself.
/// Not Sendable: create and use it on one thread.
public final class FileWatcher {
    private let fd: Int32
    /// Watch descriptor → folder as the caller spelled it.
    private var folders: [Int32: String] = [:]
    /// Folders watched as part of a tree: every entry counts and new subfolders are followed.
    private var recursiveFolders: Set<String> = []
    /// Parent folder → (file name → path as the caller gave it), for individually watched files.
    private var singleFiles: [String: [String: String]] = [:]
    private static let mask = UInt32(
        IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF
            | IN_ATTRIB)

    public init(paths: [String]) {
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        for path in paths {
            let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            if Self.isDirectory(trimmed) {
                addTree(trimmed, reportInto: nil)
            } else {
                let url = URL(fileURLWithPath: trimmed)
                let parent = trimmed.contains("/") ? url.deletingLastPathComponent().path : "."
                singleFiles[parent, default: [:]][url.lastPathComponent] = trimmed
                addWatch(parent)
            }
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Blocks until something changes, then waits until `quietMilliseconds` pass with no further event (debounce).
    /// Returns changed paths ("*" on overflow), or [] on timeout.
    public func waitForChanges(quietMilliseconds: Int32 = 100, timeoutMilliseconds: Int32 = -1) -> Set<String> {
        guard fd >= 0 else {
            // No inotify (limit reached): report nothing, but do not turn a caller's loop into a busy one.
            usleep(UInt32(timeoutMilliseconds >= 0 ? timeoutMilliseconds : 1_000) * 1_000)
            return []
        }
        var changed = Set<String>()
        let overall = timeoutMilliseconds >= 0 ? Deadline(milliseconds: timeoutMilliseconds) : nil
        // Bounds the debounce so a file rewritten forever still lets a rebuild happen.
        var settleLimit: Deadline?
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let wait: Int32
            if let settleLimit {
                wait = min(quietMilliseconds, settleLimit.remainingMilliseconds)
                if wait <= 0 { return changed }
            } else if let overall {
                wait = overall.remainingMilliseconds
                if wait <= 0 { return changed }
            } else {
                wait = -1
            }
            guard let readable = Socket.waitReadable(fd, milliseconds: wait) else { return changed }
            if !readable {
                if settleLimit != nil { return changed }
                continue  // the loop head sees the overall deadline has passed
            }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return changed }
            parse(buffer[..<count], into: &changed)
            if !changed.isEmpty && settleLimit == nil {
                settleLimit = Deadline(milliseconds: max(quietMilliseconds * 20, 2_000))
            }
        }
    }

    /// `struct inotify_event { int32 wd; uint32 mask, cookie, len; char name[len]; }`, name NUL-padded.
    private func parse(_ bytes: ArraySlice<UInt8>, into changed: inout Set<String>) {
        var offset = bytes.startIndex
        while offset + 16 <= bytes.endIndex {
            let (wd, event, length) = bytes.withUnsafeBytes { raw in
                let base = offset - bytes.startIndex
                return (
                    raw.loadUnaligned(fromByteOffset: base, as: Int32.self),
                    raw.loadUnaligned(fromByteOffset: base + 4, as: UInt32.self),
                    Int(raw.loadUnaligned(fromByteOffset: base + 12, as: UInt32.self))
                )
            }
            let nameEnd = min(offset + 16 + length, bytes.endIndex)
            let name = String(decoding: bytes[(offset + 16)..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            offset += 16 + length
            if event & UInt32(IN_Q_OVERFLOW) != 0 {
                changed.insert("*")
                continue
            }
            guard let folder = folders[wd] else { continue }
            if event & UInt32(IN_IGNORED) != 0 {
                folders[wd] = nil
                continue
            }
            if name.isEmpty {
                // The watched folder itself went away or moved.
                if recursiveFolders.contains(folder) { changed.insert(folder) }
                continue
            }
            let path = folder == "/" ? "/" + name : folder + "/" + name
            if let files = singleFiles[folder], let original = files[name] {
                changed.insert(original)
            }
            guard recursiveFolders.contains(folder), !Self.isScratch(name) else { continue }
            changed.insert(path)
            if event & UInt32(IN_ISDIR) != 0 && event & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                addTree(path, reportInto: &changed)
            }
        }
    }

    /// Editor droppings that are never the real change: dotfiles (swap files) and backups.
    private static func isScratch(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~")
    }

    private func addWatch(_ folder: String) {
        guard fd >= 0 else { return }
        let wd = inotify_add_watch(fd, folder, Self.mask)
        if wd >= 0 { folders[wd] = folder }
    }

    /// Watches a folder and everything below. When the folder is new (`report` given), files that were
    /// created in it before its watch existed are reported too, closing that race.
    private func addTree(_ folder: String, reportInto report: UnsafeMutablePointer<Set<String>>?) {
        recursiveFolders.insert(folder)
        addWatch(folder)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for entry in entries where !Self.isScratch(entry) {
            let path = folder + "/" + entry
            report?.pointee.insert(path)
            if Self.isDirectory(path) { addTree(path, reportInto: report) }
        }
    }

    private func addTree(_ folder: String, reportInto changed: inout Set<String>) {
        withUnsafeMutablePointer(to: &changed) { addTree(folder, reportInto: $0) }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
