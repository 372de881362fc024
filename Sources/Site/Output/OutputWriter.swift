import Files
import Foundation
import OperatingSystem
import Synchronization
import Templating

/// Writes a whole site into a fresh folder beside the output and swaps it in only when everything succeeded:
/// the first build into an output, `build --clean`, and the build after one that was killed while renaming
/// (see `IncrementalWriter`, which does every other build).
///
/// Why: a failed or interrupted build must leave the previous site byte for byte as it was. The new site is
/// written into `.<name>.tmp-<pid>` in the same parent folder (a rename cannot cross file systems), then the
/// two folders are exchanged atomically (`AtomicRename`: `renameat2` on Linux, `renameatx_np` on macOS; two
/// renames elsewhere). Files are written with plain `open`/`write`, because every Foundation write path calls
/// `fsync` and is 5–7× slower for many small files.
/// Each file's `stat` is taken right after it is written, for the manifest the next build compares against.
final class OutputWriter: SiteOutput {
    /// Marks a folder as ours: only such a folder (or an empty one) is ever replaced. It holds the manifest.
    static let markerName = ".guzzi-site"

    let target: String
    let staging: String
    /// Held from the moment the build looked at the output, when there was one; else taken for the swap.
    private let lock: OutputLock?
    private let name: String
    private let waiting: @Sendable (String) -> Void
    private let entries = Mutex<[String: Manifest.Entry]>([:])
    /// Leave the previous output in the staging folder for the caller to delete (`BuildMode.preview`).
    private let defersCleanup: Bool

    /// The output folder, absolute, and the staging folder a build for it uses in this process.
    static func stagingPath(for output: String) -> (target: String, staging: String) {
        let absolute = output.hasPrefix("/") ? output : FileManager.default.currentDirectoryPath + "/" + output
        // An output that is a symbolic link (a web root linked from elsewhere) is built where it points: the
        // exchange must swap the real folder, not replace the link with a folder.
        let resolved = URL(fileURLWithPath: absolute).resolvingSymlinksInPath().path
        let trimmed = resolved.count > 1 && resolved.hasSuffix("/") ? String(resolved.dropLast()) : resolved
        let parent = (trimmed as NSString).deletingLastPathComponent
        let name = (trimmed as NSString).lastPathComponent
        return (trimmed, parent + "/." + name + ".tmp-" + String(getpid()))
    }

    /// Creates the staging folder for `target`, whose parent `prepareParent` made ready. `lock`, when given, is
    /// held on the target already; else the swap takes it (`waiting` is told if it has to wait; `name` is the
    /// output as the user gave it, for that message).
    init(
        target: String, staging: String, name: String, lock: OutputLock?,
        waiting: @escaping @Sendable (String) -> Void, defersCleanup: Bool = false
    ) throws(SiteError) {
        self.defersCleanup = defersCleanup
        self.target = target
        self.staging = staging
        self.name = name
        self.lock = lock
        self.waiting = waiting
        // Ours, left by an earlier build in this process (`serve`) that could not remove it. Builds of one
        // output run one at a time, so nothing is writing there.
        TreeRemover.remove(staging)
        if mkdir(staging, 0o755) != 0 {
            throw .output(path: staging, message: "cannot create the staging folder: \(OutputWriter.errorText(errno))")
        }
    }

