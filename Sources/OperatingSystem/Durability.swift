/// Flushing a file to the disk, where the package promises that a file survives a power cut (the dataset
/// `update` installs, the photo sidecar).
///
/// Why not plain `fsync`: on macOS it only hands the data to the drive, whose cache may still lose it;
/// `fcntl(F_FULLFSYNC)` asks the drive to write it out. Some file systems (network shares) refuse `F_FULLFSYNC`,
/// and then `fsync` is the best there is.
package enum Durability {
    /// Flushes the open file `descriptor`; 0 or the error number.
    package static func flush(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(descriptor) == 0 ? 0 : errno
    }

    /// Flushes a folder, so that a rename into it is on the disk too; best effort, as a folder may not open.
    package static func flushFolder(_ path: String) {
        let descriptor = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = flush(descriptor)
        close(descriptor)
    }
}
