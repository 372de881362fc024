import Foundation
import OperatingSystem
import Synchronization

/// A stand-in for Flickr's oEmbed endpoint on 127.0.0.1 (a free port), for the tests of `guzzi-site photos`:
/// nothing here can reach flickr.com.
///
/// It answers `GET /services/oembed/?url=https://flic.kr/p/<base 58 id>&format=json&maxwidth=1024` the way the
/// documented endpoint does, with a body shaped like the recorded answers (see `flickrAnswer`), or, per photo
/// and per attempt, with what a test asks for: a 404 for a deleted photo, 429 with `Retry-After`, 5xx, an answer
/// that is not JSON, or no answer at all (a timeout). Every request is recorded.
public final class FakeOEmbedServer: Sendable {
    /// What to send for one request.
    public enum Reply: Sendable {
        /// 200 with `flickrAnswer` for the photo asked about, with these dimensions at `_b`.
        case photo(width: Int = 1024, height: Int = 683)
        /// Any status, headers and body.
        case status(Int, headers: [String: String] = [:], body: String = "")
        /// Reads the request and never answers until the server stops: the client times out.
        case silence
    }

    /// Decides the reply from the photo id (nil when the request names none) and how many times that id was
    /// asked before (0 on the first request).
    public typealias Responder = @Sendable (_ id: UInt64?, _ previousRequests: Int) -> Reply

    public let port: UInt16
    private let listener: Int32
    private let responder: Responder
    private let state = Mutex(State())
    private let stopped = Atomic(false)

    private struct State {
        var targets: [String] = []
        var counts: [UInt64: Int] = [:]
        var hooks: [@Sendable (Int) -> Void] = []
    }

    public init(responder: @escaping Responder = { _, _ in .photo() }) throws {
        self.responder = responder
        let fd = StreamSockets.make()
        guard fd >= 0 else { throw FakeServerError(description: "socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw FakeServerError(description: "bind/listen: \(String(cString: strerror(errno)))")
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            close(fd)
            throw FakeServerError(description: "getsockname: \(String(cString: strerror(errno)))")
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit {
        stop()
        close(listener)
    }

    /// The endpoint URL to hand to `guzzi-site photos --oembed`.
    public var endpoint: String { "http://127.0.0.1:\(port)/services/oembed/" }

    /// Every request target (path and query) received, in order.
    public var targets: [String] { state.withLock { $0.targets } }

    /// How many requests named photo `id`.
    public func requests(for id: UInt64) -> Int { state.withLock { $0.counts[id] ?? 0 } }

    /// Runs `hook` with the request's number (1 for the first) before each request is answered.
    public func onRequest(_ hook: @escaping @Sendable (Int) -> Void) { state.withLock { $0.hooks.append(hook) } }

    /// Stops accepting; connections held by `.silence` are closed.
    public func stop() {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .acquiring) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !request.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let count = recv(client, &chunk, chunk.count, 0)
            if count <= 0 { return }
            request += chunk[..<count]
            if request.count > 64 * 1024 { return }
        }
        let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self)
        let target = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        let id = Self.photoID(inTarget: target)
        let (previous, number, hooks) = state.withLock { state -> (Int, Int, [@Sendable (Int) -> Void]) in
            state.targets.append(target)
            let previous = id.map { state.counts[$0] ?? 0 } ?? 0
            if let id { state.counts[id] = previous + 1 }
            return (previous, state.targets.count, state.hooks)
        }
        for hook in hooks { hook(number) }
        let status: Int
        var headers: [String: String] = ["Content-Type": "application/json"]
        let body: String
        switch responder(id, previous) {
        case .photo(let width, let height):
            guard let id else {
                status = 404
                body = "Not Found"
                break
            }
            status = 200
            body = Self.flickrAnswer(id: id, width: width, height: height)
        case .status(let code, let extra, let text):
            status = code
            headers.merge(extra) { $1 }
            body = text
        case .silence:
            while !stopped.load(ordering: .acquiring) { usleep(20_000) }
            return
        }
        var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nConnection: close\r\n"
        head += "Content-Length: \(body.utf8.count)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        _ = sendAll(client, Array((head + "\r\n" + body).utf8))
    }

    /// The photo id of `url=https://flic.kr/p/<base 58>` in a request target.
    public static func photoID(inTarget target: String) -> UInt64? {
        guard let components = URLComponents(string: target),
            let url = components.queryItems?.first(where: { $0.name == "url" })?.value,
            url.hasPrefix("https://flic.kr/p/")
        else { return nil }
        return base58Decode(String(url.dropFirst("https://flic.kr/p/".count)))
    }

    static func base58Decode(_ text: String) -> UInt64? {
        let alphabet = Array("123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ")
        var number: UInt64 = 0
        for character in text {
            guard let digit = alphabet.firstIndex(of: character) else { return nil }
            let (shifted, overflow) = number.multipliedReportingOverflow(by: 58)
            guard !overflow else { return nil }
            number = shifted + UInt64(digit)
        }
        return text.isEmpty ? nil : number
    }

    /// The secret the fake gives photo `id`: ten hex digits derived from it.
    public static func secret(for id: UInt64) -> String {
        let hex = String((id &* 0x9E37_79B9_7F4A_7C15) >> 24, radix: 16)
        return String((String(repeating: "0", count: 10) + hex).suffix(10))
    }

    /// A body shaped like Flickr's answers as other projects recorded them (oscarotero/Embed's
    /// `tests/cache/www.flickr.com.services-oembed.*.php`, silverstripe's EmbedShortcodeProvider test):
    /// `type`, `flickr_type`, `title`, `author_name`, `author_url`, `width`, `height`, `url` (the `_b` file),
    /// `web_page`, `thumbnail_url`, `thumbnail_width`, `thumbnail_height`, `web_page_short_url`, `license`,
    /// `license_url`, `license_id`, `html`, `version`, `cache_age`, `provider_name`, `provider_url`; slashes
    /// escaped as PHP's json_encode writes them. The author's name holds markup and quotes on purpose.
    public static func flickrAnswer(id: UInt64, width: Int = 1024, height: Int = 683) -> String {
        let secret = secret(for: id)
        let url = "https:\\/\\/live.staticflickr.com\\/65535\\/\(id)_\(secret)_b.jpg"
        let page = "https:\\/\\/www.flickr.com\\/photos\\/tester\\/\(id)\\/"
        return """
            {"type":"photo","flickr_type":"photo","title":"Photo \(id)","author_name":"Ann <b>\\"Tester\\"</b> & Co",\
            "author_url":"https:\\/\\/www.flickr.com\\/photos\\/tester\\/","width":\(width),"height":\(height),\
            "url":"\(url)","web_page":"\(page)","thumbnail_url":"https:\\/\\/live.staticflickr.com\\/65535\\/\
            \(id)_\(secret)_q.jpg","thumbnail_width":150,"thumbnail_height":150,\
            "web_page_short_url":"https:\\/\\/flic.kr\\/p\\/x","license":"Attribution-NonCommercial License",\
            "license_url":"https:\\/\\/creativecommons.org\\/licenses\\/by-nc\\/2.0\\/","license_id":2,\
            "html":"<a data-flickr-embed=\\"true\\" href=\\"\(page)\\"><img src=\\"\(url)\\"><\\/a>",\
            "version":"1.0","cache_age":3600,"provider_name":"Flickr","provider_url":"https:\\/\\/www.flickr.com\\/"}
            """
    }
}

public struct FakeServerError: Error, CustomStringConvertible {
    public let description: String
}
