import Files
import Foundation
import OperatingSystem
import Synchronization
import Templating

/// Updates an output folder that guzzi-site made: writes only the files whose bytes change, removes the files
/// the site no longer has, and leaves every other file alone (same inode, same modification time), so that
/// `rsync`, `aws s3 sync` and the like upload only what changed.
///
/// The guarantee is the swap's: a build that fails leaves the previous site byte for byte.
/// - Changed files are written into the staging folder beside the output (`.<name>.tmp-<pid>`, named by
///   number: no folders to make there), never into the output, while pages are rendered. A failure up to the
///   end of rendering removes the staging folder and the output was never touched.
/// - Then, in a short phase of renames only: the new manifest is written as `.guzzi-site.next`; the stale
///   files are moved into the staging folder and their emptied folders removed; each changed file is renamed
///   over its target, after a hard link in the staging folder kept the previous one; and `.guzzi-site.next` is
///   renamed over the marker. Every step is recorded, and a failure undoes them in reverse order: the previous
///   files come back from their links, with their inodes.
/// - A process killed during that phase (SIGKILL, power loss) leaves a mix of old and new files and the
///   `.guzzi-site.next` file, which no completed build leaves behind. The next build sees it and does not
///   trust the folder: it builds a clean site and swaps it in (`OutputWriter`), as the first build does.
///   Its leftovers in the staging folder are removed with it (the process is gone).
///
/// Readers of the folder (a web server, `serve`) see each file whole, old or new: a rename is atomic.
final class IncrementalWriter: SiteOutput {
    static let pendingName = OutputWriter.markerName + ".next"

    let target: String
    let staging: String
    let previous: Manifest
    private let lock: OutputLock
    /// Leave the staging folder, with the previous versions of the replaced files, for the caller to remove
    /// (`BuildMode.preview`).
    private let defersCleanup: Bool
    private let state = Mutex(State())
    private let counter = Atomic<Int>(0)
    /// The output folder, open: the status of each of its files is taken relative to it (`FileStatus.of(_:in:)`).
    private let folder: Int32

    private struct State {
        var entries: [String: Manifest.Entry] = [:]
        /// Files written into the staging folder, to be renamed to their path: (path, name in the staging folder).
        var staged: [(path: String, name: String)] = []
        var unchanged = 0
        var stagingMade = false
        /// Set when a failed rename phase could not put every previous file back: they are in the staging folder.
        var keepsStaging = false
    }

    /// Undo log of the rename phase.
    private enum Step {
        case movedAway(path: String, to: String)
        case removedFolder(String)
        case madeFolder(String)
        case replaced(path: String, keptAt: String?)
        case pendingWritten
    }

    /// `previous` is the manifest read from the locked folder `target`. A staging folder of this process left
    /// by an earlier build (`serve`) that could not remove it is removed first.
    init(target: String, staging: String, previous: Manifest, lock: OutputLock, defersCleanup: Bool = false) {
        self.target = target
        self.staging = staging
        self.previous = previous
        self.lock = lock
        self.defersCleanup = defersCleanup
        folder = open(target, O_RDONLY | O_DIRECTORY | O_CLOEXEC)  // -1: each status is taken by full path
        TreeRemover.remove(staging)
    }

    deinit {
        if folder >= 0 { close(folder) }
    }

    /// The file at `path` in the output.
    private func status(_ path: String) -> FileStatus? {
        folder >= 0 ? FileStatus.of(path, in: folder) : FileStatus.of(target + "/" + path)
    }

    /// The output folder's manifest, when it can be updated in place: nil for a marker without a manifest (an
    /// older version's, or one damaged by hand) and after a build killed in its rename phase.
    static func manifest(in target: String) -> Manifest? {
        guard access(target + "/" + pendingName, F_OK) != 0, errno == ENOENT,
            let bytes = FileManager.default.contents(atPath: target + "/" + OutputWriter.markerName)
        else { return nil }
        return Manifest(parsing: Array(bytes))
    }

    /// True when the output is this build already: the same inputs, and every file as the manifest recorded it.
    func isUpToDate(global: Digest) -> Bool {
        guard previous.global == global else { return false }
        return previous.files.allSatisfy { path, entry in status(path) == entry.status }
    }

    func current(_ path: String, key: Digest) -> Int? {
        guard let entry = previous.files[path], entry.key == key, status(path) == entry.status
        else { return nil }
        state.withLock {
            $0.entries[path] = entry
            $0.unchanged += 1
        }
        return entry.status.size
    }

