import Foundation
import Glibc
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
    /// output as `name` and the holder's process id when the kernel gives it). Nil when there is no folder.
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
                return OutputLock(descriptor: fd)
            }
            close(fd)
        }
    }

    /// Ends the lock: closing the folder releases it. Safe to call more than once.
    func release() {
        let fd = descriptor.exchange(-1, ordering: .acquiringAndReleasing)
        if fd >= 0 { close(fd) }
    }

    /// The process holding a `flock` on the open folder, from `/proc/locks` (Linux); nil when not found.
    static func holder(of fd: Int32) -> Int32? {
        var status = stat()
        guard fstat(fd, &status) == 0, let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
        else { return nil }
        // `1: FLOCK  ADVISORY  WRITE 1234 fd:01:5678 0 EOF`: device as hexadecimal major:minor, then the inode.
        let device = UInt64(status.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        let wanted = String(format: "%02llx:%02llx:%llu", major, minor, UInt64(status.st_ino))
        for line in table.split(separator: "\n") where !line.contains("->") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == wanted else { continue }
            return Int32(fields[4])
        }
        return nil
    }
}
