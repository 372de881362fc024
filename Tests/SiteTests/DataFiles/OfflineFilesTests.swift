import Files
import Foundation
import Templating
import Testing

@testable import Site

/// Each edition's manifest, offline worker and list, read back from a built site.
@Suite struct OfflineFilesTests {
    static func built(base: String? = nil) throws -> String {
        let out = SiteFixtures.temporaryFolder() + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out, base: base))
        return out
    }

    static func json(_ path: String) throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The precached files of a worker: (address from the worker, digest) pairs, as written.
    static func precache(_ worker: String) -> [(url: String, digest: String)] {
        worker.matches(of: /\["([^"]+)", "([0-9a-f]{32})"\]/).map { (String($0.1), String($0.2)) }
    }

    @Test func eachEditionIsInstallableFromItsOwnFolder() throws {
        let out = try Self.built()
        for (lang, name) in [("en", "Guzzi Tracker"), ("it", "Guzzi Tracker")] {
            let manifest = try Self.json(out + "/\(lang)/manifest.webmanifest")
            #expect(manifest["name"] as? String == name)
            #expect(manifest["lang"] as? String == lang)
            #expect(manifest["start_url"] as? String == "./" && manifest["scope"] as? String == "./")
            #expect(manifest["display"] as? String == "standalone")
            let icons = try #require(manifest["icons"] as? [[String: String]])
            #expect(Set(icons.compactMap { $0["sizes"] }).isSuperset(of: ["192x192", "512x512"]))
            #expect(icons.contains { $0["purpose"] == "maskable" })
            for icon in icons {
                let file = (out + "/\(lang)/" + icon["src"]!) as NSString
                #expect(FileManager.default.fileExists(atPath: file.standardizingPath), "\(icon["src"]!)")
            }
            // every page of the edition names it (its script links it over HTTP) and the apple-touch-icon
            let page = SiteFixtures.read(out + "/\(lang)/moto/v7-1967/index.html")
            #expect(page.contains("data-manifest=\"../../../\(lang)/manifest.webmanifest\""))
            #expect(page.contains("<link rel=\"apple-touch-icon\" href=\"../../../assets/icons/apple-touch-icon."))
            #expect(page.contains("data-worker=\"../../../\(lang)/sw.js\""))
        }
        let english = try Self.json(out + "/en/manifest.webmanifest")
        #expect((english["description"] as? String)?.hasPrefix("Every Moto Guzzi") == true)
        #expect(!SiteFixtures.read(out + "/index.html").contains("data-worker"), "the root belongs to no edition")
    }

    /// The worker keeps the edition's shell, each file named with the digest of the bytes the site holds.
    @Test func theWorkerNamesEveryFileOfTheShellByItsContent() throws {
        let out = try Self.built()
        let worker = SiteFixtures.read(out + "/en/sw.js")
        let files = Self.precache(worker)
        let urls = files.map(\.url)
        for expected in ["./", "garage/", "compare/", "offline/", "manifest.webmanifest", "data/catalogue-0.js"] {
            #expect(urls.contains(expected), "\(expected)")
        }
        #expect(urls.contains { $0.hasPrefix("../assets/style.") && $0.hasSuffix(".css") })
        #expect(urls.contains { $0.hasPrefix("../assets/js/every-page.") })
        #expect(!urls.contains { $0.contains("storage.") }, "the storage frame is for pages from disk only")
        for (url, digest) in files {
            var path = "en/" + url
            if path.hasSuffix("/") { path += "index.html" }
            let bytes = try #require(
                FileManager.default.contents(atPath: (out + "/" + path as NSString).standardizingPath))
            #expect(Digest(of: Array(bytes)).description == digest, "\(url)")
        }
        let italian = SiteFixtures.read(out + "/it/sw.js")
        #expect(Self.precache(italian).map(\.url).contains("confronto/"))
        #expect(italian.contains("const PREFIX = WorkerRules.cachePrefix(scope);"))
    }

    /// A build that changes no file of the shell leaves the worker byte for byte, inode included; one that does
    /// makes a new one. The list says what the whole catalogue takes.
    @Test func theWorkerChangesOnlyWithItsShell() throws {
        var workspace = try Workspace()
        let out = workspace.folder + "/site"
        _ = try SiteBuilder.build(workspace.options(output: out))
        let worker = out + "/en/sw.js"
        let before = try FileManager.default.attributesOfItem(atPath: worker)
        let text = SiteFixtures.read(worker)
        // a bike's photos: its pages and the list change, not the shell (its texts are in the shell: the search's)
        var elements = workspace.elements
        let images = elements[0]["images"] as? [String] ?? []
        elements[0]["images"] = images + ["https://live.staticflickr.com/65535/1_abcdef_o.jpg"]
        workspace.elements = elements
        try workspace.save()
        let notes = try SiteBuilder.build(workspace.options(output: out))
        #expect((notes.changes?.changed ?? 0) > 0)
        let after = try FileManager.default.attributesOfItem(atPath: worker)
        #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int)
        #expect(SiteFixtures.read(worker) == text)
        // a stylesheet edit: a new file in the shell, a new worker
        let css = workspace.resources + "/assets/style.css"
        try (SiteFixtures.read(css) + "/* more */\n").write(toFile: css, atomically: false, encoding: .utf8)
        _ = try SiteBuilder.build(workspace.options(output: out))
        let newer = SiteFixtures.read(worker)
        #expect(newer != text)
        #expect(
            Self.precache(newer).map(\.url).contains(
                "../" + SiteFixtures.published("style.css", resources: workspace.resources)))
    }

    @Test func theListGivesEveryMotorcyclePageWithItsSize() throws {
        let out = try Self.built()
        let list = try Self.json(out + "/en/offline.json")
        let pages = try #require(list["pages"] as? [[String: Any]])
        let bikes = (FileManager.default.subpaths(atPath: out + "/en/moto") ?? []).filter {
            $0.hasSuffix("/index.html") && !$0.contains("/gallery/")
        }
        #expect(list["motorcycles"] as? Int == bikes.count)
        var total = 0
        for page in pages {
            let url = try #require(page["url"] as? String)
            let path = out + "/en/" + url + (url.hasSuffix("/") ? "index.html" : "")
            let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            #expect(page["bytes"] as? Int == size, "\(url)")
            total += size
        }
        #expect(list["bytes"] as? Int == total)
        #expect(pages.filter { ($0["url"] as? String)?.hasPrefix("moto/") == true }.count == bikes.count)
        #expect((list["photos"] as? [Any])?.isEmpty == true, "no photo sidecar: no photo to keep")
    }

    /// The offline page is in each edition, in its language, and in no sitemap or search engine.
    @Test func theOfflinePageIsNoindexAndOutOfTheSitemap() throws {
        let out = try Self.built(base: "https://example.org/")
        let english = SiteFixtures.read(out + "/en/offline/index.html")
        #expect(english.contains("<h1>Not on this device</h1>"))
        #expect(english.contains("<meta name=\"robots\" content=\"noindex\">"))
        // a page kept from search engines tells them nothing else: no canonical, no hreflang alternates
        #expect(!english.contains("rel=\"canonical\"") && !english.contains("<link rel=\"alternate\""))
        #expect(SiteFixtures.read(out + "/it/offline/index.html").contains("<h1>Non su questo dispositivo</h1>"))
        #expect(!SiteFixtures.read(out + "/sitemap.xml").contains("offline"))
    }

    /// `--no-offline`: pages name no manifest or worker, there is no manifest or list, and each edition's sw.js is
    /// the worker that removes an earlier one with its caches; built over an offline site, it replaces it.
    @Test func withoutOfflineEachEditionsWorkerRetiresTheEarlierOne() throws {
        let out = SiteFixtures.temporaryFolder() + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        var options = SiteFixtures.buildOptions(output: out)
        options.offline = false
        let report = try SiteBuilder.build(options)
        #expect(report.changes != nil, "an update of the offline site, not a clean build")
        for lang in ["en", "it"] {
            let page = SiteFixtures.read(out + "/\(lang)/index.html")
            #expect(!page.contains("data-worker") && !page.contains("data-manifest") && !page.contains("data-offline"))
            #expect(!FileManager.default.fileExists(atPath: out + "/\(lang)/manifest.webmanifest"))
            #expect(!FileManager.default.fileExists(atPath: out + "/\(lang)/offline.json"))
            let worker = SiteFixtures.read(out + "/\(lang)/sw.js")
            #expect(worker.contains("turned off") && worker.contains("self.registration.unregister()"))
            #expect(worker.contains("caches.delete") && !worker.contains("addEventListener(\"fetch\""))
            #expect(Self.precache(worker).isEmpty)
        }
        var clean = options
        clean.outputPath = SiteFixtures.temporaryFolder() + "/clean"
        _ = try SiteBuilder.build(clean)
        let site = { (folder: String) in BuildTests.snapshot(folder).filter { !$0.key.hasPrefix(".guzzi-site") } }
        #expect(site(out) == site(clean.outputPath), "the update over the offline site is what a clean build gives")
    }
}
