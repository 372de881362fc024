import OperatingSystem

/// One accepted socket, served on its own thread with blocking I/O: the simplest model in which a slow
/// or idle client can never hold up anyone else. Requests on the connection are handled in order
/// (keep-alive and pipelining), until the client closes, a timeout passes, or the server stops.
final class Connection {
    private let fd: Int32
    private let server: StaticServer
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 16 * 1024)

    init(fd: Int32, server: StaticServer) {
        self.fd = fd
        self.server = server
    }

    private var configuration: ServerConfiguration { server.configuration }

    func serve() {
        Socket.setNoDelay(fd)
        Socket.setTimeout(fd, option: SO_RCVTIMEO, milliseconds: configuration.idleTimeoutMilliseconds)
        Socket.setTimeout(fd, option: SO_SNDTIMEO, milliseconds: 30_000)
        while !server.isStopping {
            switch readHead() {
            case .closed:
                return
            case .failed(let status):
                Socket.sendAll(fd, HTTPResponseHead.simple(status, keepAlive: false))
                Socket.lingeringClose(fd)
                return
            case .head(let head):
                let request: HTTPRequest
                do {
                    request = try HTTPRequest.parse(head[...])
                } catch {
                    Socket.sendAll(fd, HTTPResponseHead.simple(error, keepAlive: false))
                    Socket.lingeringClose(fd)
                    return
                }
                let keepAlive = request.keepAlive && !request.hasBody
                let completed = respond(to: request, keepAlive: keepAlive)
                if request.hasBody { Socket.lingeringClose(fd) }
                if !completed || !keepAlive { return }
            }
        }
    }

    // MARK: Reading

    private enum ReadResult {
        case head([UInt8])
        case failed(HTTPStatus)
        case closed
    }

    /// Two clocks: the idle timeout bounds each wait for bytes, and a deadline started by a request's first
    /// byte bounds the whole head, so a client trickling one byte at a time is still cut off.
    private func readHead() -> ReadResult {
        var deadline: Deadline? = buffer.isEmpty ? nil : Deadline(milliseconds: configuration.headerTimeoutMilliseconds)
        while true {
            while buffer.count >= 2 && buffer[0] == 13 && buffer[1] == 10 { buffer.removeFirst(2) }
            switch RequestHeadScanner.scan(buffer) {
            case .complete(let end):
                let head = Array(buffer[..<end])
                buffer.removeFirst(end)
                return .head(head)
            case .failed(let status):
                return .failed(status)
            case .incomplete:
                break
            }
            var wait = configuration.idleTimeoutMilliseconds
            if let deadline {
                wait = min(wait, deadline.remainingMilliseconds)
                if wait == 0 { return .failed(.requestTimeout) }
            }
            guard let readable = Socket.waitReadable(fd, milliseconds: wait) else { return .closed }
            guard readable else { return buffer.isEmpty ? .closed : .failed(.requestTimeout) }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { return .closed }
            if buffer.isEmpty { deadline = Deadline(milliseconds: configuration.headerTimeoutMilliseconds) }
            buffer += chunk[..<count]
        }
    }

    // MARK: Responding

    /// Returns false when the connection must not be reused (a send failed, or it became an event stream).
    private func respond(to request: HTTPRequest, keepAlive: Bool) -> Bool {
        let isHead = request.method == "HEAD"
        guard request.method == "GET" || isHead else {
            return send(
                HTTPResponseHead.simple(.methodNotAllowed, keepAlive: keepAlive, extraHeaders: [("Allow", "GET, HEAD")])
            )
        }
        let path = request.path
        if configuration.liveReload {
            if path == LiveReloadHub.scriptPath {
                return sendMemory(
                    LiveReloadHub.script, type: ContentType.javascript, isHead: isHead, keepAlive: keepAlive)
            }
            if path == LiveReloadHub.eventsPath {
                streamEvents(isHead: isHead, page: openPage(request.query))
                return false
            }
        }
        let resolver = PathResolver(root: configuration.root)
        switch resolver.resolve(path: path, query: request.query) {
        case .file(let file):
            server.gate.waitIfHeld(file)
            return sendFile(file, status: .ok, request: request, keepAlive: keepAlive)
        case .redirect(let location):
            return send(
                HTTPResponseHead.simple(
                    .movedPermanently, keepAlive: keepAlive, extraHeaders: [("Location", location)],
                    includeBody: !isHead))
        case .badRequest:
            send(HTTPResponseHead.simple(.badRequest, keepAlive: false, includeBody: !isHead))
            return false
        case .notFound:
            if let page = resolver.notFoundPage() {
                server.gate.waitIfHeld(page)
                return sendFile(page, status: .notFound, request: request, keepAlive: keepAlive)
            }
            return send(HTTPResponseHead.simple(.notFound, keepAlive: keepAlive, includeBody: !isHead))
        }
    }

    @discardableResult
    private func send(_ bytes: [UInt8]) -> Bool {
        Socket.sendAll(fd, bytes)
    }

    private func sendMemory(_ body: [UInt8], type: String, isHead: Bool, keepAlive: Bool) -> Bool {
        var head = HTTPResponseHead(status: .ok, contentType: type, contentLength: body.count, keepAlive: keepAlive)
        head.add("Cache-Control", "no-cache")
        return send(head.serialized() + (isHead ? [] : body))
    }

    /// Validators and conditional requests apply to real 200 answers only; a 404 page is never a 304.
    private func sendFile(_ path: String, status: HTTPStatus, request: HTTPRequest, keepAlive: Bool) -> Bool {
        let isHead = request.method == "HEAD"
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard file >= 0 else {
            return send(HTTPResponseHead.simple(.notFound, keepAlive: keepAlive, includeBody: !isHead))
        }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return send(HTTPResponseHead.simple(.notFound, keepAlive: keepAlive, includeBody: !isHead))
        }
        let size = Int(info.st_size)
        let type = ContentType.forPath(path)
        let inject = configuration.liveReload && ContentType.isHTML(type)
        let length = inject ? size + LiveReloadHub.snippet.count : size
        let validators = status == .ok ? FileValidators(info, injected: inject) : nil

        if let validators, validators.matches(request) {
            var head = HTTPResponseHead(status: .notModified, contentLength: length, keepAlive: keepAlive)
            validators.addHeaders(to: &head)
            return send(head.serialized())
        }

        var head = HTTPResponseHead(status: status, contentType: type, keepAlive: keepAlive)
        validators?.addHeaders(to: &head)
        if inject {
            // The body changes length, so it is read whole and sent with its headers in one write.
            guard let html = readAll(file, expected: size) else {
                send(HTTPResponseHead.simple(.internalServerError, keepAlive: false, includeBody: !isHead))
                return false
            }
            let body = LiveReloadHub.inject(into: html)
            head.add("Content-Length", String(body.count))
            return send(head.serialized() + (isHead ? [] : body))
        }
        head.add("Content-Length", String(size))
        if isHead || size == 0 { return send(head.serialized()) }
        // A file that shrinks mid-send (a rebuild) leaves the response short; closing is then the only honest end.
        return Socket.sendAll(fd, head.serialized(), more: true) && Socket.sendFile(fd, file, length: size)
    }

    private func readAll(_ file: Int32, expected: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: expected)
        var offset = 0
        while offset < expected {
            let count = bytes.withUnsafeMutableBytes {
                pread(file, $0.baseAddress! + offset, expected - offset, off_t(offset))
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return nil }
            offset += count
        }
        return bytes
    }

    /// The file of the page that opened an event stream (`?page=<its URL path>`), relative to the root.
    private func openPage(_ query: String?) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") where pair.hasPrefix("page=") {
            guard let path = PathResolver.decode(String(pair.dropFirst(5))) else { return nil }
            return PathResolver(root: configuration.root).relativeFile(path: path)
        }
        return nil
    }

    /// Holds the connection as a Server-Sent Events stream until the client leaves or the server stops.
    private func streamEvents(isHead: Bool, page: String?) {
        let hub = server.liveReload
        if isHead {
            var head = HTTPResponseHead(status: .ok, contentType: "text/event-stream; charset=utf-8", keepAlive: false)
            head.add("Cache-Control", "no-cache")
            _ = send(head.serialized())
            return
        }
        guard hub.attach(fd, page: page) else { return }
        defer { hub.detach(fd) }
        while !server.isStopping {
            guard let readable = Socket.waitReadable(fd, milliseconds: configuration.pingIntervalMilliseconds) else {
                return
            }
            if !readable {
                if !hub.ping(fd) { return }
                continue
            }
            // EventSource never sends on this socket; input here is either end-of-stream or noise to drop.
            let count = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { return }
        }
    }
}

