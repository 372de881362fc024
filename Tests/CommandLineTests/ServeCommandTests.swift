import Foundation
import OperatingSystem
import Synchronization
import TestSupport
import Testing

/// `guzzi-site serve` as a user runs it: on a free port of 127.0.0.1, over copies of Templates/ and Resources/
/// so the tests can edit them; every wait is bounded.
@Suite struct ServeCommandTests {
    /// A running `serve` over its own copy of the inputs.
    final class Preview {
        let folder: String
        let child: ChildProcess
        let port: UInt16
        let url: String

        var templates: String { folder + "/Templates" }

        init() throws {
            folder = CommandLineTests.temporaryFolder()
            let files = FileManager.default
            let root = CommandLineTests.repositoryRoot
            try files.copyItem(atPath: root + "/Templates", toPath: folder + "/Templates")
            try files.copyItem(atPath: root + "/Resources", toPath: folder + "/Resources")
            let sample = folder + "/Resources/sample/info_moto.json"
            let data = folder + "/info_moto.json"
            if files.fileExists(atPath: sample) {
                try files.copyItem(atPath: sample, toPath: data)
            } else {
                try files.copyItem(atPath: root + "/Tests/Fixtures/catalogue/minimal.json", toPath: data)
            }
            child = try ChildProcess(
                CommandLineTests.binary,
                [
                    "serve", "--data", data, "--templates", folder + "/Templates", "--resources",
                    folder + "/Resources", "--output", folder + "/site", "--port", "0",
                ], in: folder)
            guard child.waitFor({ out, _ in out.contains("(Ctrl-C to stop)") }),
                let line = child.stdout.split(separator: "\n").first(where: { $0.hasPrefix("Serving ") }),
                let range = line.range(of: #"http://127\.0\.0\.1:\d+/"#, options: .regularExpression),
                let port = UInt16(line[range].dropFirst("http://127.0.0.1:".count).dropLast())
            else {
                _ = child.stop(signal: SIGKILL)
                throw ProbeError(description: "serve did not start: \(child.stdout) \(child.stderr)")
            }
            self.port = port
            url = String(line[range])
        }

        func get(_ target: String, _ method: String = "GET", headers: [String: String] = [:]) throws -> ProbeResponse {
            try HTTPProbe.request(port: port, target, method: method, headers: headers)
        }

        /// Replaces `old` with `new` in a template by writing a temporary file and renaming it, as editors do.
        func edit(_ template: String, replacing old: String, with new: String) throws {
            let path = templates + "/" + template
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let changed = old.isEmpty ? text + new : text.replacingOccurrences(of: old, with: new)
            try EditorSave.write(changed, toFile: path)
        }

        func stop() -> Int32? { child.stop(signal: SIGTERM) }
    }

    @Test(.timeLimit(.minutes(1)))
    func servesTheSiteOverHTTP() throws {
        let preview = try Preview()
        defer { _ = preview.child.stop(signal: SIGKILL, seconds: 1) }
        #expect(preview.child.stdout.hasPrefix("Wrote "), "\(preview.child.stdout)")
        #expect(preview.url == "http://127.0.0.1:\(preview.port)/")

        let page = try preview.get("/en/index.html")
        #expect(page.status == 200)
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(page.text.contains("<script src=\"/__guzzi/reload.js\"></script>"))
        #expect(page.header("Content-Length") == String(page.body.count))
        // The injected script is for the preview only: the file on disk has none.
        let onDisk = try String(contentsOfFile: preview.folder + "/site/en/index.html", encoding: .utf8)
        #expect(!onDisk.contains("/__guzzi/"))

        #expect(try preview.get("/en/").status == 200)
        let folder = try preview.get("/en")
        #expect(folder.status == 301 && folder.header("Location") == "/en/")
        // the stylesheet, under the name the page gives it (its content's hash)
        let link = try #require(
            page.text.firstMatch(of: /<link rel="stylesheet" href="\.\.\/(assets\/style\.[0-9a-f]{8}\.css)">/))
        let stylesheet = "/" + String(link.1)
        let css = try preview.get(stylesheet)
        #expect(css.status == 200 && css.header("Content-Type")?.hasPrefix("text/css") == true)
        let json = try preview.get("/en/index.json")
        #expect(json.status == 200 && json.header("Content-Type")?.hasPrefix("application/json") == true)
        let script = try preview.get("/__guzzi/reload.js")
        #expect(script.status == 200 && script.text.contains("EventSource"))

