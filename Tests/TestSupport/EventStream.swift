import Foundation
import OperatingSystem
import Synchronization

/// A live `/__guzzi/events` stream whose text accumulates on a helper thread.
public final class EventStream: Sendable {
    private let fd: Int32
    private let received = Mutex("")
    private let finished = Atomic(false)

    /// `page`: the URL path of the page the stream stands for, sent as the reload script sends it.
    public init(port: UInt16, page: String? = nil) throws(LoopbackError) {
        fd = try connectLoopback(port: port, timeoutMilliseconds: 500)
        let query = page.map { "?page=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) }
        let request =
            "GET /__guzzi/events\(query ?? "") HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        guard sendAll(fd, Array(request.utf8)) else {  // deinit closes the descriptor
            throw LoopbackError(description: "could not send the events request")
        }
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            while !finished.load(ordering: .acquiring) {
                let count = recv(fd, &chunk, chunk.count, 0)
                if count == 0 { break }
                if count < 0 {
                    if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }  // receive timeout
                    break
                }
                let text = String(decoding: chunk[..<count], as: UTF8.self)
                received.withLock { $0 += text }
            }
            finished.store(true, ordering: .releasing)
        }
    }

    public var text: String { received.withLock { $0 } }

    /// Waits until the stream holds `needle` after the first `offset` characters.
    public func waitFor(_ needle: String, after offset: Int = 0, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let text = self.text
            if text.count > offset && text.dropFirst(offset).contains(needle) { return true }
            usleep(5_000)
        } while Date() < deadline
        return false
    }

    public func close() {
        finished.store(true, ordering: .releasing)
        shutdown(fd, Int32(SHUT_RDWR))
    }

    deinit {
        OperatingSystem.close(fd)
    }
}
