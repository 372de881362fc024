import Glibc

/// Writing a whole file and flushing it to disk, for the package's small files that must never be seen half
/// written: the dataset `update` installs and the photo sidecar. The callers write under a temporary name and
/// rename it into place, so a crash leaves the old file or the new one.
package enum DurableFile {
    /// Writes `bytes` to `path` (created or truncated) and `fsync`s it. On failure the file is removed and the
    /// result is the reason (`strerror`); nil on success.
    package static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(path)
                return reason
            }
            offset += count
        }
        let synced = fsync(descriptor) == 0
        let reason = String(cString: strerror(errno))
        guard close(descriptor) == 0, synced else {
            unlink(path)
            return reason
        }
        return nil
    }
}
