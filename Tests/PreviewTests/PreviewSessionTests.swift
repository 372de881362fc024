import Foundation
import History
import Preview
import Site
import TestSupport
import Testing

/// The preview's build–watch–rebuild loop, driven directly: edits to copies of the inputs, the output folder
/// and the live-reload stream of a real server as the evidence.
@Suite struct PreviewSessionTests {
    @Test(.timeLimit(.minutes(1)))
    func aTemplateEditRebuildsTheOutputAndReloadsOpenPages() throws {
        let preview = try PreviewFixture()
        defer { preview.stop() }
        #expect(preview.start())
        #expect(preview.log.builds == 1)
        #expect(preview.read("en/index.html").contains("</html>"))
        #expect(!preview.read("en/index.html").contains("id=\"edited\""))
        let events = try EventStream(port: preview.server.port)
        defer { events.close() }
        #expect(events.waitFor("retry:", seconds: 5))

        try preview.edit(
            preview.folder + "/Templates/base.html", replacing: "</body>", with: "<p id=\"edited\">edited</p></body>")
        #expect(events.waitFor("event: reload"), "\(preview.log.failures)")
        #expect(preview.wait { preview.log.builds == 2 })
        #expect(preview.read("en/index.html").contains("<p id=\"edited\">edited</p>"))
        #expect(preview.read("it/index.html").contains("<p id=\"edited\">edited</p>"))
        #expect(preview.log.failures.isEmpty)
    }

    /// With a page open in a browser, a template edit reloads that page as soon as it alone is rebuilt, while
    /// the server holds requests for other files; the rest of the site follows and ends as a clean build.
    @Test(.timeLimit(.minutes(1)))
    func theOpenPageIsRebuiltFirstAndTheRestOfTheSiteFollows() throws {
        let preview = try PreviewFixture()
        defer { preview.stop() }
        #expect(preview.start())
        let events = try EventStream(port: preview.server.port, page: "/en/")
        defer { events.close() }
        #expect(events.waitFor("retry:", seconds: 5))
        #expect(preview.wait { preview.server.openPages == ["en/index.html"] })

        let edited = "<p id=\"edited\">edited</p>"
        try preview.edit(preview.folder + "/Templates/base.html", replacing: "</body>", with: edited + "</body>")
        #expect(events.waitFor("event: reload"), "\(preview.log.failures)")
        #expect(preview.read("en/index.html").contains(edited), "the open page has the edit when it reloads")
        #expect(preview.wait { preview.log.builds == 2 })
        #expect(preview.log.reloads == [1])
        #expect(preview.log.reloadsPrecedeBuilds)
        #expect(preview.read("it/moto/v7-1967/index.html").contains(edited))
        #expect(!events.text.contains("build-error"))

        var clean = preview.session.options
        clean.outputPath = preview.folder + "/clean"
        clean.clean = true
        _ = try SiteBuilder.build(clean)
        let served = folderSnapshot(preview.output).filter { $0.key != ".guzzi-site" }
        #expect(served == folderSnapshot(clean.outputPath).filter { $0.key != ".guzzi-site" })
        // The manifest of the complete site again: a build with the same inputs finds nothing to do.
        let report = try SiteBuilder.build(preview.session.options)
        #expect(report.changes == OutputChanges(changed: 0, removed: 0, unchanged: served.count))
        #expect(report.rendered == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func aDataSyntaxErrorIsReportedWithItsPlaceAndTheOutputStaysAsItWas() throws {
        let preview = try PreviewFixture()
        defer { preview.stop() }
        #expect(preview.start())
        let before = folderSnapshot(preview.output)
        #expect(!before.isEmpty)
        let events = try EventStream(port: preview.server.port)
        defer { events.close() }
        #expect(events.waitFor("retry:", seconds: 5))

        // Line 8 of the sample is `"name": "Normale",`: without its colon the JSON is broken there.
        try preview.edit(preview.data, replacing: "\"name\": \"Normale\"", with: "\"name\" \"Normale\"")
        #expect(preview.wait { !preview.log.failures.isEmpty })
        let message = preview.log.failures.first ?? ""
        #expect(message.contains(preview.data), "\(message)")
        #expect(
            message.range(of: #"line 8, column \d+: expected ':'"#, options: .regularExpression) != nil, "\(message)")
        #expect(events.waitFor("event: build-error"))
        #expect(events.text.range(of: #"data: .*line 8, column \d+"#, options: .regularExpression) != nil)
        #expect(folderSnapshot(preview.output) == before)
        #expect(preview.log.builds == 1)

        // The fix clears the error over open pages and reloads them.
        let mark = events.text.count
        try preview.edit(preview.data, replacing: "\"name\" \"Normale\"", with: "\"name\": \"Normale\"")
        #expect(events.waitFor("event: build-ok", after: mark))
        #expect(events.waitFor("event: reload", after: mark))
        #expect(preview.wait { preview.log.builds == 2 })
    }

    @Test(.timeLimit(.minutes(1)))
    func quickEditsAreCoalescedIntoOneRebuild() throws {
        // A debounce long enough that three saves 20 ms apart fall inside it even on a busy machine.
        let preview = try PreviewFixture(debounceMilliseconds: 400)
        defer { preview.stop() }
        #expect(preview.start())
        let template = preview.folder + "/Templates/base.html"
        for index in 1...3 {
            try preview.edit(template, replacing: "</body>", with: "<p id=\"save-\(index)\"></p></body>")
            usleep(20_000)
        }
        #expect(preview.wait { preview.log.builds == 2 })
        usleep(1_000_000)  // room for a second rebuild, had the saves not been coalesced
        #expect(preview.log.builds == 2)
        let page = preview.read("en/index.html")
        #expect((1...3).allSatisfy { page.contains("<p id=\"save-\($0)\"></p>") })
    }

    @Test func thePreviewServesFromTheRootAndWatchesThePhotoSidecar() throws {
        let preview = try PreviewFixture()
        defer { preview.stop() }
        #expect(preview.session.options.servedFromPath == "/")
        #expect(preview.session.watchedPaths.contains(preview.folder + "/info_moto.photos.json"))
    }

    /// A history written while the preview is open (`guzzi-site history` in another terminal) rebuilds the site
    /// with its What's new pages.
    @Test func aHistoryWrittenWhileServingAddsWhatsNew() throws {
        let preview = try PreviewFixture()
        defer { preview.stop() }
        #expect(preview.start())
        #expect(preview.read("en/whats-new/index.html").isEmpty)
        let first = Release(
            date: "2019-03-01T12:00:00+01:00", version: 1, digest: "0a", commit: nil, motorcycles: 13, isFirst: true)
        try CatalogueHistory(releases: [first]).write(to: preview.folder + "/info_moto.history.json")
        #expect(preview.wait { preview.log.builds == 2 })
        #expect(preview.read("en/whats-new/index.html").contains("<time datetime=\"2019-03-01\">March 1, 2019</time>"))
    }
}
