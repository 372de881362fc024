import Foundation
import OperatingSystem

/// Watches files and folders with Linux's inotify (`InotifyQueue`); see `FileWatcher`.
///
/// inotify is not recursive, so every folder gets its own watch and new subfolders are added as they
/// appear. A single file is watched through its parent folder, filtered by name: editors save by writing
/// a temporary file and renaming it over the original, which would silently end a watch on the file itself.
/// Not Sendable: create and use it on one thread.
final class InotifyWatcher: ChangeSource {
    private let queue: InotifyQueue
    /// Watch descriptor → folder as the caller spelled it.
    private var folders: [Int32: String] = [:]
    /// Folders watched as part of a tree: every entry counts and new subfolders are followed.
    private var recursiveFolders: Set<String> = []
    /// Parent folder → (file name → path as the caller gave it), for individually watched files.
    private var singleFiles: [String: [String: String]] = [:]

    /// Nil where there is no inotify (another system, a portable build, or its limit reached).
    init?(paths: [String]) {
        guard let queue = InotifyQueue() else { return nil }
        self.queue = queue
        let (trees, files) = FileWatcher.split(paths)
        for tree in trees { addTree(tree, reportInto: nil) }
        for file in files {
            let url = URL(fileURLWithPath: file)
            let parent = file.contains("/") ? url.deletingLastPathComponent().path : "."
            singleFiles[parent, default: [:]][url.lastPathComponent] = file
            addWatch(parent)
        }
    }

    func waitForChanges(quietMilliseconds: Int32, timeoutMilliseconds: Int32) -> Set<String> {
        var changed = Set<String>()
        let overall = timeoutMilliseconds >= 0 ? Deadline(milliseconds: timeoutMilliseconds) : nil
        // Bounds the debounce so a file rewritten forever still lets a rebuild happen.
        var settleLimit: Deadline?
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
            guard let readable = Socket.waitReadable(queue.descriptor, milliseconds: wait) else { return changed }
            if !readable {
                if settleLimit != nil { return changed }
                continue  // the loop head sees the overall deadline has passed
            }
            guard let events = queue.nextEvents() else { return changed }
            record(events, into: &changed)
            if !changed.isEmpty && settleLimit == nil {
                settleLimit = Deadline(milliseconds: max(quietMilliseconds * 20, 2_000))
            }
        }
    }

    private func record(_ events: [InotifyQueue.Event], into changed: inout Set<String>) {
        for event in events {
            let name = event.name
            if event.overflowed {
                changed.insert("*")
                continue
            }
            guard let folder = folders[event.watch] else { continue }
            if event.ended {
                folders[event.watch] = nil
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
            guard recursiveFolders.contains(folder), !FileWatcher.isScratch(name) else { continue }
            changed.insert(path)
            if event.isFolder && event.arrived {
                addTree(path, reportInto: &changed)
            }
        }
    }

    private func addWatch(_ folder: String) {
        if let watch = queue.watch(folder) { folders[watch] = folder }
    }

    /// Watches a folder and everything below. When the folder is new (`report` given), files that were
    /// created in it before its watch existed are reported too, closing that race.
    private func addTree(_ folder: String, reportInto report: UnsafeMutablePointer<Set<String>>?) {
        recursiveFolders.insert(folder)
        addWatch(folder)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for entry in entries where !FileWatcher.isScratch(entry) {
            let path = folder + "/" + entry
            report?.pointee.insert(path)
            if FileWatcher.isDirectory(path) { addTree(path, reportInto: report) }
        }
    }

    private func addTree(_ folder: String, reportInto changed: inout Set<String>) {
        withUnsafeMutablePointer(to: &changed) { addTree(folder, reportInto: $0) }
    }
}
