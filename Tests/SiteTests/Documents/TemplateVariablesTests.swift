import Catalogue
import Foundation
import History
import PhotoSidecar
import Templating
import Testing

@testable import Site

/// The templates read only what their page models give, and `Templates/README.md` lists each page template's
/// variables as they are: a variable renamed in Swift, or a line of the README left behind, fails here.
@Suite struct TemplateVariablesTests {
    /// Every path each template's page models give (`motorcycles[].name`, and every prefix of it), over the sample
    /// built without and with a photo sidecar (so credits and sizes are there), and the real catalogue when it
    /// is beside the repository.
    static let models: [String: Set<String>] = {
        var paths: [String: Set<String>] = [:]
        let sample = try? Catalogue.load(contentsOf: SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json")
        var catalogues: [(Catalogue, PhotoSidecar, CatalogueHistory?)] = []
        if let sample {
            catalogues += [
                (sample.catalogue, PhotoSidecar(), nil), (sample.catalogue, PhotoPagesTests.sidecar, nil),
                (sample.catalogue, PhotoSidecar(), WhatsNewTests.sampleHistory(lastDigest: "0")),
            ]
        }
        if let real = SiteFixtures.realDatasetPath, let loaded = try? Catalogue.load(contentsOf: real) {
            catalogues.append((loaded.catalogue, PhotoSidecar(), nil))
        }
        catalogues.append((BrowserDataTests.catalogue(601), PhotoSidecar(), nil))  // longer than a page: the pager
        let options = SiteFixtures.buildOptions(output: "/nonexistent")
        guard let inputs = try? SiteBuilder.loadInputs(options),
            let assets = try? SiteAssets(folder: options.resourcesPath + "/assets")
        else { return [:] }
        for (catalogue, photos, history) in catalogues {
            let plan = SitePlan(catalogue: catalogue, editions: inputs.editions, photos: photos, history: history)
            guard
                let site = try? Site(
                    plan: plan, editions: inputs.editions, library: inputs.library, assets: assets)
            else { continue }
            for page in plan.pages {
                var context = site.context(for: page)
                context["asset"] = assets.templateValue(from: site.frame.rootLink(from: page))
                context["ui_strings"] = site.given(for: page).uiStrings
                var found = paths[page.template, default: []]
                for (key, value) in context { flatten(value, at: key, into: &found) }
                paths[page.template] = found
            }
        }
        return paths
    }()

    /// Every path of `value`; a null or an empty list also as `path?` (nothing below it can be read there).
    static func flatten(_ value: Value, at path: String, into paths: inout Set<String>) {
        paths.insert(path)
        switch value {
        case .map(let map):
            for key in map.keys { flatten(map[key]!, at: path + "." + key, into: &paths) }
        case .list(let items):
            if items.isEmpty { paths.insert(path + "?") }
            for item in items { flatten(item, at: path + "[]", into: &paths) }
        case .null:
            paths.insert(path + "?")
        default:
            break
        }
    }

    /// Whether a template may read `path` from models that give `paths`: a path they give, or one below a value
    /// that is null or empty on every page (a branch no page reaches: there is nothing to read).
    static func isGiven(_ path: String, in paths: Set<String>) -> Bool {
        if paths.contains(path) { return true }
        var prefix = Substring(path)
        while let cut = prefix.lastIndex(where: { $0 == "." || $0 == "[" }) {
            prefix = prefix[..<cut]
            if paths.contains(String(prefix)) {
                let reached = paths.contains { $0.hasPrefix(prefix + ".") || $0.hasPrefix(prefix + "[]") }
                return !reached && paths.contains(String(prefix) + "?")
            }
        }
        return false
    }

    @Test func everyVariableATemplateReadsIsInItsPageModels() throws {
        let library = try SiteBuilder.loadInputs(SiteFixtures.buildOptions(output: "/nonexistent")).library
        #expect(!Self.models.isEmpty)
        for (template, given) in Self.models.sorted(by: { $0.key < $1.key }) {
            let missing = try #require(library.variables(of: template)).filter {
                !$0.isOptional && !Self.isGiven($0.description, in: given)
            }
            for use in missing {
                Issue.record("\(use.location): \(template) reads \(use), which no page model gives")
            }
        }
    }

    /// The README's tables per page template: `### \`pages/x.html\`` headings (one heading may name several), and
    /// every backticked path in the first column of the table below them.
    static func documented() throws -> [String: [String]] {
        let text = try String(
            contentsOfFile: SiteFixtures.repositoryRoot + "/Templates/README.md", encoding: .utf8)
        var documented: [String: [String]] = [:]
        var templates: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                templates = line.hasPrefix("### ") ? Self.backticked(line).filter { $0.hasPrefix("pages/") } : []
                if line.hasPrefix("### Every page") { templates = ["every page"] }
            } else if line.hasPrefix("| `"), !templates.isEmpty {
                let first = line.dropFirst().prefix { $0 != "|" }
                for template in templates { documented[template, default: []] += Self.backticked(first) }
            }
        }
        return documented
    }

    static func backticked(_ text: Substring) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func theTemplatesReadmeListsOnlyVariablesThePagesAreGiven() throws {
        let documented = try Self.documented()
        #expect(documented.count >= 10, "the README's per-template tables were not found")
        for (template, paths) in documented.sorted(by: { $0.key < $1.key }) {
            let given: Set<String>
            if template == "every page" {
                given = Self.models.values.reduce(Set<String>()) { $0.union($1) }
            } else {
                given = try #require(Self.models[template], "the README names \(template), which no page renders")
            }
            for path in paths where !path.hasPrefix("t.<") && !path.hasPrefix("asset.<") {
                if !given.contains(path) {
                    Issue.record("Templates/README.md lists `\(path)` for \(template), which its models do not give")
                }
            }
        }
    }

    @Test func theTemplatesReadmeNamesEveryVariableAPageTemplateReads() throws {
        let documented = try Self.documented()
        let everyPage = Set(documented["every page"] ?? [])
        let library = try SiteBuilder.loadInputs(SiteFixtures.buildOptions(output: "/nonexistent")).library
        for template in Self.models.keys.sorted() where template.hasPrefix("pages/") {
            let listed = everyPage.union(documented[template] ?? [])
            for use in try #require(library.variables(of: template)) {
                let path = use.description
                // `t.<label>` and `asset.<name>` stand for all; a list or map is listed with what is read in it
                // (`x[].y` lists `x`), and a listed value may be read below (`img.src`, `alternates[]`)
                let related = listed.contains {
                    $0.hasPrefix(path + ".") || $0.hasPrefix(path + "[") || path.hasPrefix($0 + ".")
                        || path.hasPrefix($0 + "[")
                }
                if ["t", "asset"].contains(use.path.first) || listed.contains(path) || related {
                    continue
                }
                Issue.record("\(use.location): \(template) reads `\(use)`, which Templates/README.md does not list")
            }
        }
    }
}