    /// Checks that the target can be replaced, makes its parent folder and removes staging folders of killed
    /// builds beside it.
    static func prepareParent(of target: String) throws(SiteError) {
        let parent = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        try checkReplaceable(target)
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw .output(path: parent, message: "cannot create the folder: \(error.localizedDescription)")
        }
        removeStaleStaging(parent: parent, name: name)
    }

    static func checkReplaceable(_ path: String) throws(SiteError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw .output(path: path, message: "exists and is not a folder") }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        if contents.allSatisfy({ $0 == OutputLock.holderFileName }) || contents.contains(markerName) { return }
        throw .foreignOutput(path: path)
    }

    /// Staging folders left by a build that was killed: their process is gone, so nobody else is writing there.
    static func removeStaleStaging(parent: String, name: String) {
        let prefix = "." + name + ".tmp-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where entry.hasPrefix(prefix)
        {
            // `.<name>.tmp-<pid>`; the digits are read up to the first non-digit.
            guard let pid = Int32(entry.dropFirst(prefix.count).prefix { $0.isNumber }), pid != getpid() else {
                continue
            }
            if kill(pid, 0) != 0 && errno == ESRCH {
                TreeRemover.remove(parent + "/" + entry)
            }
        }
    }

    /// Writes one file into the staging folder, creating its folders when they are missing; safe to call from
    /// several threads, for different paths.
    ///
    /// Why folders are made here and not all up front: a site is a folder per page, and making 26 000 of them
    /// before rendering was a second of one core at 10 000 bikes on ext4 (each `mkdir` allocates a block),
    /// while the other core waited. Made by the thread that writes into them, they overlap with rendering.
    @discardableResult
    func write(_ relativePath: String, _ bytes: [UInt8]) throws(SiteError) -> FileStatus {
        let path = staging + "/" + relativePath
        var written = OutputWriter.writeFileRecordingStatus(path, bytes)
        if written.code == ENOENT, let slash = relativePath.lastIndex(of: "/") {
            try makeFolder(relativePath[..<slash])
            written = OutputWriter.writeFileRecordingStatus(path, bytes)
        }
        guard let status = written.status else {
            throw .output(path: path, message: OutputWriter.errorText(written.code))
        }
        return status
    }

    /// A clean build renders everything: nothing is current.
    func current(_ path: String, key: Digest) -> Int? { nil }

    func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        FileStatus.of(staging + "/" + path)?.size == bytes.count
            && IncrementalWriter.file(staging + "/" + path, holds: bytes)
    }

    func store(_ path: String, key: Digest, bytes: [UInt8]) throws(SiteError) {
        let status = try write(path, bytes)
        let entry = Manifest.Entry(key: key, digest: Digest(of: bytes), status: status)
        entries.withLock { $0[path] = entry }
    }

    func stored(_ path: String) -> (digest: Digest, size: Int)? {
        entries.withLock { $0[path] }.map { ($0.digest, $0.status.size) }
    }

    func commit(global: Digest, pages: Int, keepingOthers: Bool = false) throws(SiteError) -> OutputChanges? {
        precondition(!keepingOthers, "a clean build writes every file")
        let files = entries.withLock { $0 }
        try write(OutputWriter.markerName, Manifest(global: global, pages: pages, files: files).serialized())
        try publish()
        if !defersCleanup { TreeRemover.remove(staging) }  // the previous output, now
        return nil
    }

    /// `mkdir -p` inside the staging folder. Another thread may make the same folder at the same moment: a
    /// folder that already exists is success.
    private func makeFolder(_ relative: Substring) throws(SiteError) {
        let path = staging + "/" + relative
        if mkdir(path, 0o755) == 0 { return }
        var code = errno
        if code == ENOENT, let slash = relative.lastIndex(of: "/") {
            try makeFolder(relative[..<slash])
            code = mkdir(path, 0o755) == 0 ? 0 : errno
        }
        if code != 0 && code != EEXIST { throw .output(path: path, message: OutputWriter.errorText(code)) }
    }

    /// Makes the staging folder the new output and deletes the previous one. Holds the output's lock for the
    /// exchange, so that it never happens while an incremental build is renaming files into the folder.
    func publish() throws(SiteError) {
        if let lock {
            defer { lock.release() }
            return try swap()
        }
        while true {
            if let lock = try OutputLock.acquire(target, name: name, waiting: waiting) {
                defer { lock.release() }
                return try swap()
            }
            // No output yet: the staging folder moves there, unless another build made one meanwhile.
            let moved = AtomicRename.moveIfAbsent(staging, to: target)
            if moved == 0 { return }
            if moved == EEXIST { continue }
            if !AtomicRename.isUnsupported(moved) {
                throw .output(path: target, message: OutputWriter.errorText(moved))
            }
            return try swap()
        }
    }

    private func swap() throws(SiteError) {
        let exchanged = AtomicRename.exchange(staging, target)
        // `staging` now holds the previous output. Deleted after the lock is released (`discard`).
        if exchanged == 0 { return }
        if exchanged == ENOENT {
            if rename(staging, target) == 0 { return }
            throw .output(path: target, message: OutputWriter.errorText(errno))
        }
        if !AtomicRename.isUnsupported(exchanged) {
            throw .output(path: target, message: OutputWriter.errorText(exchanged))
        }
        // Systems or file systems without an exchange: two renames, and the previous output is put back on failure.
        let old = staging + ".old"
        let hadOld = rename(target, old) == 0
        guard rename(staging, target) == 0 else {
            let code = errno
            if hadOld { _ = rename(old, target) }
            throw .output(path: target, message: OutputWriter.errorText(code))
        }
        if hadOld { _ = rename(old, staging) }  // deleted with the staging folder
    }

    /// Removes the staging folder after a failure; the previous output was never touched.
    func discard() {
        TreeRemover.remove(staging)
        lock?.release()
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// open/write/close without fsync; returns 0 or errno.
    static func writeFile(_ path: String, _ bytes: [UInt8]) -> Int32 {
        FileWriter.write(bytes, to: path).code
    }

    /// The same, and the file's `stat` once written (a rename later keeps its inode and modification time);
    /// the status is nil on failure, with the error number.
    static func writeFileRecordingStatus(_ path: String, _ bytes: [UInt8]) -> (code: Int32, status: FileStatus?) {
        let written = FileWriter.write(bytes, to: path)
        return (written.code, written.status.map(FileStatus.init))
    }
}