    func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        status(path)?.size == bytes.count
            && IncrementalWriter.file(target + "/" + path, holds: bytes)
    }

    func store(_ path: String, key: Digest, bytes: [UInt8]) throws(SiteError) {
        let digest = Digest(of: bytes)
        let full = target + "/" + path
        if let status = status(path) {
            let known = previous.files[path].map { $0.status == status && $0.digest == digest } ?? false
            if known || (status.size == bytes.count && IncrementalWriter.file(full, holds: bytes)) {
                state.withLock {
                    $0.entries[path] = Manifest.Entry(key: key, digest: digest, status: status)
                    $0.unchanged += 1
                }
                return
            }
        }
        try makeStaging()
        let name = "n" + String(counter.add(1, ordering: .relaxed).newValue)
        let written = OutputWriter.writeFileRecordingStatus(staging + "/" + name, bytes)
        guard let newStatus = written.status else {
            throw .output(path: staging + "/" + name, message: OutputWriter.errorText(written.code))
        }
        state.withLock {
            $0.entries[path] = Manifest.Entry(key: key, digest: digest, status: newStatus)
            $0.staged.append((path, name))
        }
    }

    func stored(_ path: String) -> (digest: Digest, size: Int)? {
        state.withLock { $0.entries[path] }.map { ($0.digest, $0.status.size) }
    }

    private func makeStaging() throws(SiteError) {
        let code: Int32 = state.withLock { state in
            if state.stagingMade { return 0 }
            if mkdir(staging, 0o755) != 0 && errno != EEXIST { return errno }
            state.stagingMade = true
            return 0
        }
        if code != 0 {
            throw .output(path: staging, message: "cannot create the staging folder: \(OutputWriter.errorText(code))")
        }
    }

    func commit(global: Digest, pages: Int, keepingOthers: Bool = false) throws(SiteError) -> OutputChanges? {
        var (entries, staged, unchanged) = state.withLock { ($0.entries, $0.staged, $0.unchanged) }
        if keepingOthers {
            for (path, entry) in previous.files where entries[path] == nil {
                entries[path] = entry
                unchanged += 1
            }
        }
        let stale = previous.files.keys.filter { entries[$0] == nil }.sorted()
        let manifest = Manifest(global: global, pages: pages, files: entries)
        let changes = OutputChanges(changed: staged.count, removed: stale.count, unchanged: unchanged)
        if staged.isEmpty && stale.isEmpty && manifest == previous {
            finish()
            return changes
        }
        try makeStaging()
        var steps: [Step] = []
        do throws(SiteError) {
            try writePending(manifest)
            steps.append(.pendingWritten)
            try removeStale(stale, steps: &steps)
            IncrementalWriter.faultPoint(steps.count - 1)
            for (index, file) in staged.sorted(by: { $0.path < $1.path }).enumerated() {
                try replace(file.path, with: file.name, keeping: "o" + String(index), steps: &steps)
                IncrementalWriter.faultPoint(steps.count - 1)
            }
            IncrementalWriter.faultPoint(Int.max)
            try IncrementalWriter.check(
                rename(target + "/" + IncrementalWriter.pendingName, target + "/" + OutputWriter.markerName),
                target + "/" + OutputWriter.markerName)
        } catch {
            if undo(steps) { throw error }
            // Some previous files could not be put back: their only copies are in the staging folder, which
            // must then stay. Never seen; the message says where they are.
            state.withLock { $0.keepsStaging = true }
            throw .output(
                path: target,
                message: "\(error); the previous versions of some files could not be put back and are in \(staging)")
        }
        finish(removingStaging: !defersCleanup)
        return changes
    }

    /// Fault injection for the tests of a build killed in this phase: with `GUZZI_FAULT_KILL_AFTER_STEPS=N` in
    /// its environment, the process sends itself SIGKILL once N files were moved (or, if there are fewer, just
    /// before the manifest is renamed into place). Read once; unset, it costs a comparison per file.
    private static let killAfterSteps: Int? = ProcessInfo.processInfo.environment["GUZZI_FAULT_KILL_AFTER_STEPS"]
        .flatMap { Int($0) }

    private static func faultPoint(_ steps: Int) {
        if let limit = killAfterSteps, steps >= limit { kill(getpid(), SIGKILL) }
    }

    /// The new manifest, under a name that tells the next build that this one may not have finished.
    private func writePending(_ manifest: Manifest) throws(SiteError) {
        let path = target + "/" + IncrementalWriter.pendingName
        let code = OutputWriter.writeFile(path, manifest.serialized())
        if code != 0 {
            unlink(path)
            throw .output(path: path, message: OutputWriter.errorText(code))
        }
    }

    /// Moves the files the site no longer has into the staging folder (deleted with it), then removes the
    /// folders that left empty, deepest first.
    private func removeStale(_ stale: [String], steps: inout [Step]) throws(SiteError) {
        var folders = Set<String>()
        for (index, path) in stale.enumerated() {
            let aside = staging + "/g" + String(index)
            if rename(target + "/" + path, aside) != 0 {
                if errno == ENOENT { continue }  // already gone
                throw .output(path: target + "/" + path, message: OutputWriter.errorText(errno))
            }
            steps.append(.movedAway(path: path, to: aside))
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                folders.insert(String(folder))
            }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) where rmdir(target + "/" + folder) == 0 {
            steps.append(.removedFolder(folder))
        }
    }

    /// Renames the staged file over `path`, keeping the previous file as a hard link in the staging folder.
    private func replace(_ path: String, with name: String, keeping kept: String, steps: inout [Step]) throws(SiteError)
    {
        let full = target + "/" + path
        if let slash = path.lastIndex(of: "/") { try makeFolders(path[..<slash], steps: &steps) }
        var keptAt: String? = staging + "/" + kept
        if link(full, keptAt!) != 0 {
            guard errno == ENOENT else { throw .output(path: full, message: OutputWriter.errorText(errno)) }
            keptAt = nil  // a new file
        }
        if rename(staging + "/" + name, full) != 0 {
            let code = errno
            if let keptAt { unlink(keptAt) }
            throw .output(path: full, message: OutputWriter.errorText(code))
        }
        steps.append(.replaced(path: path, keptAt: keptAt))
    }

    private func makeFolders(_ folder: Substring, steps: inout [Step]) throws(SiteError) {
        let full = target + "/" + folder
        var status = stat()
        if stat(full, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR { return }
        if let slash = folder.lastIndex(of: "/") { try makeFolders(folder[..<slash], steps: &steps) }
        try IncrementalWriter.check(mkdir(full, 0o755), full)
        steps.append(.madeFolder(String(folder)))
    }

    /// Puts everything back as it was, newest step first. Each step is undone with the call that is its exact
    /// reverse, so it fails only if the file system changed under us; false if a previous file stayed out.
    private func undo(_ steps: [Step]) -> Bool {
        var restored = true
        for step in steps.reversed() {
            switch step {
            case .pendingWritten:
                unlink(target + "/" + IncrementalWriter.pendingName)
            case .movedAway(let path, let aside):
                if rename(aside, target + "/" + path) != 0 { restored = false }
            case .removedFolder(let folder):
                mkdir(target + "/" + folder, 0o755)
            case .madeFolder(let folder):
                rmdir(target + "/" + folder)
            case .replaced(let path, let keptAt):
                if let keptAt {
                    if rename(keptAt, target + "/" + path) != 0 { restored = false }
                } else {
                    unlink(target + "/" + path)
                }
            }
        }
        return restored
    }

    /// Removes the staging folder, with the previous versions of replaced files, and releases the lock.
    private func finish(removingStaging: Bool = true) {
        let (made, keeps) = state.withLock { ($0.stagingMade, $0.keepsStaging) }
        if removingStaging && made && !keeps { TreeRemover.remove(staging) }
        lock.release()
    }

    /// Also what a build that finds the output up to date calls: it wrote nothing.
    func discard() {
        finish()
    }

    private static func check(_ result: Int32, _ path: String) throws(SiteError) {
        if result != 0 { throw .output(path: path, message: OutputWriter.errorText(errno)) }
    }

    /// Whether the file at `path`, already known to have this size, holds exactly `bytes`.
    static func file(_ path: String, holds bytes: [UInt8]) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return false }
        defer { close(fd) }
        var existing = [UInt8](repeating: 0, count: bytes.count)
        var offset = 0
        while offset < bytes.count {
            let count = existing.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress! + offset, bytes.count - offset, off_t(offset))
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return false }
            offset += count
        }
        return existing == bytes
    }
}
