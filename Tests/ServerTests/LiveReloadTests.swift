import Foundation
import OperatingSystem
import Testing

@testable import Server

@Suite struct LiveReloadTests {
    static let page = "<!doctype html><html><body><h1>V7</h1></BODY></html>"
    static let tag = "<script src=\"/__guzzi/reload.js\"></script>"

    @Test func scriptIsInjectedOnlyWhenEnabled() throws {
        let on = try TestSite(files: ["index.html": Self.page, "a.css": "p{}"], liveReload: true)
        defer { on.stop() }
        let injected = try on.get("/")
        #expect(injected.bodyText == "<!doctype html><html><body><h1>V7</h1>\(Self.tag)</BODY></html>")
        #expect(injected.header("Content-Length") == String(injected.body.count))
        #expect(try on.get("/a.css").bodyText == "p{}")
        let head = try RawClient.fetch(on.port, "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n", expectBody: false)
        #expect(head.header("Content-Length") == String(injected.body.count))

        let off = try TestSite(files: ["index.html": Self.page])
        defer { off.stop() }
        let plain = try off.get("/")
        #expect(plain.bodyText == Self.page)
        #expect(plain.header("ETag") != injected.header("ETag"))
        #expect(try off.get("/__guzzi/reload.js").status == 404)
        #expect(try off.get("/__guzzi/events").status == 404)
    }

    @Test func clientScriptIsServedFromMemory() throws {
        let site = try TestSite(liveReload: true)
        defer { site.stop() }
        let script = try site.get("/__guzzi/reload.js")
        #expect(script.status == 200)
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(
            script.bodyText.contains(
                "new EventSource(\"/__guzzi/events?page=\" + encodeURIComponent(location.pathname))"))
        #expect(script.bodyText.contains("textContent"))
        #expect(!script.bodyText.contains("innerHTML"))
    }

    @Test func injectionWithoutBodyTagAppends() {
        #expect(LiveReloadHub.inject(into: Array("<p>x".utf8)) == Array("<p>x".utf8) + LiveReloadHub.snippet)
        let twice = Array("<body>a</body><!-- </body> -->".utf8)
        #expect(
            String(decoding: LiveReloadHub.inject(into: twice), as: UTF8.self)
                == "<body>a</body><!-- \(Self.tag)</body> -->")
    }

    @Test func eventStreamReceivesReloadAndErrors() throws {
        let site = try TestSite(liveReload: true)
        defer { site.stop() }
        let stream = try RawClient(port: site.port)
        stream.send("GET /__guzzi/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        let head = stream.read(until: "retry: 1000\n\n")
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("Content-Type: text/event-stream"))
        try waitUntil { site.server.liveReload.streamCount == 1 }

        site.server.notifyReload()
        #expect(stream.read(until: "data: reload\n\n").hasSuffix("event: reload\ndata: reload\n\n"))

        site.server.setBuildError("Catalogue.json:3:7: expected ','\n<b>not markup</b>")
        let error = stream.read(until: "</b>\n\n")
        #expect(
            error.hasSuffix("event: build-error\ndata: Catalogue.json:3:7: expected ','\ndata: <b>not markup</b>\n\n"))

        // A stream opened while the error stands gets it at once.
        let late = try RawClient(port: site.port)
        late.send("GET /__guzzi/events HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(late.read(until: "</b>\n\n").contains("event: build-error\ndata: Catalogue.json:3:7"))

        site.server.setBuildError(nil)
        #expect(stream.read(until: "event: build-ok\n").contains("event: build-ok\ndata: ok\n\n"))
        #expect(late.read(until: "event: build-ok\n").contains("event: build-ok"))
    }

    @Test func streamsPingAndClosedStreamsAreDropped() throws {
        let site = try TestSite(liveReload: true) { $0.pingIntervalMilliseconds = 100 }
        defer { site.stop() }
        var stream: RawClient? = try RawClient(port: site.port)
        stream?.send("GET /__guzzi/events HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(stream?.read(until: ": ping\n\n").contains(": ping\n\n") == true)
        stream = nil  // the client goes away
        try waitUntil { site.server.liveReload.streamCount == 0 }
        site.server.notifyReload()  // must not crash or block
        #expect(try site.get("/__guzzi/reload.js").status == 200)
    }
}

/// Polls `condition` for up to `seconds`; throws if it never holds.
func waitUntil(seconds: Double = 3, _ condition: () -> Bool) throws {
    let end = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > end { throw ClientError(description: "condition not met within \(seconds) s") }
        usleep(5_000)
    }
}
