import OperatingSystem

/// The package's one way of writing a whole file: the site's pages and its manifest, the dataset `update` installs
/// and the photo sidecar.
///
/// A build writes thousands of files and wants each one's `stat` (a later rename keeps its inode and time, which
/// the manifest records); the dataset and the sidecar must never be seen half written, so they are flushed to
/// disk (`durably`) under a temporary name their callers then rename into place.
package enum FileWriter {
    /// Writes `bytes` to `path` (created or truncated). With `durably`, flushes it to the disk (`Durability`) and
    /// removes it on failure.
    /// Returns 0 and the file's `stat` once written, or the error number.
    package static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644, durably: Bool = false) -> (
        code: Int32, status: stat?
    ) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        if descriptor < 0 { return (errno, nil) }
        var code: Int32 = 0
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + offset, bytes.count - offset, off_t(offset))
            }
            if written < 0 {
                if errno == EINTR { continue }
                code = errno
                break
            }
            offset += written
        }
        var status = stat()
        if code == 0 && durably { code = Durability.flush(descriptor) }
        if code == 0 && fstat(descriptor, &status) != 0 { code = errno }
        if close(descriptor) != 0 && code == 0 { code = errno }
        if code != 0 {
            if durably { unlink(path) }
            return (code, nil)
        }
        return (0, status)
    }

    /// Replaces the file at `path` with `bytes` so that it is never seen half written: a temporary file in the
    /// same folder, flushed to disk, renamed over `path`, then the folder flushed so the rename lasts too. nil on
    /// success; else the reason, with `path` as it was and nothing left behind. For the files beside the dataset
    /// (the photo and history sidecars).
    package static func replace(_ path: String, with bytes: [UInt8]) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = (folder.isEmpty ? "" : folder + "/") + "." + name + ".tmp-" + String(getpid())
        if let reason = writeDurably(bytes, to: temporary) { return reason }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return reason
        }
        Durability.flushFolder(folder.isEmpty ? "/" : folder)
        return nil
    }

    /// `write(durably: true)`: nil on success, else the reason (`strerror`).
    package static func writeDurably(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) -> String? {
        let code = write(bytes, to: path, mode: mode, durably: true).code
        return code == 0 ? nil : String(cString: strerror(code))
    }
}
