import OperatingSystem

/// Watches files and folders so that `serve` rebuilds on change: the dataset and its sidecar as single files, the
/// templates and resources as trees.
///
/// Two ways, one behaviour: inotify where Linux has it (`InotifyWatcher`, a save seen within a millisecond), and
/// elsewhere — macOS, or a Linux build with `-DGUZZI_PORTABLE` — a scan of the watched files' size, modification
/// time and inode every 50 ms (`PollingWatcher`). Polling rather than kqueue or FSEvents: kqueue needs a
/// descriptor per file and says nothing about a new file's name, FSEvents needs CoreServices and a run loop, while
/// a scan of the few hundred files a project has costs well under a millisecond and is the same code on every
/// system, so the Linux tests prove it.
/// Not Sendable: create and use it on one thread.
public final class FileWatcher {
    private let source: any ChangeSource

    /// Which way this watcher works, for tests and messages.
    public let usesPolling: Bool

    public convenience init(paths: [String]) {
        self.init(paths: paths, polling: false)
    }

    /// `polling` forces the scan where inotify exists, so the Linux tests prove both ways.
    init(paths: [String], polling: Bool) {
        if !polling, let inotify = InotifyWatcher(paths: paths) {
            source = inotify
            usesPolling = false
        } else {
            source = PollingWatcher(paths: paths)
            usesPolling = true
        }
    }

    /// Blocks until something changes, then waits until `quietMilliseconds` pass with no further event (debounce).
    /// Returns changed paths, spelled under the watched paths as the caller gave them ("*" when the system lost
    /// track), or [] on timeout (-1: none).
    public func waitForChanges(quietMilliseconds: Int32 = 100, timeoutMilliseconds: Int32 = -1) -> Set<String> {
        source.waitForChanges(quietMilliseconds: quietMilliseconds, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// The watched paths, a trailing slash dropped: folders are watched as trees, anything else (a file, or a
    /// path that does not exist yet) as a single file.
    static func split(_ paths: [String]) -> (trees: [String], files: [String]) {
        var trees: [String] = []
        var files: [String] = []
        for path in paths {
            let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            if isDirectory(trimmed) { trees.append(trimmed) } else { files.append(trimmed) }
        }
        return (trees, files)
    }

    /// Editor droppings that are never the real change: dotfiles (swap files) and backups.
    static func isScratch(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~")
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

/// One way of noticing changes; see `FileWatcher`.
protocol ChangeSource {
    func waitForChanges(quietMilliseconds: Int32, timeoutMilliseconds: Int32) -> Set<String>
}
