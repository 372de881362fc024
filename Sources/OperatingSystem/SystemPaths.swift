/// Which of the seam's paths this build takes, for messages and for tests that check the right one ran.
///
/// `-Xswiftc -DGUZZI_PORTABLE` makes a Linux build take the paths other systems take (no inotify, no
/// `renameat2`, no `sendfile`, no `MSG_NOSIGNAL`/`MSG_MORE`, no `SOCK_CLOEXEC`), so that they are built and tested
/// on the machines we have. The calls that exist only on Darwin (`renameatx_np`, `SO_NOSIGPIPE`, `F_FULLFSYNC`,
/// `st_mtimespec`) are the only ones no Linux build can reach.
package enum SystemPaths: String, Sendable {
    /// Linux with its own calls: inotify, `renameat2`, `sendfile`, `MSG_MORE`.
    case linux
    /// macOS (and the BSDs' API): `renameatx_np`, `SO_NOSIGPIPE`, `F_FULLFSYNC`, polling for changes.
    case darwin
    /// Only what POSIX promises: two renames for a swap, polling for changes, `pread`/`send` for file bodies.
    case portable

    /// The paths of this build.
    package static let current: SystemPaths = {
        #if canImport(Glibc) && !GUZZI_PORTABLE
            return .linux
        #elseif canImport(Darwin)
            return .darwin
        #else
            return .portable
        #endif
    }()
}
