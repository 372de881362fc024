import Files
import Foundation
import History
import Testing

@testable import Site

/// The history sidecar as the site shows it: What's new per edition, an Atom feed per edition, a motorcycle's own
/// history, and rebuilds that rewrite only what a new release touches. The history is made here over the sample
/// (the `history` command's own tests make it from git repositories: `HistoryImportTests`).
@Suite struct WhatsNewTests {
    /// The sample with a history of four releases: the first (the sample but V85 TT and V7 Stone), both added and
    /// Normale's wheelbase cleared, the wheelbase filled in again, GT Norge's Italian notes rewritten and a photo
    /// added to it.
    static func sampleWithHistory(extra: [Release] = []) throws -> (folder: String, data: String) {
        let folder = SiteFixtures.temporaryFolder()
        let data = folder + "/info_moto.json"
        try FileManager.default.copyItem(
            atPath: SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json", toPath: data)
        let bytes = Array(FileManager.default.contents(atPath: data) ?? Data())
        try sampleHistory(lastDigest: Digest(of: bytes).description, extra: extra).write(
            to: CatalogueHistory.path(forDataset: data))
        return (folder, data)
    }

    /// The releases of `sampleWithHistory`, the last with the digest given (the sample's, for a history that ends
    /// at it), `extra` before it.
    static func sampleHistory(lastDigest: String, extra: [Release] = []) -> CatalogueHistory {
        let first = Release(
            date: "2019-03-01T12:00:00+01:00", version: 1, digest: "0a", commit: nil, motorcycles: 11, isFirst: true)
        var added = Release(
            date: "2019-03-07T15:42:47+01:00", version: 1, digest: "0b", commit: nil, motorcycles: 13, isFirst: false)
        added.added = [12, 13]
        added.figures = [FigureChange(id: 1, path: "frame.wheelbase", before: .number(1380), after: nil)]
        var filled = Release(
            date: "2019-04-16T18:13:14+02:00", version: 2, digest: "0c", commit: nil, motorcycles: 13, isFirst: false)
        filled.figures = [FigureChange(id: 1, path: "frame.wheelbase", before: nil, after: .number(1380))]
        var italian = Release(
            date: "2019-11-24T17:53:50+01:00", version: 3, digest: lastDigest, commit: nil, motorcycles: 13,
            isFirst: false)
        italian.texts = [TextChange(id: 2, field: "notes", languages: ["it"])]
        italian.photos = [PhotoChange(id: 2, added: ["https://live.staticflickr.com/1/2_a_o.jpg"], removed: [])]
        return CatalogueHistory(releases: [first, added, filled] + extra + [italian])
    }

    static func sections(_ html: String) -> [String] {
        html.components(separatedBy: "<section class=\"release\"").dropFirst().map { $0 }
    }

    @Test func whatsNewListsTheReleasesEachEditionShowsNewestFirst() throws {
        let (folder, data) = try Self.sampleWithHistory()
        let report = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: folder + "/site"))
        #expect(!report.warnings.contains { $0.message.contains("history") })
        let english = SiteFixtures.read(folder + "/site/en/whats-new/index.html")
        let italian = SiteFixtures.read(folder + "/site/it/novita/index.html")
        // the Italian-only text still shows in English: its photo is news in every edition
        #expect(
            Self.sections(english).map {
                $0.components(separatedBy: "</time>")[0].components(separatedBy: ">").last ?? ""
            }
                == ["November 24, 2019", "April 16, 2019", "March 7, 2019", "March 1, 2019"])
        #expect(Self.sections(italian).count == 4)
        #expect(italian.contains("<time datetime=\"2019-03-07\">7 marzo 2019</time>"))
        #expect(
            english.contains(
                "<li><a href=\"../../en/moto/v85-tt-2019/index.html\">V85 TT</a> <span class=\"years\">2019–</span></li>"
            ))
        #expect(english.contains("Normale</a>: Wheelbase, not stated → 1,380 mm</li>"))
        #expect(italian.contains("Normale</a>: Interasse, non indicato → 1380 mm</li>"))
        #expect(english.contains("Normale</a>: Wheelbase, 1,380 mm → not stated</li>"))
        #expect(english.contains("2 motorcycles added · 1 figure corrected"))
        #expect(english.contains("The catalogue as its history begins: 11 motorcycles"))
        // the Italian text change is told in Italian only; the photo links the gallery in both
        #expect(italian.contains("GT Norge</a>: Note</li>"))
        #expect(!english.contains("Texts rewritten"))
        #expect(
            english.contains("<a href=\"../../en/moto/gt-norge-1928/gallery/index.html\">GT Norge</a>: 1 photo</li>"))
        // reached from the catalogue and every page's footer
        for page in ["en/index.html", "en/moto/falcone-1950/index.html", "en/garage/index.html"] {
            #expect(SiteFixtures.read(folder + "/site/" + page).contains("whats-new/index.html\">What&#39;s new</a>"))
        }
        #expect(!SiteFixtures.read(folder + "/site/index.html").contains("whats-new"))
        // no feed without a base URL: its addresses must be absolute
        #expect(!FileManager.default.fileExists(atPath: folder + "/site/en/atom.xml"))
        #expect(!english.contains("application/atom+xml"))
    }

    @Test func aReleaseWithOnlyAnotherLanguagesTextsIsNotShown() throws {
        var texts = Release(
            date: "2019-05-01T10:00:00+02:00", version: 2, digest: "0d", commit: nil, motorcycles: 13, isFirst: false)
        texts.texts = [TextChange(id: 5, field: "engine.feed", languages: ["it"])]
        let (folder, data) = try Self.sampleWithHistory(extra: [texts])
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: folder + "/site"))
        let english = SiteFixtures.read(folder + "/site/en/whats-new/index.html")
        let italian = SiteFixtures.read(folder + "/site/it/novita/index.html")
        #expect(Self.sections(english).count == 4)
        #expect(Self.sections(italian).count == 5)
        #expect(italian.contains("<time datetime=\"2019-05-01\">1 maggio 2019</time>"))
        #expect(!english.contains("2019-05-01"))
    }

    @Test func eachEditionHasAnAtomFeedWithIDsThatNeverChange() throws {
        let (folder, data) = try Self.sampleWithHistory()
        _ = try SiteBuilder.build(
            SiteFixtures.buildOptions(data: data, output: folder + "/site", base: "https://g.example/m/"))
        let feed = SiteFixtures.read(folder + "/site/en/atom.xml")
        #expect(
            feed.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\""))
        #expect(
            feed.contains("<link rel=\"self\" type=\"application/atom+xml\" href=\"https://g.example/m/en/atom.xml\"/>")
        )
        #expect(feed.contains("href=\"https://g.example/m/en/whats-new/\"/>"))
        #expect(feed.components(separatedBy: "<entry>").count - 1 == 4)
        #expect(feed.contains("<updated>2019-11-24T17:53:50+01:00</updated>"))
        #expect(feed.contains("<id>tag:g.example,2019-03-07:release-0b/en</id>"))
        #expect(feed.contains("<title>March 7, 2019: 2 motorcycles added · 1 figure corrected</title>"))
        // the page's summary, escaped, with absolute addresses
        #expect(
            feed.contains(
                "&lt;a href=&quot;https://g.example/m/en/moto/v85-tt-2019/&quot;&gt;V85 TT&lt;/a&gt;"))
        let italian = SiteFixtures.read(folder + "/site/it/atom.xml")
        #expect(italian.contains("<id>tag:g.example,2019-03-07:release-0b/it</id>"))
        #expect(italian.contains("<title>7 marzo 2019: 2 moto aggiunte · 1 dato corretto</title>"))
        // every page of an edition links its feed
        for page in ["en/index.html", "en/moto/normale-1921/index.html", "en/whats-new/index.html"] {
            #expect(
                SiteFixtures.read(folder + "/site/" + page).contains(
                    "<link rel=\"alternate\" type=\"application/atom+xml\" href=\"https://g.example/m/en/atom.xml\""))
        }
        #expect(SiteFixtures.read(folder + "/site/it/index.html").contains("href=\"https://g.example/m/it/atom.xml\""))
    }

    @Test func theFeedHoldsTheNewestFiftyReleases() throws {
        let extra: [Release] = (1...60).map { day in
            var release = Release(
                date: String(format: "2019-%02d-%02dT10:00:00+02:00", 5 + day / 28, 1 + day % 28), version: 2,
                digest: String(format: "1%03d", day), commit: nil, motorcycles: 13, isFirst: false)
            release.figures = [
                FigureChange(
                    id: 3, path: "capacities_performances.weight", before: .number(Double(day)),
                    after: .number(Double(day + 1)))
            ]
            return release
        }
        let (folder, data) = try Self.sampleWithHistory(extra: extra)
        _ = try SiteBuilder.build(
            SiteFixtures.buildOptions(data: data, output: folder + "/site", base: "https://g.example/"))
        let feed = SiteFixtures.read(folder + "/site/en/atom.xml")
        #expect(feed.components(separatedBy: "<entry>").count - 1 == AtomFeed.entryLimit)
        #expect(Self.sections(SiteFixtures.read(folder + "/site/en/whats-new/index.html")).count == 64)
        #expect(feed.contains("release-1060/en"))
        #expect(!feed.contains("release-1010/en"))
    }

    @Test func aMotorcyclesPageTellsItsOwnHistory() throws {
        let (folder, data) = try Self.sampleWithHistory()
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: folder + "/site"))
        let normale = SiteFixtures.read(folder + "/site/en/moto/normale-1921/index.html")
        #expect(normale.contains("<h2 id=\"history-title\">In the catalogue</h2>"))
        #expect(
            normale.contains(
                "<time datetime=\"2019-04-16\">April 16, 2019</time></a>: Wheelbase, not stated → 1,380 mm</li>"))
        #expect(normale.contains("../../../en/whats-new/index.html#release-0c\""))
        #expect(normale.contains(">In the catalogue since March 1, 2019</a>"))
        // after the notes
        let notes = try #require(normale.range(of: "id=\"notes\""))
        let history = try #require(normale.range(of: "id=\"history\""))
        #expect(notes.lowerBound < history.lowerBound)
        let v85 = SiteFixtures.read(folder + "/site/it/moto/v85-tt-2019/index.html")
        #expect(v85.contains(">Aggiunta al catalogo il 7 marzo 2019</a>"))
        // an Italian-only text is in the Italian page's history, not the English one's
        #expect(SiteFixtures.read(folder + "/site/it/moto/gt-norge-1928/index.html").contains("Note: testo riscritto"))
        #expect(!SiteFixtures.read(folder + "/site/en/moto/gt-norge-1928/index.html").contains("text rewritten"))
        // without a history: no section, no page
        let plain = SiteFixtures.temporaryFolder()
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: plain + "/site"))
        #expect(!SiteFixtures.read(plain + "/site/en/moto/normale-1921/index.html").contains("id=\"history\""))
        #expect(!FileManager.default.fileExists(atPath: plain + "/site/en/whats-new/index.html"))
    }

    @Test func aTextFromTheHistoryCannotInjectMarkup() throws {
        var hostile = Release(
            date: "2019-05-01T10:00:00+02:00", version: 2, digest: "0e", commit: nil, motorcycles: 13, isFirst: false)
        hostile.figures = [
            FigureChange(
                id: 4, path: "frame.tyres", before: .text("20 x 2"), after: .text("<script>alert(1)</script>")),
            FigureChange(id: 4, path: "<img src=x onerror=alert(1)>", before: nil, after: .number(1)),
        ]
        let (folder, data) = try Self.sampleWithHistory(extra: [hostile])
        _ = try SiteBuilder.build(
            SiteFixtures.buildOptions(data: data, output: folder + "/site", base: "https://g.example/"))
        for page in ["en/whats-new/index.html", "en/moto/motoleggera-65-1946/index.html"] {
            let html = SiteFixtures.read(folder + "/site/" + page)
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(page)")
            #expect(!html.contains("<script>alert"), "\(page)")
            #expect(!html.contains("<img src=x"), "\(page)")
        }
        // in the feed, escaped twice: the content is HTML that is itself escaped text
        let feed = SiteFixtures.read(folder + "/site/en/atom.xml")
        #expect(feed.contains("&amp;lt;script&amp;gt;"))
        #expect(!feed.contains("<script"))
    }

    @Test func aNewReleaseRewritesOnlyThePagesItTouches() throws {
        let (folder, data) = try Self.sampleWithHistory()
        let options = SiteFixtures.buildOptions(data: data, output: folder + "/site", base: "https://g.example/")
        _ = try SiteBuilder.build(options)
        let before = BuildTests.snapshot(folder + "/site")
        let unchanged = try SiteBuilder.build(options)
        #expect(unchanged.changes?.changed == 0)
        // the history gains a release that corrects one figure of Falcone (id 5)
        var history = try #require(try CatalogueHistory.read(contentsOf: CatalogueHistory.path(forDataset: data)))
        var release = Release(
            date: "2019-12-01T10:00:00+01:00", version: 3, digest: "0f", commit: nil, motorcycles: 13,
            isFirst: false)
        release.figures = [
            FigureChange(id: 5, path: "capacities_performances.max_speed", before: .number(120), after: .number(125))
        ]
        history.releases.append(release)
        try history.write(to: CatalogueHistory.path(forDataset: data))
        _ = try SiteBuilder.build(options)
        let after = BuildTests.snapshot(folder + "/site")
        let changed = Set(after.keys.filter { before[$0] != after[$0] })
        #expect(
            changed
                == Set([
                    "en/whats-new/index.html", "it/novita/index.html", "en/atom.xml", "it/atom.xml",
                    "en/moto/falcone-1950/index.html", "it/moto/falcone-1950/index.html",
                ]).union(
                    changed.filter { $0.hasSuffix("offline.json") || $0.hasSuffix("sw.js") || $0 == ".guzzi-site" }),
            "\(changed.sorted())")
        #expect(
            SiteFixtures.read(folder + "/site/en/moto/falcone-1950/index.html").contains(
                "Top speed, 120 km/h → 125 km/h"))
    }

    /// "Latest added": each motorcycle's data carries the order of the release that added it, and the ordering
    /// menu offers it, only with a history.
    @Test func theCatalogueCanBeOrderedByTheReleaseThatAddedEachMotorcycle() throws {
        let (folder, data) = try Self.sampleWithHistory()
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: folder + "/site"))
        let index = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder + "/site/en/index.json")))
                as? [String: Any])
        let added = Dictionary(
            uniqueKeysWithValues: (index["motorcycles"] as? [[String: Any]] ?? []).map {
                ($0["id"] as? Int ?? 0, $0["added"] as? Int ?? 0)
            })
        // V85 TT (12) and V7 Stone (13) came with the second release, Normale (1) was in the first
        #expect(added[12] == 2 && added[13] == 2 && added[1] == 1 && added.count == 13)
        #expect(
            SiteFixtures.read(folder + "/site/it/index.html").contains(
                "<option value=\"added\">Data di aggiunta</option>"))
        let plain = SiteFixtures.temporaryFolder()
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: plain + "/site"))
        #expect(!SiteFixtures.read(plain + "/site/en/index.json").contains("\"added\""))
        #expect(!SiteFixtures.read(plain + "/site/en/index.html").contains("value=\"added\""))
    }

    /// Every field of today's schema has its row's label and format (`ChangedField.table`): a figure change shows
    /// as the motorcycle page shows the figure.
    @Test func everyFieldOfTheSchemaIsKnown() throws {
        let sample = try Data(
            contentsOf: URL(fileURLWithPath: SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: sample) as? [String: Any])
        var paths = Set<String>()
        func walk(_ value: Any, _ path: String) {
            if let object = value as? [String: Any] {
                for (key, member) in object where !(path.isEmpty && (key == "id" || key == "images")) {
                    walk(member, path.isEmpty ? key : path + "." + key)
                }
            } else if !(value is NSNull) {
                paths.insert(path)
            }
        }
        for element in root["elements"] as? [Any] ?? [] { walk(element, "") }
        #expect(paths.count > 30)
        #expect(paths.subtracting(ChangedField.table.keys).sorted() == [])
    }
}
