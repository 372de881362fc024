import Testing

@testable import Server

@Suite struct HTTPRequestTests {
    private func parse(_ text: String) throws(HTTPStatus) -> HTTPRequest {
        try HTTPRequest.parse(Array(text.utf8)[...])
    }

    @Test func parsesRequestLineAndHeaders() throws {
        let request = try parse("GET /it/moto/?q=1#top HTTP/1.1\r\nHost: x\r\nIf-None-Match:  \"abc\" \r\n\r\n")
        #expect(request.method == "GET")
        #expect(request.path == "/it/moto/")
        #expect(request.query == "q=1")
        #expect(request.header("if-none-match") == "\"abc\"")
        #expect(request.keepAlive)
        #expect(!request.hasBody)
    }

    @Test func absoluteFormIsReducedToPath() throws {
        #expect(try parse("GET http://example.org/a.txt HTTP/1.1\r\nHost: x\r\n\r\n").target == "/a.txt")
        #expect(try parse("GET http://example.org HTTP/1.1\r\nHost: x\r\n\r\n").target == "/")
    }

    @Test(arguments: [
        "GET / HTTP/1.1\r\n\r\n",  // no Host in 1.1
        "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1\r\nHost: x\r\n\r\n",
        "GET / http/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n",
        "GET / HTTP/1.1\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        "GET relative HTTP/1.1\r\nHost: x\r\n\r\n",
    ])
    func malformedIsBadRequest(_ text: String) {
        #expect(throws: HTTPStatus.badRequest) { try parse(text) }
    }

    @Test func unknownVersionIs505() {
        #expect(throws: HTTPStatus.httpVersionNotSupported) { try parse("GET / HTTP/2.0\r\nHost: x\r\n\r\n") }
        #expect(throws: HTTPStatus.httpVersionNotSupported) { try parse("GET / HTTP/1.2\r\nHost: x\r\n\r\n") }
    }

    @Test func connectionSemantics() throws {
        #expect(try !parse("GET / HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n").keepAlive)
        #expect(try !parse("GET / HTTP/1.0\r\n\r\n").keepAlive)
        #expect(try parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").keepAlive)
        #expect(try parse("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\n").hasBody)
    }

    @Test func scannerLimits() {
        let longLine = Array(("GET /" + String(repeating: "a", count: 9_000)).utf8)
        #expect(RequestHeadScanner.scan(longLine) == .failed(.uriTooLong))
        let bigHeaders = Array(("GET / HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 2_100)).utf8)
        #expect(RequestHeadScanner.scan(bigHeaders) == .failed(.headersTooLarge))
        #expect(RequestHeadScanner.scan(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)) == .incomplete)
        #expect(RequestHeadScanner.scan(Array("GET / HTTP/1.1\r\n\r\nGET".utf8)) == .complete(end: 18))
    }

    @Test func httpDatesRoundTrip() {
        #expect(HTTPDate.format(seconds: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
    }
}

/// The same rules over a real socket: statuses, and that the server closes after a broken request.
@Suite struct ProtocolErrorTests {
    @Test func garbageGets400AndClose() throws {
        let site = try TestSite(files: ["index.html": "x"])
        defer { site.stop() }
        for garbage in ["HELLO\r\n\r\n", "\u{1}\u{2}\u{3} / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nbad header\r\n\r\n"] {
            let client = try RawClient(port: site.port)
            client.send(garbage)
            let text = String(decoding: client.readToEnd(), as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(garbage.debugDescription)")
            #expect(text.contains("Connection: close\r\n"))
        }
        let binary = try RawClient(port: site.port)
        binary.send((0..<2_000).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) } + [13, 10, 13, 10])
        #expect(String(decoding: binary.readToEnd(), as: UTF8.self).hasPrefix("HTTP/1.1 4"))
    }

    @Test func otherMethodsGet405WithAllow() throws {
        let site = try TestSite(files: ["index.html": "x"])
        defer { site.stop() }
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "BREW"] {
            let response = try RawClient.fetch(site.port, "\(method) / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD")
        }
        // A body is never read, so the connection ends instead of parsing it as a request.
        let client = try RawClient(port: site.port)
        client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 28\r\n\r\nGET /index.html HTTP/1.1\r\n\r\n")
        #expect(try client.readResponse().status == 405)
        #expect(client.isClosedByServer())
    }

    @Test func longRequestLineGets414() throws {
        let site = try TestSite(files: ["index.html": "x"])
        defer { site.stop() }
        let client = try RawClient(port: site.port)
        client.send("GET /" + String(repeating: "a", count: 10_000) + " HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(String(decoding: client.readToEnd(), as: UTF8.self).hasPrefix("HTTP/1.1 414 URI Too Long\r\n"))
    }

    @Test func hugeHeadersGet431() throws {
        let site = try TestSite(files: ["index.html": "x"])
        defer { site.stop() }
        let client = try RawClient(port: site.port)
        let cookie = "Cookie: " + String(repeating: "c", count: 4_000) + "\r\n"
        client.send("GET / HTTP/1.1\r\nHost: x\r\n" + String(repeating: cookie, count: 6) + "\r\n")
        let text = String(decoding: client.readToEnd(), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
    }

    @Test func unsupportedVersionGets505() throws {
        let site = try TestSite(files: ["index.html": "x"])
        defer { site.stop() }
        let client = try RawClient(port: site.port)
        client.send("GET / HTTP/3.0\r\nHost: x\r\n\r\n")
        #expect(String(decoding: client.readToEnd(), as: UTF8.self).hasPrefix("HTTP/1.1 505 "))
    }
}
