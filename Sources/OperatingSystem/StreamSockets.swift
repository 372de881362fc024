/// TCP sockets made and fed the same way on every system, for the preview server and the tests' clients.
///
/// What differs: Glibc types `SOCK_STREAM` as an enum and can set close-on-exec in `socket()` itself; Linux
/// suppresses SIGPIPE per call (`MSG_NOSIGNAL`), Darwin per socket (`SO_NOSIGPIPE`); Linux can hold a response's
/// headers back until its body follows (`MSG_MORE`) and send a file's body from the kernel (`sendfile`, whose
/// Darwin namesake takes other arguments). Elsewhere the headers go out at once (the server sets `TCP_NODELAY`,
/// so no 40 ms Nagle stall follows), and bodies are read and sent in pieces. Callers ignore SIGPIPE process-wide
/// too, for the systems that have neither.
package enum StreamSockets {
    /// A new IPv4 TCP socket, closed on exec and without SIGPIPE where the system can say so; -1 and `errno` on
    /// failure.
    package static func make() -> Int32 {
        #if canImport(Glibc) && !GUZZI_PORTABLE
            return socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        #else
            let fd = socket(AF_INET, streamType, 0)
            if fd >= 0 { adopt(fd) }
            return fd
        #endif
    }

    /// Sets up a socket `accept` returned the way `make` sets up its own.
    package static func adopt(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// The flags for `send`: never a SIGPIPE; `more` when a body follows at once; `dontWait` not to block.
    package static func sendFlags(more: Bool = false, dontWait: Bool = false) -> Int32 {
        var flags: Int32 = 0
        #if canImport(Glibc) && !GUZZI_PORTABLE
            flags |= Int32(MSG_NOSIGNAL)
            if more { flags |= Int32(MSG_MORE) }
        #endif
        if dontWait { flags |= Int32(MSG_DONTWAIT) }
        return flags
    }

    /// Sends `length` bytes of the open `file` from its start; false if the peer went away or the file shrank.
    package static func sendFile(_ fd: Int32, _ file: Int32, length: Int) -> Bool {
        #if canImport(Glibc) && !GUZZI_PORTABLE
            var offset = off_t(0)
            while offset < off_t(length) {
                let sent = sendfile(fd, file, &offset, length - Int(offset))
                if sent < 0 && errno == EINTR { continue }
                if sent <= 0 { return false }
            }
            return true
        #else
            var buffer = [UInt8](repeating: 0, count: min(max(length, 1), 256 * 1024))
            var offset = 0
            while offset < length {
                let count = buffer.withUnsafeMutableBytes {
                    pread(file, $0.baseAddress!, min($0.count, length - offset), off_t(offset))
                }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                var sentOfPiece = 0
                while sentOfPiece < count {
                    let sent = buffer.withUnsafeBytes {
                        send(fd, $0.baseAddress! + sentOfPiece, count - sentOfPiece, sendFlags())
                    }
                    if sent < 0 && errno == EINTR { continue }
                    if sent <= 0 { return false }
                    sentOfPiece += sent
                }
                offset += count
            }
            return true
        #endif
    }

    /// `SOCK_STREAM` as `socket()` takes it.
    private static var streamType: Int32 {
        #if canImport(Glibc)
            return Int32(SOCK_STREAM.rawValue)
        #else
            return SOCK_STREAM
        #endif
    }
}
