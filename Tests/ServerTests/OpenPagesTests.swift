import Foundation
import OperatingSystem
import Synchronization
import TestSupport
import Testing

@testable import Server

/// What `serve` needs to rebuild the open pages first: which pages have a live-reload stream open, and holding
/// requests for every other file until the rest of the site is written.
@Suite struct OpenPagesTests {
    @Test func eachStreamNamesItsPageAsAFileOfTheSite() throws {
        let site = try TestSite(
            files: ["index.html": "<p>home</p>", "en/moto/v7/index.html": "<p>V7</p>", "en/a.html": "a"],
            liveReload: true)
        defer { site.stop() }
        let home = try EventStream(port: site.port, page: "/")
        defer { home.close() }
        let bike = try EventStream(port: site.port, page: "/en/moto/v7/")
        defer { bike.close() }
        let nowhere = try EventStream(port: site.port, page: "/en/missing/")
        defer { nowhere.close() }
        let unnamed = try EventStream(port: site.port)
        defer { unnamed.close() }
        for stream in [home, bike, nowhere, unnamed] { #expect(stream.waitFor("retry:", seconds: 5)) }
        #expect(site.server.openPages == ["index.html", "en/moto/v7/index.html"])
        bike.close()
        let deadline = Date().addingTimeInterval(5)
        while site.server.openPages.count > 1 && Date() < deadline { usleep(5_000) }
        #expect(site.server.openPages == ["index.html"])
    }

    @Test(.timeLimit(.minutes(1)))
    func heldRequestsWaitForTheReleaseButTheOpenPagesAndAssetsPass() throws {
        let site = try TestSite(
            files: ["en/open/index.html": "open", "assets/style.css": "p{}", "en/other/index.html": "other"])
        defer { site.stop() }
        site.server.holdRequests(allowing: ["en/open/index.html"], folders: ["assets"])
        #expect(try site.get("/en/open/").bodyText == "open")
        #expect(try site.get("/assets/style.css").bodyText == "p{}")

        let answered = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        let port = site.port
        Thread.detachNewThread {
            let request = "GET /en/other/ HTTP/1.1\r\nHost: localhost\r\n\r\n"
            let body = try? RawClient.fetch(port, request).bodyText
            answered.withLock { $0 = body }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 0.3) == .timedOut, "a held request must wait")
        try TestSite.write(site.root + "/en/other/index.html", "other, rebuilt")
        site.server.releaseRequests()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(answered.withLock { $0 } == "other, rebuilt", "it gets the file as the rest of the rebuild left it")
        #expect(try site.get("/en/other/").bodyText == "other, rebuilt")
    }
}
