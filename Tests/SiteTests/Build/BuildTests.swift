import Catalogue
import Files
import Foundation
import TestSupport
import Testing

@testable import Site
@testable import Templating

/// Whole builds into temporary folders: the pages written, and what a failed build leaves behind.
@Suite struct BuildTests {
    /// Every file under `folder` with its bytes.
    static func snapshot(_ folder: String) -> [String: Data] { folderSnapshot(folder) }

    @Test func sampleBuildsEveryPage() throws {
        let out = SiteFixtures.temporaryFolder() + "/site"
        let report = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        let catalogue = try Catalogue.load(contentsOf: SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json")
        let bikes = catalogue.catalogue.motorcycles
        // every HTML file but the storage frame of pages opened from disk (assets/storage.html) is a page
        let html = (FileManager.default.subpaths(atPath: out) ?? []).filter {
            $0.hasSuffix(".html") && !$0.hasPrefix("assets/")
        }
        #expect(report.pages == html.count)
        #expect(
            html.filter { $0.hasSuffix("/gallery/index.html") || $0.hasSuffix("/galleria/index.html") }.count == 2
                * bikes.filter { !$0.images.isEmpty }.count)
        let style = SiteFixtures.published("style.css")
        for file in ["index.html", "404.html", "en/index.html", "it/index.html", style, ".guzzi-site"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file)")
        }
        let slugs = Permalinks.slugs(for: bikes)
        for bike in bikes {
            for lang in ["it", "en"] {
                let page = SiteFixtures.read(out + "/\(lang)/moto/\(slugs[bike.id]!)/index.html")
                #expect(page.contains("<html lang=\"\(lang)\">"))
                #expect(!page.contains("nil") && !page.contains("null"), "\(lang) \(bike.general.name)")
            }
        }
        let catalogueEN = SiteFixtures.read(out + "/en/index.html")
        for bike in bikes { #expect(catalogueEN.contains(slugs[bike.id]! + "/index.html")) }
    }

    @Test func catalogueIsNewestFirstThenByName() throws {
        let out = SiteFixtures.temporaryFolder() + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        let html = SiteFixtures.read(out + "/en/index.html")
        let years = html.components(separatedBy: "<dt>Years</dt><dd data-field=\"years\">").dropFirst()
            .compactMap { Int($0.prefix(4)) }
        #expect(years.count >= 10)
        #expect(years == years.sorted(by: >))
    }

