import Dispatch
import Foundation
import OperatingSystem
import Synchronization
import Testing

@testable import Server

@Suite struct StaticServerTests {
    @Test func servesFileWithExactLength() throws {
        let body = "<!doctype html><title>Guzzi</title><p>Le Mans</p>\n"
        let site = try TestSite(files: ["page.html": body])
        defer { site.stop() }
        let response = try site.get("/page.html")
        #expect(response.status == 200)
        #expect(response.bodyText == body)
        #expect(response.header("Content-Length") == String(body.utf8.count))
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Cache-Control") == "no-cache")
        #expect(response.header("Last-Modified")?.hasSuffix(" GMT") == true)
        // After the body there is nothing else: the length is exact.
        let client = try RawClient(port: site.port)
        client.send("GET /page.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let raw = String(decoding: client.readToEnd(), as: UTF8.self)
        #expect(raw.hasSuffix("\r\n\r\n" + body))
    }

    @Test func headSendsHeadersOnly() throws {
        let site = try TestSite(files: ["style.css": "body { color: red }\n"])
        defer { site.stop() }
        let client = try RawClient(port: site.port)
        client.send("HEAD /style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try client.readResponse(expectBody: false)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "20")
        #expect(head.header("Content-Type") == "text/css; charset=utf-8")
        // The same connection then answers a GET: proves HEAD left no body bytes behind.
        client.send("GET /style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        let get = try client.readResponse()
        #expect(get.bodyText == "body { color: red }\n")
    }

    @Test func folderIndexAndRedirect() throws {
        let site = try TestSite(files: ["index.html": "home", "it/moto/index.html": "moto"])
        defer { site.stop() }
        #expect(try site.get("/").bodyText == "home")
        #expect(try site.get("/it/moto/").bodyText == "moto")
        let redirect = try site.get("/it/moto?sort=year")
        #expect(redirect.status == 301)
        #expect(redirect.header("Location") == "/it/moto/?sort=year")
        let doubleSlash = try site.get("//it/moto")
        #expect(doubleSlash.status == 301)
        #expect(doubleSlash.header("Location") == "/it/moto/")
    }

    @Test func missingFileServesSite404() throws {
        let site = try TestSite(files: ["404.html": "<h1>Pagina non trovata</h1>"])
        defer { site.stop() }
        let response = try site.get("/nope.html")
        #expect(response.status == 404)
        #expect(response.bodyText == "<h1>Pagina non trovata</h1>")
        #expect(response.header("ETag") == nil)
    }

    @Test func missingFileWithout404PageGetsBuiltIn() throws {
        let site = try TestSite(files: ["index.html": "x"])
        defer { site.stop() }
        let response = try site.get("/nope.html")
        #expect(response.status == 404)
        #expect(response.bodyText.contains("404 Not Found"))
    }

    @Test func etagAndConditionalRequests() throws {
        let site = try TestSite(files: ["data.json": "{\"a\":1}"])
        defer { site.stop() }
        let first = try site.get("/data.json")
        let etag = try #require(first.header("ETag"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
        let client = try RawClient(port: site.port)
        client.send("GET /data.json HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"other\", \(etag)\r\n\r\n")
        let notModified = try client.readResponse()
        #expect(notModified.status == 304)
        #expect(notModified.header("ETag") == etag)
        #expect(notModified.body.isEmpty)
        // Keep-alive survives a 304: the next answer on the socket is a full 200.
        client.send("GET /data.json HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"stale\"\r\n\r\n")
        let fresh = try client.readResponse()
        #expect(fresh.status == 200)
        #expect(fresh.bodyText == "{\"a\":1}")

        let lastModified = try #require(first.header("Last-Modified"))
        let byDate = try site.get("/data.json", headers: "If-Modified-Since: \(lastModified)\r\n")
        #expect(byDate.status == 304)
        let old = try site.get("/data.json", headers: "If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT\r\n")
        #expect(old.status == 200)
        // If-None-Match wins over If-Modified-Since.
        let both = try site.get(
            "/data.json", headers: "If-None-Match: \"stale\"\r\nIf-Modified-Since: \(lastModified)\r\n")
        #expect(both.status == 200)
    }

    @Test func etagChangesWhenFileIsRewritten() throws {
        let site = try TestSite(files: ["a.txt": "one"])
        defer { site.stop() }
        let before = try #require(try site.get("/a.txt").header("ETag"))
        try TestSite.write(site.root + "/a.txt", "two")
        let after = try site.get("/a.txt")
        #expect(after.bodyText == "two")
        #expect(after.header("ETag") != before)
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let site = try TestSite(files: ["a.txt": "alpha", "b.txt": "beta"])
        defer { site.stop() }
        let client = try RawClient(port: site.port)
        client.send("GET /a.txt HTTP/1.1\r\nHost: x\r\n\r\n")
        let first = try client.readResponse()
        #expect(first.bodyText == "alpha")
        #expect(first.header("Connection") == "keep-alive")
        client.send("GET /b.txt HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().bodyText == "beta")
        // Pipelined: two requests in one write, two answers in order.
        client.send("GET /b.txt HTTP/1.1\r\nHost: x\r\n\r\nGET /a.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(try client.readResponse().bodyText == "beta")
        let last = try client.readResponse()
        #expect(last.bodyText == "alpha")
        #expect(last.header("Connection") == "close")
        #expect(client.isClosedByServer())
    }

    /// Headers and a sendfile body in two segments stall ~40 ms each (Nagle + delayed ACK): 200 requests
    /// would take 8 s. With MSG_MORE/TCP_NODELAY they take milliseconds.
    @Test func keepAliveResponsesDoNotStall() throws {
        let site = try TestSite(files: ["index.html": String(repeating: "<p>moto</p>", count: 90)])
        defer { site.stop() }
        let client = try RawClient(port: site.port)
        let start = DispatchTime.now()
        for _ in 0..<200 {
            client.send("GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().body.count == 990)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        // Stalling, they would take 8 s or more; the bound leaves room for a busy machine.
        #expect(seconds < 5, "200 keep-alive requests took \(seconds) s")
    }

    @Test func http10ClosesUnlessKeepAliveAsked() throws {
        let site = try TestSite(files: ["a.txt": "alpha"])
        defer { site.stop() }
        let plain = try RawClient(port: site.port)
        plain.send("GET /a.txt HTTP/1.0\r\n\r\n")
        #expect(try plain.readResponse().bodyText == "alpha")
        #expect(plain.isClosedByServer())

        let kept = try RawClient(port: site.port)
        kept.send("GET /a.txt HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try kept.readResponse().header("Connection") == "keep-alive")
        kept.send("GET /a.txt HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try kept.readResponse().bodyText == "alpha")
    }

    @Test func largeFileArrivesIntact() throws {
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let site = try TestSite()
        defer { site.stop() }
        try TestSite.write(site.root + "/big.png", bytes)
        let response = try site.get("/big.png")
        #expect(response.header("Content-Type") == "image/png")
        #expect(response.body == bytes)
    }

    @Test func concurrentClientsAreServedWhileSlowClientsHang() throws {
        var files: [String: String] = [:]
        for index in 0..<20 { files["p\(index).txt"] = "page \(index) " + String(repeating: "x", count: index * 100) }
        let site = try TestSite(files: files)
        defer { site.stop() }

        let idle = try RawClient(port: site.port)  // connects and never sends
        let trickler = try RawClient(port: site.port)
        let trickled = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for byte in "GET /p1.txt HTTP/1.1\r\nHost: x\r\n".utf8 {
                trickler.send([byte])
                usleep(20_000)
            }
            trickled.signal()
        }

        let failures = Mutex<[String]>([])
        let start = DispatchTime.now()
        let port = site.port
        let expected = files
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            do {
                let response = try RawClient.fetch(port, "GET /p\(index).txt HTTP/1.1\r\nHost: x\r\n\r\n")
                if response.bodyText != expected["p\(index).txt"] {
                    failures.withLock { $0.append("wrong body \(index)") }
                }
            } catch {
                failures.withLock { $0.append("\(index): \(error)") }
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        #expect(failures.withLock { $0 } == [])
        #expect(seconds < 8)  // waiting on the trickler would take its 10 s timeout
        // The slow clients were not dropped because of anyone else's traffic.
        #expect(trickled.wait(timeout: .now() + 5) == .success)
        trickler.send("\r\n")
        #expect(try trickler.readResponse().bodyText == files["p1.txt"])
        idle.send("GET /p2.txt HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try idle.readResponse().bodyText == files["p2.txt"])
    }

    @Test func idleAndTricklingClientsAreClosed() throws {
        let site = try TestSite(files: ["a.txt": "a"]) {
            $0.idleTimeoutMilliseconds = 300
            $0.headerTimeoutMilliseconds = 600
        }
        defer { site.stop() }
        let idle = try RawClient(port: site.port)
        let trickler = try RawClient(port: site.port)
        let start = DispatchTime.now()
        // One byte every 100 ms never trips the idle timeout, only the overall header deadline.
        var sentAll = true
        for byte in "GET /a.txt HTTP/1.1\r\nHost: x\r\n".utf8 {
            if !trickler.send([byte]) {
                sentAll = false
                break
            }
            usleep(100_000)
            if Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 > 3 { break }
        }
        #expect(!sentAll)
        #expect(String(decoding: trickler.readToEnd(), as: UTF8.self).hasPrefix("HTTP/1.1 408 "))
        #expect(idle.isClosedByServer())
        #expect(idle.readToEnd().isEmpty)
    }

    @Test func connectionLimitRefusesWith503() throws {
        let site = try TestSite(files: ["a.txt": "a"]) { $0.maxConnections = 2 }
        defer { site.stop() }
        let first = try RawClient(port: site.port)
        let second = try RawClient(port: site.port)
        first.send("GET /a.txt HTTP/1.1\r\nHost: x\r\n\r\n")
        second.send("GET /a.txt HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try first.readResponse().status == 200)
        #expect(try second.readResponse().status == 200)
        let third = try RawClient(port: site.port)
        #expect(String(decoding: third.readToEnd(), as: UTF8.self).hasPrefix("HTTP/1.1 503 "))
    }

    @Test func stopEndsRunPromptlyWithOpenConnections() throws {
        let site = try TestSite(files: ["a.txt": "a"], liveReload: true)
        let keepAlive = try RawClient(port: site.port)
        keepAlive.send("GET /a.txt HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try keepAlive.readResponse().status == 200)
        let events = try RawClient(port: site.port)
        events.send("GET /__guzzi/events HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(events.read(until: "retry:").contains("text/event-stream"))
        let seconds = try #require(site.stop())
        #expect(seconds < 8)  // not waiting for the open connections' 10 s idle timeout
        #expect(keepAlive.isClosedByServer())
        #expect(site.server.openConnections == 0)
    }

    @Test func bindFailureIsReported() throws {
        let site = try TestSite()
        defer { site.stop() }
        #expect(throws: ServerError.self) {
            try StaticServer(configuration: ServerConfiguration(root: site.root, port: site.port))
        }
        do {
            _ = try StaticServer(configuration: ServerConfiguration(root: site.root, port: site.port))
        } catch {
            #expect(error.description.contains("127.0.0.1:\(site.port)"))
        }
        #expect(throws: ServerError.self) {
            try StaticServer(configuration: ServerConfiguration(root: site.root, host: "not-an-ip", port: 0))
        }
    }

    @Test func urlNamesTheBoundPort() throws {
        let site = try TestSite()
        defer { site.stop() }
        #expect(site.port != 0)
        #expect(site.server.url == "http://127.0.0.1:\(site.port)/")
    }
}
