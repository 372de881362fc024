/// Linux's inotify, read as a list of events; `nil` from `init` everywhere else, where `FileWatcher` polls.
///
/// Why keep inotify at all when polling works everywhere: it reports a save within a millisecond at no cost while
/// nothing changes, and `serve` reloads the page in front of the reader well under its 250 ms budget.
package final class InotifyQueue {
    /// One change in a watched folder. `name` is empty when it is about the folder itself.
    package struct Event {
        package var watch: Int32
        package var name: String
        /// The kernel dropped events: anything may have changed.
        package var overflowed: Bool
        /// The watch ended (its folder was deleted or unmounted).
        package var ended: Bool
        package var isFolder: Bool
        /// Created in, or moved into, the folder.
        package var arrived: Bool
    }

    /// Readable when events wait (`poll` it); nonblocking.
    package let descriptor: Int32

    /// Nil where there is no inotify, or its limit on instances is reached.
    package init?() {
        #if canImport(Glibc) && !GUZZI_PORTABLE
            descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            if descriptor < 0 { return nil }
        #else
            return nil
        #endif
    }

    deinit {
        close(descriptor)
    }

    /// Watches one folder (not recursive); its watch number, or nil (limit reached, or gone).
    package func watch(_ folder: String) -> Int32? {
        #if canImport(Glibc) && !GUZZI_PORTABLE
            let mask = UInt32(
                IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF
                    | IN_ATTRIB)
            let watch = inotify_add_watch(descriptor, folder, mask)
            return watch >= 0 ? watch : nil
        #else
            return nil
        #endif
    }

    /// The events waiting now: [] when none (or interrupted), nil when the queue failed.
    package func nextEvents() -> [Event]? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        guard count > 0 else { return nil }
        return Self.parse(buffer[..<count])
    }

    /// `struct inotify_event { int32 wd; uint32 mask, cookie, len; char name[len]; }`, name NUL-padded.
    private static func parse(_ bytes: ArraySlice<UInt8>) -> [Event] {
        var events: [Event] = []
        var offset = bytes.startIndex
        while offset + 16 <= bytes.endIndex {
            let (watch, mask, length) = bytes.withUnsafeBytes { raw in
                let base = offset - bytes.startIndex
                return (
                    raw.loadUnaligned(fromByteOffset: base, as: Int32.self),
                    raw.loadUnaligned(fromByteOffset: base + 4, as: UInt32.self),
                    Int(raw.loadUnaligned(fromByteOffset: base + 12, as: UInt32.self))
                )
            }
            let nameEnd = min(offset + 16 + length, bytes.endIndex)
            let name = String(decoding: bytes[(offset + 16)..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            offset += 16 + length
            events.append(Event(watch: watch, name: name, mask: mask))
        }
        return events
    }
}

extension InotifyQueue.Event {
    /// The flags' values are Linux's ABI (`<sys/inotify.h>`), spelled out so this compiles where the header is not.
    fileprivate init(watch: Int32, name: String, mask: UInt32) {
        self.init(
            watch: watch, name: name, overflowed: mask & 0x4000 != 0, ended: mask & 0x8000 != 0,
            isFolder: mask & 0x4000_0000 != 0, arrived: mask & (0x100 | 0x80) != 0)
    }
}