    @Test func sameInputsGiveIdenticalBytes() throws {
        let folder = SiteFixtures.temporaryFolder()
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: folder + "/a"))
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: folder + "/b"))
        let a = OutputState.site(folder + "/a"), b = OutputState.site(folder + "/b")
        #expect(a.count > 10)
        #expect(a == b)
        // The manifests differ only in inodes and times: the same key and digest for every file.
        func keys(_ output: String) throws -> [String: [Digest]] {
            let marker = try #require(FileManager.default.contents(atPath: output + "/.guzzi-site"))
            let manifest = try #require(Manifest(parsing: Array(marker)))
            return manifest.files.mapValues { [$0.key, $0.digest] }
        }
        #expect(try keys(folder + "/a") == keys(folder + "/b"))
        #expect(try keys(folder + "/a").count == a.count)
    }

    @Test func brokenTemplateLeavesThePreviousOutputIntact() throws {
        let folder = SiteFixtures.temporaryFolder()
        let out = folder + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        let before = Self.snapshot(out)
        let templates = folder + "/Templates"
        let source = URL(fileURLWithPath: SiteFixtures.repositoryRoot + "/Templates").resolvingSymlinksInPath().path
        try FileManager.default.copyItem(atPath: source, toPath: templates)
        let page = templates + "/pages/motorcycle.html"
        var text = SiteFixtures.read(page)
        let line = try #require(text.components(separatedBy: "\n").firstIndex { $0.contains("{{ bike.years }}") }) + 1
        text = text.replacingOccurrences(of: "{{ bike.years }}", with: "{{ bike.yeers }}")
        try text.write(toFile: page, atomically: false, encoding: .utf8)
        #expect {
            _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out, templates: templates))
        } throws: { error in
            let text = "\(error)"
            return text.contains("pages/motorcycle.html:\(line):") && text.contains("yeers") && text.contains("^")
        }
        #expect(Self.snapshot(out) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func malformedDataLeavesThePreviousOutputIntact() throws {
        let folder = SiteFixtures.temporaryFolder()
        let out = folder + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        let before = Self.snapshot(out)
        let data = folder + "/bad.json"
        try "{\n  \"version\": 1,\n  \"elements\": [\n    {\"id\": 1,,}\n  ]\n}\n".write(
            toFile: data, atomically: false, encoding: .utf8)
        #expect {
            _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: out))
        } throws: { error in
            "\(error)".contains("line 4")
        }
        #expect(Self.snapshot(out) == before)
    }

    /// The templates compile before the dataset is decoded: with both broken, the template's error is the one
    /// reported, and nothing is written.
    @Test func aTemplateErrorIsReportedBeforeADatasetError() throws {
        let folder = SiteFixtures.temporaryFolder()
        let templates = folder + "/Templates"
        let source = URL(fileURLWithPath: SiteFixtures.repositoryRoot + "/Templates").resolvingSymlinksInPath().path
        try FileManager.default.copyItem(atPath: source, toPath: templates)
        try "{% if %}broken{% endif %}".write(toFile: templates + "/base.html", atomically: false, encoding: .utf8)
        let data = folder + "/bad.json"
        try "{\"version\": 1,,}".write(toFile: data, atomically: false, encoding: .utf8)
        let out = folder + "/site"
        #expect {
            _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: out, templates: templates))
        } throws: { error in
            guard case .template(let template) = error as? SiteError else { return false }
            return template.file.hasSuffix("base.html") && template.line == 1
        }
        // With the templates mended, the dataset's error is next.
        try FileManager.default.removeItem(atPath: templates)
        try FileManager.default.copyItem(atPath: source, toPath: templates)
        #expect {
            _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: out, templates: templates))
        } throws: { error in
            guard case .catalogue = error as? SiteError else { return false }
            return "\(error)".contains("line 1")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// Two wrong types: the error names the JSON path and nothing in the output changes.
    @Test(arguments: [
        ("\"bore\": 88", "\"bore\": \"88\"", "elements[0].engine.bore: expected a number, found \"88\""),
        ("\"feed\": \"engine_feed\"", "\"feed\": 5", "elements[0].engine.feed: expected a text key"),
    ])
    func schemaErrorsLeaveThePreviousOutputIntact(original: String, broken: String, expected: String) throws {
        let folder = SiteFixtures.temporaryFolder()
        let out = folder + "/site"
        let good = try EscapingTests.dataset(name: "Normale", text: "testo", image: "https://example.org/a.jpg")
        try good.write(toFile: folder + "/good.json", atomically: false, encoding: .utf8)
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: folder + "/good.json", output: out))
        let before = Self.snapshot(out)
        #expect(good.contains(original))
        try good.replacingOccurrences(of: original, with: broken)
            .write(toFile: folder + "/bad.json", atomically: false, encoding: .utf8)
        #expect {
            _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: folder + "/bad.json", output: out))
        } throws: { error in
            "\(error)".contains(expected)
        }
        #expect(Self.snapshot(out) == before)
    }

    @Test func refusesToReplaceAFolderItDidNotWrite() throws {
        let folder = SiteFixtures.temporaryFolder()
        let out = folder + "/precious"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try "my thesis".write(toFile: out + "/thesis.txt", atomically: false, encoding: .utf8)
        #expect(throws: SiteError.self) { _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out)) }
        #expect(SiteFixtures.read(out + "/thesis.txt") == "my thesis")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["precious"])
    }

    @Test func everyPageHasItsHeadAndFooter() throws {
        let out = SiteFixtures.temporaryFolder() + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out, base: "https://example.org/guzzi/"))
        let page = SiteFixtures.read(out + "/it/index.html")
        #expect(page.contains(#"<link rel="canonical" href="https://example.org/guzzi/it/">"#))
        #expect(page.contains(#"<link rel="alternate" hreflang="en" href="https://example.org/guzzi/en/">"#))
        #expect(page.contains(#"<link rel="alternate" hreflang="x-default" href="https://example.org/guzzi/">"#))
        #expect(page.contains(#"<meta name="description""#))
        #expect(page.contains(#"href="../en/index.html""#))
        #expect(page.contains("GPL-2.0") && page.contains("Guzzi Tracker"))
        let notFound = SiteFixtures.read(out + "/404.html")
        #expect(notFound.contains("href=\"/guzzi/\(SiteFixtures.published("style.css"))\""))
    }
}

