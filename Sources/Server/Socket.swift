import Dispatch
import OperatingSystem

/// Thin wrappers over the socket calls, hiding EINTR; what differs between systems is in `StreamSockets`.
enum Socket {
    /// Sends everything or reports failure. `more`, where Linux has MSG_MORE, holds headers back so that they and
    /// a following file body leave in one segment (elsewhere TCP_NODELAY keeps the two from stalling ~40 ms).
    @discardableResult
    static func sendAll(_ fd: Int32, _ bytes: [UInt8], more: Bool = false, dontWait: Bool = false) -> Bool {
        let flags = StreamSockets.sendFlags(more: more, dontWait: dontWait)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, flags) }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            if sent == 0 { return false }
            if dontWait && sent < bytes.count - offset { return false }
            offset += sent
        }
        return true
    }

    /// Sends `length` bytes of `file` from offset 0; false if the client went away or the file shrank.
    static func sendFile(_ fd: Int32, _ file: Int32, length: Int) -> Bool {
        StreamSockets.sendFile(fd, file, length: length)
    }

    static func setTimeout(_ fd: Int32, option: Int32, milliseconds: Int32) {
        // `.init`: `tv_usec` is an Int in Glibc and an Int32 in Darwin.
        var value = timeval(tv_sec: .init(milliseconds / 1000), tv_usec: .init(milliseconds % 1000 * 1000))
        setsockopt(fd, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    static func setNoDelay(_ fd: Int32) {
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// True when readable (data or end of stream), false on timeout, nil on a poll error.
    static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool? {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return nil }
            return ready > 0
        }
    }

    /// Closing with unread input makes the kernel send RST, which can destroy the error response we just
    /// sent before the client reads it. So half-close, then swallow what the client still sends, briefly.
    static func lingeringClose(_ fd: Int32, milliseconds: Int32 = 1_000, maxBytes: Int = 256 * 1024) {
        shutdown(fd, Int32(SHUT_WR))
        let deadline = Deadline(milliseconds: milliseconds)
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var discarded = 0
        while discarded < maxBytes {
            let remaining = deadline.remainingMilliseconds
            guard remaining > 0, waitReadable(fd, milliseconds: remaining) == true else { return }
            let count = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { return }
            discarded += count
        }
    }
}

/// A point in monotonic time, so timeouts survive clock changes.
struct Deadline {
    private let end: UInt64

    init(milliseconds: Int32) {
        end = DispatchTime.now().uptimeNanoseconds + UInt64(max(milliseconds, 0)) * 1_000_000
    }

    /// Milliseconds left, rounded up; 0 once passed.
    var remainingMilliseconds: Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        return now >= end ? 0 : Int32(clamping: (end - now + 999_999) / 1_000_000)
    }
}
