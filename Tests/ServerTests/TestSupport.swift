import Dispatch
import Foundation
import OperatingSystem
import TestSupport

@testable import Server

/// A response as read off the wire, byte for byte.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var raw: [UInt8]

    var bodyText: String { String(decoding: body, as: UTF8.self) }
    var rawText: String { String(decoding: raw, as: UTF8.self) }
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

struct ClientError: Error, CustomStringConvertible {
    let description: String
}

/// A deliberately dumb client: sends exact bytes and parses only as much as a test needs, so malformed
/// requests can be sent and the server's real bytes asserted on. Every read is bounded by a timeout.
/// Unchecked Sendable: a test may hand one to a helper thread, but never uses it from two threads at once.
final class RawClient: @unchecked Sendable {
    let fd: Int32
    private var pending: [UInt8] = []

    init(port: UInt16, timeoutMilliseconds: Int32 = 5_000) throws {
        do {
            fd = try connectLoopback(port: port, timeoutMilliseconds: Int(timeoutMilliseconds))
        } catch {
            throw ClientError(description: error.description)
        }
    }

    deinit { close(fd) }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool { sendAll(fd, bytes) }

    /// Reads more bytes into `pending`; false on end of stream, error or timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = recv(fd, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        pending += chunk[..<count]
        return true
    }

    /// Reads one response. The body is read by Content-Length unless `expectBody` is false (HEAD, 304).
    func readResponse(expectBody: Bool = true) throws -> RawResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            if let range = pending.firstRange(of: separator) {
                headEnd = range.upperBound
            } else if !fill() {
                throw ClientError(description: "no complete head; got \(String(decoding: pending, as: UTF8.self))")
            }
        }
        let head = String(decoding: pending[..<headEnd!], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw ClientError(description: "bad status line in \(head)")
        }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw ClientError(description: "bad header \(line)") }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var length = 0
        if expectBody && status != 304 {
            guard let text = headers["content-length"], let value = Int(text) else {
                throw ClientError(description: "no Content-Length in \(head)")
            }
            length = value
        }
        while pending.count < headEnd! + length {
            if !fill() { throw ClientError(description: "body too short: \(pending.count - headEnd!) of \(length)") }
        }
        let raw = Array(pending[..<(headEnd! + length)])
        pending.removeFirst(headEnd! + length)
        return RawResponse(status: status, headers: headers, body: Array(raw[headEnd!...]), raw: raw)
    }

    /// Everything until the server closes (or the timeout/limit hits).
    func readToEnd(limit: Int = 4 * 1024 * 1024) -> [UInt8] {
        while pending.count < limit && fill() {}
        defer { pending = [] }
        return pending
    }

    /// Reads until `needle` appears (or nothing more comes); returns all bytes read so far.
    func read(until needle: String) -> String {
        let bytes = Array(needle.utf8)
        while pending.firstRange(of: bytes) == nil && fill() {}
        return String(decoding: pending, as: UTF8.self)
    }

    /// True once the server has closed its side (recv returns 0), within the client's read timeout.
    func isClosedByServer() -> Bool {
        while fill() {}
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }

    /// One request on a fresh connection.
    static func fetch(_ port: UInt16, _ request: String, expectBody: Bool = true) throws -> RawResponse {
        let client = try RawClient(port: port)
        client.send(request)
        return try client.readResponse(expectBody: expectBody)
    }
}

/// A temp folder under /tmp with files, served on a kernel-picked port until `stop()`.
final class TestSite {
    let root: String
    let server: StaticServer
    private let finished = DispatchSemaphore(value: 0)

    init(
        files: [String: String] = [:], liveReload: Bool = false,
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        root = "/tmp/guzzi-server-test-\(UUID().uuidString)"
        for (path, content) in files { try Self.write(root + "/" + path, content) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var configuration = ServerConfiguration(root: root, port: 0, liveReload: liveReload)
        configure(&configuration)
        server = try StaticServer(configuration: configuration)
        let server = self.server
        let finished = self.finished
        Thread.detachNewThread {
            server.run()
            finished.signal()
        }
    }

    var port: UInt16 { server.port }

    func get(_ path: String, headers: String = "") throws -> RawResponse {
        try RawClient.fetch(port, "GET \(path) HTTP/1.1\r\nHost: localhost\r\n\(headers)\r\n")
    }

    /// Stops the server; returns the seconds `run()` took to return (or nil if it did not within 5 s).
    @discardableResult
    func stop() -> Double? {
        let start = DispatchTime.now()
        server.stop()
        let result = finished.wait(timeout: .now() + 5)
        try? FileManager.default.removeItem(atPath: root)
        guard result == .success else { return nil }
        return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    static func write(_ path: String, _ content: String) throws {
        try write(path, Array(content.utf8))
    }

    static func write(_ path: String, _ bytes: [UInt8]) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