/// Review findings: page folders that could collide, and an output folder reached through a symbolic link.
@Suite struct OutputPathTests {
    /// A family called "Not stated" must not share the folder of the bikes without a family.
    @Test func aFamilyNamedLikeNotStatedGetsItsOwnFolder() throws {
        let folder = SiteFixtures.temporaryFolder()
        let sample = SiteFixtures.read(SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json")
        let data = sample.replacingOccurrences(of: "\"family\": \"GT\"", with: "\"family\": \"Not stated\"")
        #expect(data != sample)
        try data.write(toFile: folder + "/data.json", atomically: false, encoding: .utf8)
        let out = folder + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: folder + "/data.json", output: out))
        let none = FacetTests.ids(out + "/en/families/not-stated/index.html")
        let named = FacetTests.ids(out + "/en/families/not-stated-2/index.html")
        #expect(!none.isEmpty && !named.isEmpty)
        #expect(Set(none).isDisjoint(with: named))
        let overview = SiteFixtures.read(out + "/en/families/index.html")
        #expect(overview.contains("not-stated/index.html") && overview.contains("not-stated-2/index.html"))
    }

    /// `ln -s real out; build --output out` builds into `real` and keeps the link.
    @Test func aSymbolicallyLinkedOutputIsBuiltWhereItPoints() throws {
        let folder = SiteFixtures.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/out", withDestinationPath: folder + "/real")
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: folder + "/out"))
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: folder + "/out"))
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/out")
        #expect(link == folder + "/real")
        #expect(FileManager.default.fileExists(atPath: folder + "/real/en/index.html"))
    }

    /// The preview serves the site at `/`, so the 404 page's links start there whatever the base URL.
    @Test func servedFromPathSetsTheLinksOfThe404Page() throws {
        let out = SiteFixtures.temporaryFolder() + "/site"
        var options = SiteFixtures.buildOptions(output: out, base: "https://example.org/g/")
        _ = try SiteBuilder.build(options)
        let style = SiteFixtures.published("style.css")
        #expect(SiteFixtures.read(out + "/404.html").contains("href=\"/g/\(style)\""))
        options.servedFromPath = "/"
        _ = try SiteBuilder.build(options)
        #expect(SiteFixtures.read(out + "/404.html").contains("href=\"/\(style)\""))
    }
}

/// `serve` keeps the decoded catalogue and page models between builds: whatever changes, the result must be
/// what a fresh build of the same inputs writes.
@Suite struct BuildCacheTests {
    @Test func aCachedBuildWritesWhatAFreshBuildWrites() throws {
        let folder = SiteFixtures.temporaryFolder()
        let templates = folder + "/Templates"
        let source = URL(fileURLWithPath: SiteFixtures.repositoryRoot + "/Templates").resolvingSymlinksInPath().path
        try FileManager.default.copyItem(atPath: source, toPath: templates)
        let data = folder + "/data.json"
        try FileManager.default.copyItem(
            atPath: SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json", toPath: data)
        let cache = BuildCache()
        let options = SiteFixtures.buildOptions(data: data, output: folder + "/served", templates: templates)
        func matchesAFreshBuild(_ step: String) throws {
            let fresh = folder + "/fresh-" + step
            _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: fresh, templates: templates))
            #expect(OutputState.site(folder + "/served") == OutputState.site(fresh), "\(step)")
        }
        _ = try SiteBuilder.build(options, mode: .preview(cache))
        try matchesAFreshBuild("first")
        // A template edit: page models come from the cache, the markup from the new template.
        let base = templates + "/base.html"
        try
            (SiteFixtures.read(base).replacingOccurrences(
                of: "<main id=\"content\" class=\"wrap\">", with: "<main id=\"content\" class=\"wrap edited\">"))
            .write(toFile: base, atomically: false, encoding: .utf8)
        _ = try SiteBuilder.build(options, mode: .preview(cache))
        #expect(SiteFixtures.read(folder + "/served/en/index.html").contains("class=\"wrap edited\""))
        try matchesAFreshBuild("template")
        // A data edit: the cache no longer matches, everything is decoded and modelled again.
        try SiteFixtures.read(data).replacingOccurrences(of: "\"name\": \"Normale\"", with: "\"name\": \"Normale 500\"")
            .write(toFile: data, atomically: false, encoding: .utf8)
        _ = try SiteBuilder.build(options, mode: .preview(cache))
        #expect(SiteFixtures.read(folder + "/served/en/index.html").contains("Normale 500"))
        try matchesAFreshBuild("data")
    }
}

