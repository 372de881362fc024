import Foundation
import OperatingSystem
import Synchronization

/// Serves one folder over HTTP/1.1 for previewing the site, with optional live reload.
///
/// It knows nothing about how the site is built: the builder only tells it "reload" or "here is an error".
/// The socket is bound in `init`, so the port (also a kernel-picked one) is known before `run()` blocks.
public final class StaticServer: Sendable {
    let configuration: ServerConfiguration
    let liveReload = LiveReloadHub()
    let gate = RequestGate()
    private let listener: Int32
    /// `stop()` writes a byte here to wake the accept loop's `poll`: on macOS, unlike Linux, shutting a
    /// listening socket down does not wake a thread blocked in `accept()`.
    private let wake: (read: Int32, write: Int32)
    private let listenerOpen = Mutex(true)
    private let stopping = Atomic(false)
    private let connections = ConnectionRegistry()

    /// The bound port; differs from the configured one when that was 0.
    public let port: UInt16

    public var url: String {
        let host = configuration.host == "0.0.0.0" ? "127.0.0.1" : configuration.host
        return "http://\(host):\(port)/"
    }

    var isStopping: Bool { stopping.load(ordering: .acquiring) }
    var openConnections: Int { connections.count }

    public init(configuration: ServerConfiguration) throws(ServerError) {
        _ = signal(SIGPIPE, SIG_IGN)  // belt and braces with StreamSockets: sendfile has no flags argument
        self.configuration = configuration
        let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = configuration.port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw .invalidHost(configuration.host) }

        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw .socket(call: "pipe", reason: ServerError.describe(errno: errno)) }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let fd = StreamSockets.make()
        guard fd >= 0 else {
            let code = errno
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw .socket(call: "socket", reason: ServerError.describe(errno: code))
        }
        var one: Int32 = 1  // a restart must not fail on sockets left in TIME_WAIT
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, SOMAXCONN) == 0 else {
            let code = errno
            close(fd)
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw .bind(host: configuration.host, port: configuration.port, reason: ServerError.describe(errno: code))
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        wake = (pipeEnds[0], pipeEnds[1])
        port = UInt16(bigEndian: actual.sin_port)
    }

    deinit {
        closeListener()
    }

    /// Accepts until `stop()`, one thread per connection, then waits up to 2 s for open connections.
    public func run() {
        while !isStopping {
            guard waitForClientOrStop() else { break }
            let client = accept(listener, nil, nil)
            if client < 0 {
                let code = errno
                if code == EINTR || code == ECONNABORTED || code == EPROTO { continue }
                if code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM {
                    usleep(10_000)  // out of descriptors: back off instead of spinning; clients wait in the backlog
                    continue
                }
                break  // EINVAL once stop() has shut the listener down
            }
            StreamSockets.adopt(client)
            switch connections.register(client, limit: configuration.maxConnections, stopping: isStopping) {
            case .accepted:
                Thread.detachNewThread { [self] in
                    Connection(fd: client, server: self).serve()
                    connections.unregister(client)
                    close(client)
                }
            case .overLimit:
                Socket.sendAll(client, HTTPResponseHead.simple(.serviceUnavailable, keepAlive: false), dontWait: true)
                close(client)
            case .stopping:
                close(client)
            }
        }
        let deadline = Deadline(milliseconds: Int32(configuration.drainMilliseconds))
        while connections.count > 0 && deadline.remainingMilliseconds > 0 {
            usleep(5_000)
        }
        closeListener()
    }

    /// Safe from any thread, also a signal handler's queue, and more than once. In-flight responses finish;
    /// idle keep-alive and event streams are woken at once by shutting down their read side.
    public func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        listenerOpen.withLock { open in
            if open {
                var byte: UInt8 = 1
                _ = write(wake.write, &byte, 1)  // wakes the accept loop's poll, on every system
                shutdown(listener, Int32(SHUT_RDWR))  // wakes an accept() already under way, on Linux
            }
        }
        connections.shutdownReading()
    }

    public func notifyReload() {
        liveReload.notifyReload()
    }

    public func setBuildError(_ message: String?) {
        liveReload.setBuildError(message)
    }

    /// The files (relative to the root) of the pages open in a browser with live reload.
    public var openPages: Set<String> { liveReload.openPages }

    /// Makes requests for any file but `files` and those in `folders` (relative to the root) wait until
    /// `releaseRequests()`: for the rest of a rebuild whose open pages were already reloaded.
    public func holdRequests(allowing files: Set<String>, folders: [String]) {
        gate.hold(root: configuration.root, allowing: files, folders: folders)
    }

    public func releaseRequests() {
        gate.release()
    }

    /// Blocks until a client waits to be accepted (true) or `stop()` was called (false).
    private func waitForClientOrStop() -> Bool {
        var descriptors = [
            pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || descriptors[1].revents != 0 || isStopping { return false }
            if descriptors[0].revents != 0 { return true }
        }
    }

    private func closeListener() {
        listenerOpen.withLock { open in
            if open {
                close(listener)
                close(wake.read)
                close(wake.write)
            }
            open = false
        }
    }
}

/// The set of open client sockets, so `stop()` can wake them and the accept loop can cap them.
/// A descriptor leaves the set before it is closed, so a shutdown never hits a reused number.
final class ConnectionRegistry: Sendable {
    enum Admission { case accepted, overLimit, stopping }

    private struct State {
        var open: Set<Int32> = []
        var stopped = false
    }

    private let state = Mutex(State())

    var count: Int { state.withLock { $0.open.count } }

    func register(_ fd: Int32, limit: Int, stopping: Bool) -> Admission {
        state.withLock { state in
            if state.stopped || stopping { return .stopping }
            if state.open.count >= limit { return .overLimit }
            state.open.insert(fd)
            return .accepted
        }
    }

    func unregister(_ fd: Int32) {
        _ = state.withLock { $0.open.remove(fd) }
    }

    func shutdownReading() {
        state.withLock { state in
            state.stopped = true
            for fd in state.open { shutdown(fd, Int32(SHUT_RD)) }
        }
    }
}
