/// The two renames a build's output needs beyond POSIX `rename`: exchanging two folders in one step, and moving a
/// folder to a name only if nothing is there.
///
/// Linux has both in `renameat2` (`RENAME_EXCHANGE`, `RENAME_NOREPLACE`), macOS in `renameatx_np` (`RENAME_SWAP`,
/// `RENAME_EXCL`). Where neither exists, or a file system refuses them, the answer is `ENOSYS`, `EINVAL` or
/// `ENOTSUP`, and the caller falls back on two plain renames (`OutputWriter.swap`), putting the previous folder back
/// if the second one fails.
package enum AtomicRename {
    /// Whether an answer means "not on this system or file system": fall back, nothing was moved.
    package static func isUnsupported(_ code: Int32) -> Bool {
        code == ENOSYS || code == EINVAL || code == ENOTSUP || code == EOPNOTSUPP
    }

    /// Exchanges the entries at `first` and `second`; 0 or the error number.
    package static func exchange(_ first: String, _ second: String) -> Int32 {
        rename(first, second, .exchange)
    }

    /// Moves `source` to `destination` unless something is there already (`EEXIST`); 0 or the error number.
    package static func moveIfAbsent(_ source: String, to destination: String) -> Int32 {
        rename(source, destination, .noReplace)
    }

    private enum Mode { case exchange, noReplace }

    private static func rename(_ from: String, _ to: String, _ mode: Mode) -> Int32 {
        #if canImport(Glibc) && !GUZZI_PORTABLE
            guard let renameat2 = linuxRenameAt2 else { return ENOSYS }
            let flags: UInt32 = mode == .exchange ? 1 << 1 : 1 << 0  // RENAME_EXCHANGE, RENAME_NOREPLACE
            return renameat2(AT_FDCWD, from, AT_FDCWD, to, flags) == 0 ? 0 : errno
        #elseif canImport(Darwin)
            let flags = UInt32(mode == .exchange ? RENAME_SWAP : RENAME_EXCL)
            return renameatx_np(AT_FDCWD, from, AT_FDCWD, to, flags) == 0 ? 0 : errno
        #else
            return ENOSYS
        #endif
    }

    #if canImport(Glibc) && !GUZZI_PORTABLE
        private typealias RenameAt2 =
            @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

        /// `import Glibc` hides `renameat2` (it is GNU-only), but glibc has exported it since 2.28.
        private static let linuxRenameAt2: RenameAt2? = dlsym(nil, "renameat2").map {
            unsafeBitCast($0, to: RenameAt2.self)
        }
    #endif
}
