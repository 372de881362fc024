import Foundation
import OperatingSystem
import Synchronization

/// One build at a time per output folder: an exclusive `flock` on the folder itself, held from reading its
/// manifest to the last rename, and by a clean build around its swap.
///
/// Why the folder and not the marker file: the marker is replaced by a rename at the end of every build, and a
/// lock on a file that has been replaced locks nothing. A clean build swaps the whole folder, so after waiting
/// the lock is checked to be on the folder that is at the path now; if not, it is taken again on that one.
/// The kernel drops the lock when its process ends, however it ends, so a killed build never blocks the next.
final class OutputLock: Sendable {
    /// -1 once released.
    private let descriptor: Atomic<Int32>

    private init(descriptor: Int32) {
        self.descriptor = Atomic(descriptor)
    }

    /// Locks the folder at `path`, waiting while another build holds it (`waiting` is told once, naming the
    /// output as `name` and the holder's process id when its holder file gives it). Nil when there is no folder.
    static func acquire(_ path: String, name: String, waiting: (String) -> Void) throws(SiteError) -> OutputLock? {
        var told = false
        while true {
            let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd < 0 {
                if errno == ENOENT { return nil }
                throw .output(
                    path: path, message: "cannot open the folder to lock it: " + OutputWriter.errorText(errno))
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                guard code == EWOULDBLOCK || code == EINTR else {
                    close(fd)
                    throw .output(path: path, message: "cannot lock the folder: " + OutputWriter.errorText(code))
                }
                if !told {
                    told = true
                    let holder = OutputLock.holder(of: fd).map { " (pid \($0))" } ?? ""
                    waiting("waiting for another guzzi-site build writing to \(name)\(holder)…")
                }
                while flock(fd, LOCK_EX) != 0 {
                    guard errno == EINTR else {
                        let code = errno
                        close(fd)
                        throw .output(path: path, message: "cannot lock the folder: " + OutputWriter.errorText(code))
                    }
                }
            }
            // Still the folder at the path? A clean build may have swapped it while we waited.
            var locked = stat()
            var current = stat()
            if fstat(fd, &locked) == 0, stat(path, &current) == 0, locked.st_dev == current.st_dev,
                locked.st_ino == current.st_ino
            {
                recordHolder(in: fd)
                return OutputLock(descriptor: fd)
            }
            close(fd)
        }
    }

    /// Ends the lock: closing the folder releases it. Safe to call more than once.
    func release() {
        let fd = descriptor.exchange(-1, ordering: .acquiringAndReleasing)
        guard fd >= 0 else { return }
        unlinkat(fd, Self.holderFileName, 0)
        close(fd)
    }

    /// The file in the locked folder that names the process holding the lock, for the message of a build that
    /// waits. Why a file: the kernel does not say who holds a `flock` but through Linux's `/proc/locks`. It is
    /// removed when the lock is released; one a killed build left names a process that is gone, and is not believed.
    static let holderFileName = ".guzzi-site.lock"

    /// Writes this process's id into the folder open as `fd`; best effort (a read-only folder has no holder file).
    private static func recordHolder(in fd: Int32) {
        let file = openat(fd, holderFileName, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard file >= 0 else { return }
        let text = Array("\(getpid())\n".utf8)
        _ = text.withUnsafeBytes { write(file, $0.baseAddress!, $0.count) }
        close(file)
    }

    /// The process holding the lock on the folder open as `fd`, from its holder file; nil when there is none or it
    /// names a process that is gone. A lock taken a moment ago may not have its file yet, so it is read a few
    /// times over 50 ms.
    static func holder(of fd: Int32) -> Int32? {
        for attempt in 0..<10 {
            if attempt > 0 { usleep(5_000) }
            let file = openat(fd, holderFileName, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard file >= 0 else { continue }
            var bytes = [UInt8](repeating: 0, count: 32)
            let count = read(file, &bytes, bytes.count)
            close(file)
            let text = String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
            guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0, pid != getpid()
            else { continue }
            if kill(pid, 0) == 0 || errno == EPERM { return pid }
        }
        return nil
    }
}
