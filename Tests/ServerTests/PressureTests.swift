import Dispatch
import Foundation
import OperatingSystem
import TestSupport
import Testing

@testable import Server

/// The preview server under hostile or careless clients: it keeps serving everyone else and never crashes.
@Suite struct PressureTests {
    typealias Random = SeededRandom

    static let pieces: [[UInt8]] = [
        Array("GET".utf8), Array("HEAD".utf8), Array("POST".utf8), Array("G\u{0}T".utf8), Array("get".utf8),
        Array(" ".utf8), Array("\t".utf8), Array("/a.txt".utf8), Array("/".utf8), Array("/../../../etc/passwd".utf8),
        Array("/%2e%2e/%2e%2e/etc/passwd".utf8), Array("/%".utf8), Array("/%zz".utf8), Array("/%00".utf8),
        Array("http://x/a.txt".utf8), Array("*".utf8), Array("HTTP/1.1".utf8), Array("HTTP/1.0".utf8),
        Array("HTTP/9.9".utf8), Array("HTTP/1.1111111111111111111".utf8), Array("\r\n".utf8), Array("\n".utf8),
        Array("\r".utf8), Array("Host: x".utf8), Array("Host:".utf8), Array(": no name".utf8),
        Array("Content-Length: -1".utf8), Array("Content-Length: 99999999999999999999999".utf8),
        Array("Transfer-Encoding: chunked".utf8), Array("Range: bytes=5-1".utf8),
        Array("Range: bytes=0-99999999999999999999".utf8), Array("If-None-Match: \"".utf8),
        Array("Connection: keep-alive".utf8), [0xFF, 0xFE, 0x00], [0xC0, 0xAF], Array(repeating: 0x41, count: 9000),
    ]

    /// One malformed request: a random sequence of request-like pieces and bytes.
    static func request(_ random: inout Random) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<(1 + random.int(12)) {
            if random.int(5) == 0 {
                bytes.append(UInt8(random.int(256)))
            } else {
                bytes += pieces[random.int(pieces.count)]
            }
        }
        if random.int(2) == 0 { bytes += Array("\r\n\r\n".utf8) }
        return bytes
    }

    @Test func aThousandMalformedRequestsNeverCrashIt() throws {
        let site = try TestSite(files: ["a.txt": "a"]) {
            $0.idleTimeoutMilliseconds = 500
            $0.headerTimeoutMilliseconds = 500
        }
        defer { site.stop() }
        var random = Random(seed: 0x5EED)
        var answered = 0
        for number in 0..<1_000 {
            let client = try RawClient(port: site.port, timeoutMilliseconds: 3_000)
            let bytes = Self.request(&random)
            client.send(bytes)
            shutdown(client.fd, Int32(SHUT_WR))  // no more is coming: the server must not wait for it
            let reply = String(decoding: client.readToEnd(limit: 64 * 1024), as: UTF8.self)
            #expect(reply.isEmpty || reply.hasPrefix("HTTP/1.1 "), "request \(number): \(reply.prefix(80))")
            if !reply.isEmpty { answered += 1 }
            #expect(!reply.contains("root:"), "request \(number) read a file outside the site")
            if number % 100 == 99 {
                #expect(try site.get("/a.txt").bodyText == "a", "request \(number) broke the server")
            }
        }
        #expect(answered > 500, "most malformed requests get an error response, not just a closed socket")
    }

    @Test func idleAndTricklingClientsDoNotBlockOthers() throws {
        let site = try TestSite(files: ["a.txt": "a"]) {
            $0.idleTimeoutMilliseconds = 5_000
            $0.headerTimeoutMilliseconds = 5_000
        }
        defer { site.stop() }
        let idle = try (0..<40).map { _ in try RawClient(port: site.port) }
        let tricklers = try (0..<5).map { _ in try RawClient(port: site.port) }
        for trickler in tricklers { trickler.send("G") }
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<100 {
            #expect(try site.get("/a.txt").status == 200)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // Blocked behind the silent clients, they would wait for the 5 s timeout; 100 requests take well under a
        // second, so the bound leaves room for a busy machine.
        #expect(seconds < 4, "100 requests took \(seconds) s beside 45 silent connections")
        for trickler in tricklers { trickler.send("E") }
        // All of them are closed after the timeout: idle ones silently, tricklers with 408.
        for client in idle { #expect(client.isClosedByServer()) }
        for trickler in tricklers {
            #expect(String(decoding: trickler.readToEnd(), as: UTF8.self).hasPrefix("HTTP/1.1 408 "))
        }
    }

    @Test func oversizedRequestLinesAndHeadersAreRefused() throws {
        let site = try TestSite(files: ["a.txt": "a"])
        defer { site.stop() }
        for length in [9_000, 100_000, 1_000_000] {
            let client = try RawClient(port: site.port)
            client.send("GET /" + String(repeating: "a", count: length) + " HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(String(decoding: client.readToEnd(), as: UTF8.self).hasPrefix("HTTP/1.1 414 "), "\(length)")
        }
        for count in [500, 5_000] {  // 18 KB and 180 KB of headers, beyond the 16 KB limit
            let client = try RawClient(port: site.port)
            client.send(
                "GET /a.txt HTTP/1.1\r\nHost: x\r\n"
                    + String(repeating: "X-A: bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\r\n", count: count) + "\r\n")
            #expect(String(decoding: client.readToEnd(), as: UTF8.self).hasPrefix("HTTP/1.1 431 "), "\(count)")
        }
        #expect(try site.get("/a.txt").status == 200)
    }
}