/// A history sidecar that does not end at the dataset is one warning per build, also when `serve`'s cache
/// gives the plan and the dataset's warnings: the sidecar is read anew each time, its warning never cached.
@Suite struct HistoryWarningTests {
    @Test func aStaleHistoryWarnsOncePerBuildInServe() throws {
        let folder = SiteFixtures.temporaryFolder()
        let data = folder + "/info_moto.json"
        try FileManager.default.copyItem(
            atPath: SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json", toPath: data)
        let release = """
            {"date": "2019-04-16T21:03:11+02:00", "version": 1, "digest": "00", "commit": null, "motorcycles": 1,
             "first": true, "added": [], "removed": [], "figures": [], "texts": [], "photos": []}
            """
        try "{\"format\": 1, \"releases\": [\(release)]}".write(
            toFile: folder + "/info_moto.history.json", atomically: false, encoding: .utf8)
        let cache = BuildCache()
        let options = SiteFixtures.buildOptions(data: data, output: folder + "/site")
        for _ in 0..<2 {
            let report = try SiteBuilder.build(options, mode: .preview(cache))
            #expect(report.warnings.filter { $0.message.contains("ends at the release of 2019-04-16") }.count == 1)
        }
    }
}

/// The sitemap and robots.txt are templates like the pages: a user changes them in `Templates/`.
@Suite struct SearchEngineFileTemplateTests {
    @Test func robotsAndSitemapComeFromTheTemplatesFolder() throws {
        let folder = SiteFixtures.temporaryFolder()
        let templates = folder + "/Templates"
        try FileManager.default.copyItem(atPath: SiteFixtures.repositoryRoot + "/Templates", toPath: templates)
        let robots = try String(contentsOfFile: templates + "/robots.txt", encoding: .utf8)
        try ("# the mirror\n" + robots).write(toFile: templates + "/robots.txt", atomically: false, encoding: .utf8)
        let sitemap = try String(contentsOfFile: templates + "/sitemap.xml", encoding: .utf8)
        try sitemap.replacingOccurrences(of: "<url><loc>", with: "<url><!-- {{ url.loc }} --><loc>")
            .write(toFile: templates + "/sitemap.xml", atomically: false, encoding: .utf8)
        let out = folder + "/site"
        _ = try SiteBuilder.build(
            SiteFixtures.buildOptions(output: out, templates: templates, base: "https://g.example/a&b/"))
        #expect(
            SiteFixtures.read(out + "/robots.txt")
                == "# the mirror\nUser-agent: *\nAllow: /\n\nSitemap: https://g.example/a&b/sitemap.xml\n")
        let xml = SiteFixtures.read(out + "/sitemap.xml")
        // Escaped for XML, as the `.xml` extension says, and still a sitemap a parser reads.
        #expect(xml.contains("<url><!-- https://g.example/a&amp;b/ --><loc>https://g.example/a&amp;b/</loc>"))
        #expect(SitemapReader.locations(Data(xml.utf8))?.contains("https://g.example/a&b/en/") == true)
    }

    @Test func withoutABaseURLThereIsNoSitemapLine() throws {
        let out = SiteFixtures.temporaryFolder() + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        #expect(SiteFixtures.read(out + "/robots.txt") == "User-agent: *\nAllow: /\n")
        #expect(!FileManager.default.fileExists(atPath: out + "/sitemap.xml"))
    }
}
