import Catalogue
import Files
import Foundation
import PhotoSidecar
import Testing

@testable import Site
@testable import Templating

/// `MotorcyclePageKey` stands for the models of the motorcycle pages and galleries, `FacetValuePageKey` for those
/// of the facet value pages: whatever edit changes such a model must change its key, or a rebuild would leave the
/// page stale. Each edit below is made to the sample dataset's JSON (every value of one motorcycle and of its texts,
/// its neighbours, the catalogue's version and size) or to the settings (base URL, photo sidecar), and every page
/// a stand-in keys is compared before and after: a changed model with an unchanged key fails.
@Suite struct MotorcyclePageKeyTests {
    static let samplePath = SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json"

    /// The sample as JSON objects, to edit.
    static func sample() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: samplePath))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Each motorcycle page's, gallery's and facet value page's (model digest, key), by file path.
    static func pages(
        _ json: [String: Any], baseURL: String? = nil, photos: PhotoSidecar = PhotoSidecar(), photoBytes: [UInt8] = []
    ) throws -> [String: (model: Digest, key: Digest)]? {
        let data = Array(try JSONSerialization.data(withJSONObject: json))
        guard let loaded = try? Catalogue.load(data, path: "edited.json", strict: false) else { return nil }
        let options = SiteFixtures.buildOptions(output: "/nonexistent", base: baseURL)
        let inputs = try SiteBuilder.loadInputs(options)
        let assets = try SiteAssets(folder: options.resourcesPath + "/assets")
        let keys = BuildKeys(options: options, data: data, photos: photoBytes, library: inputs.library, assets: assets)
        let plan = SitePlan(catalogue: loaded.catalogue, editions: inputs.editions, photos: photos)
        let site = try Site(
            plan: plan, editions: inputs.editions, library: inputs.library, assets: assets,
            publishing: Publishing(baseURL: baseURL))
        let standIn = MotorcyclePageKey(plan: plan, setting: keys.setting)
        let valueStandIn = FacetValuePageKey(plan: plan, parts: standIn)
        var found: [String: (model: Digest, key: Digest)] = [:]
        for page in plan.pages {
            guard let key = standIn.digest(for: page) ?? valueStandIn.digest(for: page) else { continue }
            let model = site.digest(ofContext: site.context(for: page), for: page)
            found[page.route.filePath] = (model, key)
        }
        return found
    }

    /// Every leaf of a JSON value with an edit of it: a number grows by one, a text gets a "!", a null becomes a
    /// number or a text, a list loses its last item or gets one.
    static func edits(of value: Any, at path: [Any]) -> [(path: [Any], edit: (Any) -> Any)] {
        switch value {
        case let object as [String: Any]:
            return object.keys.sorted().flatMap { edits(of: object[$0]!, at: path + [$0]) }
        case let list as [Any]:
            var found: [(path: [Any], edit: (Any) -> Any)] = [
                (path, { ($0 as! [Any]).dropLast() as [Any] }),
                (path, { ($0 as! [Any]) + ["https://example.org/new.jpg"] }),
            ]
            for (index, item) in list.enumerated() { found += edits(of: item, at: path + [index]) }
            return found
        case is NSNull:
            return [(path, { _ in 100 }), (path, { _ in "text" })]
        case let text as String:
            return [(path, { _ in text + "!" })]
        case let number as NSNumber:
            return [(path, { _ in number.doubleValue + 1 })]
        default:
            return []
        }
    }

    static func set(_ root: Any, _ path: ArraySlice<Any>, _ edit: (Any) -> Any) -> Any {
        guard let first = path.first else { return edit(root) }
        if let key = first as? String, var object = root as? [String: Any] {
            object[key] = set(object[key] ?? NSNull(), path.dropFirst(), edit)
            return object
        }
        if let index = first as? Int, var list = root as? [Any] {
            list[index] = set(list[index], path.dropFirst(), edit)
            return list
        }
        return root
    }

    /// Compares every page present before and after; returns how many models changed.
    static func compare(
        _ before: [String: (model: Digest, key: Digest)], _ after: [String: (model: Digest, key: Digest)],
        edit: String
    ) -> Int {
        var changed = 0
        for (path, now) in after {
            guard let was = before[path], was.model != now.model else { continue }
            changed += 1
            #expect(was.key != now.key, "\(edit): the model of \(path) changed but its key did not")
        }
        return changed
    }

    @Test func everyEditThatChangesAModelChangesItsKey() throws {
        let original = try Self.sample()
        let before = try #require(try Self.pages(original))
        let elements = try #require(original["elements"] as? [[String: Any]])
        let texts = try #require(original["texts"] as? [String: Any])
        // A motorcycle with photos and texts, and every value of it and of its texts.
        let chosen = try #require(elements.firstIndex { ($0["images"] as? [Any])?.isEmpty == false })
        let id = try #require(elements[chosen]["id"] as? Int)
        var edits: [(name: String, json: [String: Any])] = []
        for (path, edit) in Self.edits(of: elements[chosen], at: ["elements", chosen]) {
            edits.append(("\(path)", Self.set(original, ArraySlice(path), edit) as! [String: Any]))
        }
        for (path, edit) in Self.edits(of: texts[String(id)] ?? [:], at: ["texts", String(id)]) {
            edits.append(("\(path)", Self.set(original, ArraySlice(path), edit) as! [String: Any]))
        }
        // Its neighbours and the catalogue: another motorcycle takes its name and years (slugs move), one is
        // removed, one added; the dataset's version.
        var twin = elements[(chosen + 1) % elements.count]
        twin["general_info"] = elements[chosen]["general_info"]
        var named = original
        named["elements"] = elements.enumerated().map { $0.offset == (chosen + 1) % elements.count ? twin : $0.element }
        edits.append(("another motorcycle with its name and years", named))
        // The same with a lower id: that one takes the plain slug, and the chosen one's address moves while
        // nothing of it changed (the pages that link to it change).
        twin["id"] = 0
        var renamed = original
        renamed["elements"] = elements.enumerated().map {
            $0.offset == (chosen + 1) % elements.count ? twin : $0.element
        }
        edits.append(("another motorcycle with its name and years and a lower id", renamed))
        var fewer = original
        fewer["elements"] = elements.enumerated().filter { $0.offset != (chosen + 2) % elements.count }.map(\.element)
        edits.append(("a motorcycle removed", fewer))
        // A motorcycle built later: the decades of those still in production reach its year.
        var later = elements[(chosen + 3) % elements.count]
        var general = later["general_info"] as? [String: Any] ?? [:]
        general["first_year"] = 2041
        general["last_year"] = 2042
        later["general_info"] = general
        var newer = original
        newer["elements"] = elements.enumerated().map {
            $0.offset == (chosen + 3) % elements.count ? later : $0.element
        }
        edits.append(("a motorcycle built later", newer))
        var added = elements[chosen]
        added["id"] = 1_000
        var more = original
        more["elements"] = elements + [added]
        edits.append(("a motorcycle added", more))
        var version = original
        version["version"] = (original["version"] as? Int ?? 0) + 1
        edits.append(("the version", version))

        var changedModels = 0
        var decoded = 0
        for (name, json) in edits {
            guard let after = try Self.pages(json) else { continue }  // an edit the decoder refuses
            decoded += 1
            changedModels += Self.compare(before, after, edit: name)
        }
        #expect(decoded > 60 && changedModels > 100, "\(decoded) edits decoded, \(changedModels) models changed")

        // The settings every page reads: the base URL, the photo sidecar.
        let based = try #require(try Self.pages(original, baseURL: "https://example.org/guzzi/"))
        #expect(Self.compare(before, based, edit: "base URL") > 0)
        let photos = PhotoPagesTests.sidecar
        let sized = try #require(try Self.pages(original, photos: photos, photoBytes: Array("sidecar".utf8)))
        #expect(Self.compare(before, sized, edit: "photo sidecar") > 0)
    }

    /// The keys are stand-ins so that one motorcycle's edit leaves the other pages alone: only its own page and
    /// gallery, and the pages of the facet values that list it, get a new key.
    @Test func anEditOfOneMotorcycleLeavesTheOthersKeys() throws {
        let original = try Self.sample()
        let before = try #require(try Self.pages(original))
        let edited = Self.set(original, ["elements", 0, "engine", "bore"]) { ($0 as? Double ?? 70) + 0.5 }
        let after = try #require(try Self.pages(edited as! [String: Any]))
        let changed = after.filter { before[$0.key]?.key != $0.value.key }.keys.sorted()
        let elements = try #require(original["elements"] as? [[String: Any]])
        let id = try #require(elements[0]["id"] as? Int)
        let listing = try Self.valuePagesListing(id: id)
        let own = changed.filter { !listing.contains($0) }
        #expect(own.count == 4, "\(own)")  // its page and gallery in two editions
        #expect(Set(changed).isSuperset(of: listing) && listing.count >= 10, "\(listing)")
    }

    /// The facet value pages of the sample's site that list the motorcycle with this id, by file path.
    static func valuePagesListing(id: Int) throws -> Set<String> {
        let data = Array(try Data(contentsOf: URL(fileURLWithPath: samplePath)))
        let catalogue = try Catalogue.load(data, path: samplePath, strict: false).catalogue
        let inputs = try SiteBuilder.loadInputs(SiteFixtures.buildOptions(output: "/nonexistent"))
        let plan = SitePlan(catalogue: catalogue, editions: inputs.editions, photos: PhotoSidecar())
        let index = try #require(catalogue.motorcycles.firstIndex { $0.id == id })
        return Set(
            plan.pages.compactMap { page in
                guard let kind = page.kind as? FacetPages.ValueKind,
                    plan.facets[kind.facet].values[kind.value].members.contains(index)
                else { return nil }
                return page.route.filePath
            })
    }
}
