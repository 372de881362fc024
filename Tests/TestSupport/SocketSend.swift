import OperatingSystem

/// Sends all of `bytes` on a connected socket, without SIGPIPE; false when the peer is gone.
public func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let sent = bytes.withUnsafeBytes {
            OperatingSystem.send(fd, $0.baseAddress! + offset, bytes.count - offset, StreamSockets.sendFlags())
        }
        if sent <= 0 { return false }
        offset += sent
    }
    return true
}

/// Why a test could not open its socket.
public struct LoopbackError: Error, CustomStringConvertible {
    public let description: String
}

/// A TCP connection to `127.0.0.1:port` whose reads and writes time out, so no test can hang on a server.
public func connectLoopback(port: UInt16, timeoutMilliseconds: Int = 5_000) throws(LoopbackError) -> Int32 {
    let fd = StreamSockets.make()
    guard fd >= 0 else { throw LoopbackError(description: "socket: \(String(cString: strerror(errno)))") }
    var timeout = timeval(tv_sec: .init(timeoutMilliseconds / 1000), tv_usec: .init(timeoutMilliseconds % 1000 * 1000))
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            OperatingSystem.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard result == 0 else {
        let code = errno
        close(fd)
        throw LoopbackError(description: "connect to port \(port): \(String(cString: strerror(code)))")
    }
    return fd
}