        let missing = try preview.get("/en/no-such-page/")
        #expect(missing.status == 404)
        let notFoundPage = try Data(contentsOf: URL(fileURLWithPath: preview.folder + "/site/404.html"))
        #expect(missing.text.hasPrefix(String(decoding: notFoundPage.prefix(200), as: UTF8.self)))
        #expect(try preview.get("/en/index.html", "POST").status == 405)
        let head = try preview.get("/en/index.html", "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)

        // Conditional requests
        if let etag = page.header("ETag") {
            #expect(try preview.get("/en/index.html", headers: ["If-None-Match": etag]).status == 304)
        } else if let modified = page.header("Last-Modified") {
            #expect(try preview.get("/en/index.html", headers: ["If-Modified-Since": modified]).status == 304)
        } else {
            Issue.record("neither ETag nor Last-Modified")
        }

        // Traversal attempts: none may escape the output folder.
        for target in [
            "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
            "/en/..%2f..%2f..%2fetc/passwd", "/..\\..\\etc\\passwd", "/en/%00.html", "//etc/passwd",
        ] {
            let response = try preview.get(target)
            #expect([400, 403, 404].contains(response.status), "\(target) → \(response.status)")
            #expect(!response.text.contains("root:"), "\(target) leaked a system file")
        }

        // Concurrent clients, with one slow client holding a connection open meanwhile.
        let slow = try HTTPProbe.connect(port: preview.port)
        defer { close(slow) }
        _ = HTTPProbe.send(slow, "GET /en/index.html HTTP/1.1\r\nHost: x\r\n")  // headers never finished
        let statuses = Mutex<[Int]>([])
        let port = preview.port
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            let target = index % 2 == 0 ? "/en/index.html" : stylesheet
            let status = (try? HTTPProbe.request(port: port, target).status) ?? -1
            statuses.withLock { $0.append(status) }
        }
        #expect(statuses.withLock { $0 } == Array(repeating: 200, count: 24))

        #expect(preview.stop() == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func rebuildsOnChangeAndKeepsTheLastGoodSiteOnError() throws {
        let preview = try Preview()
        defer { _ = preview.child.stop(signal: SIGKILL, seconds: 1) }
        let events = try EventStream(port: preview.port)
        defer { events.close() }
        #expect(events.waitFor("retry:", seconds: 5))

        // A template edit rebuilds and reloads.
        try preview.edit("base.html", replacing: "</body>", with: "<p id=\"edited\">edited</p></body>")
        #expect(events.waitFor("event: reload"), "\(preview.child.stderr)")
        let edited = try preview.get("/en/index.html")
        #expect(edited.text.contains("id=\"edited\""))
        // first build + rebuild; serve prints its line after the reload event and the cleanup that follows it
        let said = Date().addingTimeInterval(10)
        while preview.child.stdout.components(separatedBy: "Wrote ").count < 3 && Date() < said { usleep(10_000) }
        #expect(preview.child.stdout.components(separatedBy: "Wrote ").count == 3)

        // A broken template: the error reaches the stream with its place; the old site stays, byte for byte.
        let before = try Data(contentsOf: URL(fileURLWithPath: preview.folder + "/site/en/index.html"))
        let mark = events.text.count
        try preview.edit("base.html", replacing: "<p id=\"edited\">", with: "{% if %}<p id=\"edited\">")
        #expect(events.waitFor("event: build-error", after: mark))
        let errorEvent = String(events.text.dropFirst(mark))
        #expect(
            errorEvent.range(of: #"base\.html:\d+:\d+: error"#, options: .regularExpression) != nil, "\(errorEvent)")
        #expect(preview.child.waitFor(seconds: 5) { _, err in err.contains("base.html:") })
        let during = try preview.get("/en/index.html")
        #expect(during.status == 200)
        let served = try Data(contentsOf: URL(fileURLWithPath: preview.folder + "/site/en/index.html"))
        #expect(served == before)
        #expect(during.text.contains("id=\"edited\""))

        // The fix clears the error and reloads.
        let fixMark = events.text.count
        try preview.edit("base.html", replacing: "{% if %}", with: "")
        #expect(events.waitFor("event: build-ok", after: fixMark))
        #expect(events.waitFor("event: reload", after: fixMark))

        // Ctrl-C ends it, with the event stream still open: the accept loop wakes on every system.
        #expect(preview.child.stop(signal: SIGINT) == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func rebuildsWhenThePhotoSidecarAppears() throws {
        let preview = try Preview()
        defer { _ = preview.child.stop(signal: SIGKILL, seconds: 1) }
        let events = try EventStream(port: preview.port)
        defer { events.close() }
        #expect(events.waitFor("retry:", seconds: 5))
        let before = try preview.get("/en/moto/normale-1921/index.html")
        #expect(!before.text.contains("Photo by"))
        let sidecar = """
            {"format": 1, "photos": {"52814467203": {"status": "ok", "server": "65535", "secret": "4c9e1a7b3f",
            "size": 1024, "width": 1024, "height": 683, "author": "Sidecar Author",
            "author_url": "https://www.flickr.com/photos/author/", "page": "https://www.flickr.com/photos/author/1/"}}}
            """
        try EditorSave.write(sidecar, toFile: preview.folder + "/info_moto.photos.json")
        #expect(events.waitFor("event: reload"), "\(preview.child.stderr)")
        let after = try preview.get("/en/moto/normale-1921/index.html")
        #expect(after.text.contains("Photo by <a href=\"https://www.flickr.com/photos/author/\">Sidecar Author</a>"))
        #expect(after.text.contains("_4c9e1a7b3f_z.jpg"))
        #expect(preview.stop() == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func badPortIsAUsageError() throws {
        let run = try CommandLineTests.run(["serve", "--port", "70000"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--port"))
    }
}