/// ETag and Last-Modified of a file. The ETag mixes inode, size and mtime in nanoseconds, so an atomic
/// rebuild (new inode) or a same-second rewrite both change it.
struct FileValidators {
    let etag: String
    let modifiedSeconds: Int

    init(_ info: stat, injected: Bool) {
        let modified = info.modificationTime
        let nanoseconds = Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec)
        let core =
            "\(String(info.st_ino, radix: 16))-\(String(info.st_size, radix: 16))-\(String(nanoseconds, radix: 16))"
        etag = "\"\(core)\(injected ? "-lr" : "")\""
        modifiedSeconds = Int(modified.tv_sec)
    }

    func addHeaders(to head: inout HTTPResponseHead) {
        head.add("ETag", etag)
        head.add("Last-Modified", HTTPDate.format(seconds: modifiedSeconds))
        head.add("Cache-Control", "no-cache")
    }

    /// If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2); ETags compare weakly.
    func matches(_ request: HTTPRequest) -> Bool {
        if let ifNoneMatch = request.header("if-none-match") {
            let tags = ifNoneMatch.split(separator: ",").map { $0.trimmingSpaces() }
            return tags.contains { $0 == "*" || $0 == etag || $0 == "W/" + etag }
        }
        if let ifModifiedSince = request.header("if-modified-since"), let since = HTTPDate.parse(ifModifiedSince) {
            return modifiedSeconds <= since
        }
        return false
    }
}
