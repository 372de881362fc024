import Catalogue
import Foundation
import TestSupport
import Testing

@testable import Site
@testable import Templating

/// Builds over an existing output write only what changed, and the result is always what a clean build of the
/// same inputs writes.
@Suite struct IncrementalBuildTests {
    @Test func aRebuildWithoutChangesRendersAndWritesNothing() throws {
        let workspace = try Workspace()
        let out = workspace.folder + "/site"
        let first = try SiteBuilder.build(workspace.options(output: out))
        #expect(first.changes == nil, "the first build is a clean one")
        let before = OutputState.statuses(out)
        let again = try SiteBuilder.build(workspace.options(output: out))
        #expect(again.changes == OutputChanges(changed: 0, removed: 0, unchanged: first.files))
        #expect(again.rendered == 0)
        #expect(again.pages == first.pages && again.files == first.files)
        #expect(OutputState.statuses(out) == before, "same inode and modification time, marker included")
        #expect(OutputState.leftovers(beside: out).isEmpty)
    }

    /// The edits a publisher makes, one at a time in a seeded order; after each, the output equals a clean build
    /// of the same inputs byte for byte (file and folder lists included), and every file whose bytes did not
    /// change keeps its inode and modification time. One seed: its order has every kind of edit once, then six
    /// more; a second seed (another order) was 65-80 s of the test command's Swift tests, the chain it waits for last.
    @Test(arguments: [UInt64(1)])
    func seededEditsGiveWhatACleanBuildGives(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var workspace = try Workspace()
        let out = workspace.folder + "/site"
        _ = try SiteBuilder.build(workspace.options(output: out))
        var kinds = Edit.allCases.shuffled(using: &random)
        for _ in 0..<6 { kinds.append(random.pick(Edit.allCases)) }
        for (step, kind) in kinds.enumerated() {
            let label = "seed \(seed) step \(step) \(kind)"
            let before = OutputState.site(out)
            let statusesBefore = OutputState.statuses(out)
            try kind.apply(to: &workspace, step: step, random: &random)
            let report = try SiteBuilder.build(workspace.options(output: out))
            let clean = workspace.folder + "/clean-\(step)"
            _ = try SiteBuilder.build(workspace.options(output: clean, clean: true))
            let after = OutputState.site(out)
            #expect(after == OutputState.site(clean), "\(label): differs from a clean build")
            #expect(OutputState.folders(out) == OutputState.folders(clean), "\(label): folders")
            let changed = after.filter { before[$0.key] != $0.value }.count
            let removed = before.keys.filter { after[$0] == nil }.count
            #expect(
                report.changes == OutputChanges(changed: changed, removed: removed, unchanged: after.count - changed),
                "\(label)")
            let statuses = OutputState.statuses(out)
            for (path, bytes) in after where before[path] == bytes {
                #expect(statuses[path] == statusesBefore[path], "\(label): \(path) was rewritten")
            }
            #expect(OutputState.leftovers(beside: out).isEmpty, "\(label)")
            #expect(!FileManager.default.fileExists(atPath: out + "/" + IncrementalWriter.pendingName))
        }
    }

    enum Edit: CaseIterable {
        case addBike, removeBike, renameBike, changeFigure, changeText, changeFamily, changeLabel, changeTemplate
        case changeAsset, addOrRemoveAsset, changeBaseURL

        func apply(to workspace: inout Workspace, step: Int, random: inout SeededRandom) throws {
            var elements = workspace.elements
            let index = random.int(elements.count)
            let id = elements[index]["id"] as! Int
            switch self {
            case .addBike:
                var bike = elements[index]
                let newID = (elements.map { $0["id"] as! Int }.max() ?? 0) + 1
                bike["id"] = newID
                var general = bike["general_info"] as! [String: Any]
                general["name"] = "Nuova \(newID)"
                bike["general_info"] = general
                elements.append(bike)
                workspace.texts[String(newID)] = workspace.texts[String(id)]
            case .removeBike:
                guard elements.count > 4 else { return }
                elements.remove(at: index)
                workspace.texts[String(id)] = nil
            case .renameBike:
                var general = elements[index]["general_info"] as! [String: Any]
                general["name"] = (general["name"] as! String) + " Bis"
                elements[index]["general_info"] = general
            case .changeFigure:
                var engine = elements[index]["engine"] as! [String: Any]
                engine["power"] = ["peak": 5 + random.int(100), "rpm": 4000 + 100 * random.int(30)]
                engine["bore"] = 50 + random.int(50)
                elements[index]["engine"] = engine
            case .changeText:
                var texts = workspace.texts[String(id)] as! [String: Any]
                texts["notes"] = ["it": "Nota \(step)", "en": "Note \(step)"]
                workspace.texts[String(id)] = texts
            case .changeFamily:
                var general = elements[index]["general_info"] as! [String: Any]
                general["family"] = random.pick(["GT", "Falcone", "V7", "Nuova famiglia \(step)"])
                elements[index]["general_info"] = general
            case .changeLabel:
                try workspace.edit(
                    "Resources/i18n/en.json", replacing: "\"nav_catalogue\": \"",
                    with: "\"nav_catalogue\": \"\(step) ")
            case .changeTemplate:
                let template = random.pick(["partials/value.html", "pages/gallery.html", "base.html"])
                if template == "pages/gallery.html" {  // a child template: only its blocks may change
                    try workspace.edit(
                        "Templates/" + template, replacing: "<h1>", with: "<h1 data-edit=\"\(step)\">")
                } else {
                    let path = workspace.templates + "/" + template
                    try (SiteFixtures.read(path) + "<!-- edit \(step) -->\n").write(
                        toFile: path, atomically: false, encoding: .utf8)
                }
            case .changeAsset:
                let path = workspace.resources + "/assets/style.css"
                try (SiteFixtures.read(path) + "/* \(step) */\n").write(
                    toFile: path, atomically: false, encoding: .utf8)
            case .addOrRemoveAsset:
                let folder = workspace.resources + "/assets/extra"
                if FileManager.default.fileExists(atPath: folder) {
                    try FileManager.default.removeItem(atPath: folder)
                } else {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try "extra \(step)".write(toFile: folder + "/note.txt", atomically: false, encoding: .utf8)
                }
            case .changeBaseURL:
                workspace.baseURL = random.pick([nil, "https://a.example.org/", "https://b.example.org/guzzi/"])
            }
            workspace.elements = elements
            try workspace.save()
        }
    }

    /// Only the pages whose inputs changed are rendered: a template's pages, a bike's pages and the pages that
    /// list it; for an asset, every page (each names the stylesheet by its content) and the new file in place of
    /// the old one.
    @Test func onlyPagesWhoseInputsChangedAreRendered() throws {
        var workspace = try Workspace()
        let out = workspace.folder + "/site"
        let first = try SiteBuilder.build(workspace.options(output: out))
        let galleries = (FileManager.default.subpaths(atPath: out) ?? []).filter {
            $0.hasSuffix("/gallery/index.html") || $0.hasSuffix("/galleria/index.html")
        }
        #expect(!galleries.isEmpty)

        try workspace.edit("Templates/pages/gallery.html", replacing: "<h1>", with: "<h1 class=\"edited\">")
        let template = try SiteBuilder.build(workspace.options(output: out))
        #expect(template.rendered == galleries.count)
        #expect(template.changes?.changed == galleries.count)

        let css = workspace.resources + "/assets/style.css"
        let oldStyle = SiteFixtures.published("style.css", resources: workspace.resources)
        try (SiteFixtures.read(css) + "/* more */\n").write(toFile: css, atomically: false, encoding: .utf8)
        let newStyle = SiteFixtures.published("style.css", resources: workspace.resources)
        #expect(oldStyle != newStyle)
        let asset = try SiteBuilder.build(workspace.options(output: out))
        // the pages, the stylesheet, and each edition's offline worker, which keeps the new stylesheet
        let editions = 2
        #expect(asset.rendered == first.pages + 1 + editions, "rendered \(asset.rendered) of \(first.pages) pages")
        #expect(asset.changes?.changed == first.pages + 1 + editions)
        #expect(asset.changes?.removed == 1)
        #expect(!FileManager.default.fileExists(atPath: out + "/" + oldStyle))
        #expect(SiteFixtures.read(out + "/en/index.html").contains("href=\"../\(newStyle)\""))

        // One bike's power: its pages, the pages that list or chart it, the JSON indexes; not the other bikes'.
        var elements = workspace.elements
        var engine = elements[3]["engine"] as! [String: Any]
        engine["power"] = ["peak": 31.5, "rpm": 5200]
        elements[3]["engine"] = engine
        workspace.elements = elements
        try workspace.save()
        let before = OutputState.site(out)
        let bike = try SiteBuilder.build(workspace.options(output: out))
        let changed = Set(OutputState.site(out).filter { before[$0.key] != $0.value }.keys)
        #expect(bike.changes?.changed == changed.count)
        // Its pages, the pages and data that list it (catalogue, facet values, spec chunk), the charts, the
        // overviews whose counts moved: a fifth of the site here, where one bike is a twelfth of the catalogue.
        #expect(bike.rendered < first.files / 4, "rendered \(bike.rendered) of \(first.files)")
        let slug = Permalinks.slugs(for: try Catalogue.load(contentsOf: workspace.data).catalogue.motorcycles)[
            elements[3]["id"] as! Int]!
        for path in [
            "en/moto/\(slug)/index.html", "it/moto/\(slug)/index.html", "en/index.html", "it/index.html",
            "en/index.json", "it/index.json", "en/charts/index.html", "it/grafici/index.html",
        ] {
            #expect(changed.contains(path), "\(path) should have changed: \(changed.sorted())")
        }
        #expect(!changed.contains { $0.contains("/moto/") && !$0.contains("/\(slug)/") }, "\(changed.sorted())")
    }

    /// Beyond one page of catalogue (600 bikes: three plain catalogue pages and twelve spec chunks per edition), an
    /// edit of one bike writes the catalogue page and the spec chunk that hold it, and leaves the others as they
    /// were; the result is a clean build's. Debug builds also render each file left alone and compare it.
    @Test func aLongCatalogueRewritesOnlyThePageAndChunkThatHoldTheBike() throws {
        var workspace = try Workspace()
        let synthetic = try HardeningTests.syntheticCatalogue(count: 600)
        workspace.dataset = try #require(try JSONSerialization.jsonObject(with: Data(synthetic)) as? [String: Any])
        workspace.baseURL = "https://example.org/"
        try workspace.save()
        let out = workspace.folder + "/site"
        let first = try SiteBuilder.build(workspace.options(output: out))
        let before = OutputState.site(out)
        let statusesBefore = OutputState.statuses(out)

        var elements = workspace.elements
        var engine = elements[300]["engine"] as! [String: Any]
        let power = engine["power"] as? [String: Any] ?? [:]
        engine["power"] = ["peak": (power["peak"] as? Double ?? 20) + 0.25, "rpm": power["rpm"] ?? 5000]
        elements[300]["engine"] = engine
        workspace.elements = elements
        try workspace.save()
        let report = try SiteBuilder.build(workspace.options(output: out))
        let clean = workspace.folder + "/clean"
        _ = try SiteBuilder.build(workspace.options(output: clean, clean: true))
        let after = OutputState.site(out)
        #expect(after == OutputState.site(clean))

        let changed = Set(after.filter { before[$0.key] != $0.value }.keys)
        for (lang, pages) in [("en", "page"), ("it", "pagina")] {
            let catalogue = ["\(lang)/index.html", "\(lang)/\(pages)/2/index.html", "\(lang)/\(pages)/3/index.html"]
            #expect(catalogue.filter(changed.contains).count == 1, "\(changed.sorted())")
            #expect(changed.filter { $0.hasPrefix("\(lang)/data/specs-id-") }.count == 1, "\(changed.sorted())")
        }
        let statuses = OutputState.statuses(out)
        for (path, bytes) in after where before[path] == bytes {
            #expect(statuses[path] == statusesBefore[path], "\(path) was rewritten")
        }
        // In both editions: its page and gallery, its catalogue page and spec chunk, the JSON index, the
        // catalogue script, the charts, its power class (two when it moved) and the power overview and browse
        // counts. Not the other facet values that list it (decade, family, weight…): their rows show no power.
        let written = try #require(report.changes?.changed)
        #expect(written <= 24, "wrote \(written) of \(first.files)")
        // Pages are rendered only when their key changed: their model, or for the value pages that list it (one
        // per facet and edition) the stand-in that covers every field of it (`FacetValuePageKey`). The data files
        // (index, catalogue data, 12 spec chunks, per edition) are made again after any edit of the data and
        // written only when their bytes changed; the sitemap and robots.txt, keyed by their models, are not.
        let dataFiles = 2 * (1 + 1 + 12)
        let listing = 2 * FacetBuilder.ids.count
        #expect(report.rendered <= written + dataFiles + listing, "rendered \(report.rendered), wrote \(written)")
        #expect(FileManager.default.fileExists(atPath: out + "/sitemap.xml"))
    }

    /// A file changed or deleted by hand in the output is written again; one added by hand is left alone, and
    /// `clean` removes it.
    @Test func filesTouchedByHandAreRepaired() throws {
        let workspace = try Workspace()
        let out = workspace.folder + "/site"
        _ = try SiteBuilder.build(workspace.options(output: out))
        let site = OutputState.site(out)
        try "tampered".write(toFile: out + "/en/index.html", atomically: false, encoding: .utf8)
        // Same size, same bytes but one: only the bytes tell.
        var page = try #require(site["it/index.html"])
        page[page.count / 2] ^= 1
        try page.write(to: URL(fileURLWithPath: out + "/it/index.html"))
        try FileManager.default.removeItem(atPath: out + "/404.html")
        try FileManager.default.removeItem(
            atPath: out + "/" + SiteFixtures.published("style.css", resources: workspace.resources))
        try "mine".write(toFile: out + "/notes.txt", atomically: false, encoding: .utf8)
        let report = try SiteBuilder.build(workspace.options(output: out))
        #expect(report.changes == OutputChanges(changed: 4, removed: 0, unchanged: site.count - 4))
        var expected = site
        expected["notes.txt"] = Data("mine".utf8)
        #expect(OutputState.site(out) == expected)
        _ = try SiteBuilder.build(workspace.options(output: out, clean: true))
        #expect(OutputState.site(out) == site)
    }

    /// `serve` defers deleting the previous versions of the files it replaced until open pages reloaded: they
    /// wait in the staging folder, which nothing reads and the next build would remove anyway.
    @Test func aDeferredCleanupLeavesOnlyThePreviousVersionsBehind() throws {
        var workspace = try Workspace()
        let out = workspace.folder + "/site"
        var options = workspace.options(output: out)
        _ = try SiteBuilder.build(options, mode: .preview(BuildCache()))
        let before = OutputState.site(out)
        workspace.baseURL = "https://example.org/"
        options = workspace.options(output: out)
        let report = try SiteBuilder.build(options, mode: .preview(BuildCache()))
        let staging = try #require(OutputState.leftovers(beside: out).first)
        let kept = folderSnapshot(workspace.folder + "/" + staging)
        let after = OutputState.site(out)
        let replaced = after.filter { before[$0.key] != nil && before[$0.key] != $0.value }
        #expect(report.changes?.changed == after.filter { before[$0.key] != $0.value }.count)
        #expect(kept.count == replaced.count, "one previous version per replaced file, none for new ones")
        #expect(Set(kept.values).isSubset(of: Set(before.values)))
        SiteBuilder.removeStaging(for: options)
        #expect(OutputState.leftovers(beside: out).isEmpty)
        _ = try SiteBuilder.build(workspace.options(output: workspace.folder + "/clean", clean: true))
        #expect(OutputState.site(out) == OutputState.site(workspace.folder + "/clean"))
    }

    /// An output of an older version (a marker without a manifest) and `clean` get a clean build: new inodes.
    @Test func anOutputWithoutAManifestGetsACleanBuild() throws {
        let workspace = try Workspace()
        let out = workspace.folder + "/site"
        _ = try SiteBuilder.build(workspace.options(output: out))
        let site = OutputState.site(out)
        let statuses = OutputState.statuses(out)
        try "This folder is generated by guzzi-site; it is replaced on every build.\n".write(
            toFile: out + "/.guzzi-site", atomically: false, encoding: .utf8)
        let report = try SiteBuilder.build(workspace.options(output: out))
        #expect(report.changes == nil)
        #expect(OutputState.site(out) == site)
        #expect(OutputState.statuses(out)["index.html"]?.inode != statuses["index.html"]?.inode)
        let clean = try SiteBuilder.build(workspace.options(output: out, clean: true))
        #expect(clean.changes == nil)
        #expect(try SiteBuilder.build(workspace.options(output: out)).changes?.changed == 0)
    }
}
