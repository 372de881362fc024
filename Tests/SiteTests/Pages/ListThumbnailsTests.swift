import Foundation
import PhotoSidecar
import Testing

@testable import Site

/// With a photo sidecar, list rows (the catalogue in HTML and in its data script, the facet value pages) start
/// with a small sized photo, or a placeholder box for a motorcycle without one; without a sidecar they do not.
@Suite struct ListThumbnailsTests {
    static let normaleThumb =
        "<img class=\"bike-thumb\" src=\"https://live.staticflickr.com/65535/52814467203_feedc0ffee_n.jpg\""
        + " width=\"320\" height=\"213\" alt=\"\" loading=\"lazy\" decoding=\"async\">"
    static let norgeThumb =
        "<img class=\"bike-thumb\" src=\"https://live.staticflickr.com/65535/53021876544_beef_n.jpg\""
        + " width=\"213\" height=\"320\" alt=\"\" loading=\"lazy\" decoding=\"async\">"
    static let placeholder = "<span class=\"bike-thumb\" aria-hidden=\"true\"></span>"

    /// The `<li class="bike-item" …>` rows of a page, keyed by the bike id, each up to its `</li>`.
    static func rows(_ html: String) -> [String: String] {
        var rows: [String: String] = [:]
        for part in html.components(separatedBy: "<li class=\"bike-item\" data-id=\"").dropFirst() {
            let id = String(part.prefix { $0 != "\"" })
            rows[id] = String(part.components(separatedBy: "</li>")[0])
        }
        return rows
    }

    @Test func catalogueRowsShowAThumbnailOrAPlaceholder() throws {
        let out = try PhotoPagesTests.build(try PhotoPagesTests.data())
        defer { try? FileManager.default.removeItem(atPath: (out as NSString).deletingLastPathComponent) }
        for lang in ["en", "it"] {
            let html = SiteFixtures.read(out + "/\(lang)/index.html")
            let rows = Self.rows(html)
            #expect(rows.count >= 13, "\(lang)")
            // Normale (id 1) and GT Norge (id 2: its first photo is found, its second gone) have photos.
            #expect(rows["1"]?.hasPrefix("1\">" + Self.normaleThumb + "\n<a class=\"bike-name\"") == true, "\(lang)")
            #expect(rows["1"]?.contains(">Normale</a>") == true)
            #expect(rows["2"]?.hasPrefix("2\">" + Self.norgeThumb + "\n") == true, "\(rows["2"] ?? "")")
            for (id, row) in rows where !["1", "2", ""].contains(id) {
                #expect(row.hasPrefix(id + "\">" + Self.placeholder + "\n<a class=\"bike-name\""), "\(lang) \(id)")
            }
            // The row the script copies has the placeholder, which it swaps for the data's thumbnail.
            #expect(html.contains("<template id=\"bike-row\"><li class=\"bike-item\" data-id=\"\">" + Self.placeholder))
            // Never the original file, never a size above 320 px in a list.
            for row in rows.values {
                #expect(!row.contains("_o.") && !row.contains("_z.") && !row.contains("_b.") && !row.contains("srcset"))
            }
        }
    }

    @Test func facetValueRowsShowAThumbnailOrAPlaceholder() throws {
        let out = try PhotoPagesTests.build(try PhotoPagesTests.data())
        defer { try? FileManager.default.removeItem(atPath: (out as NSString).deletingLastPathComponent) }
        // Every facet value page that lists Normale: its row has the thumbnail, the others a thumbnail or a box.
        let pages = (FileManager.default.subpaths(atPath: out + "/en") ?? []).filter {
            $0.hasSuffix("/index.html") && $0.split(separator: "/").count == 3 && !$0.hasPrefix("moto/")
        }
        var listing = 0
        for path in pages {
            let rows = Self.rows(SiteFixtures.read(out + "/en/" + path))
            guard let normale = rows["1"] else { continue }
            listing += 1
            #expect(normale.hasPrefix("1\">" + Self.normaleThumb + "\n<a class=\"bike-name\""), "\(path)")
            for (id, row) in rows where id != "1" && id != "2" {
                #expect(row.hasPrefix(id + "\">" + Self.placeholder + "\n"), "\(path) \(id)")
            }
        }
        #expect(listing >= 5)
    }

    @Test func theDataScriptCarriesEachRowsThumbnail() throws {
        let out = try PhotoPagesTests.build(try PhotoPagesTests.data())
        defer { try? FileManager.default.removeItem(atPath: (out as NSString).deletingLastPathComponent) }
        let script = SiteFixtures.read(out + "/en/data/catalogue-0.js")
        let data = try #require(try BrowserDataTests.json(ofScript: script) as? [String: Any])
        let fields = try #require(data["fields"] as? [String])
        let thumb = try #require(fields.firstIndex(of: "thumb"))
        let rows = try #require(data["motorcycles"] as? [[Any]])
        let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0[0] as? Int ?? -1, $0) })
        let normale = try #require(byID[1]?[thumb] as? [Any])
        #expect(normale[0] as? String == "https://live.staticflickr.com/65535/52814467203_feedc0ffee_n.jpg")
        #expect(normale[1] as? Int == 320 && normale[2] as? Int == 213)
        let norge = try #require(byID[2]?[thumb] as? [Any])
        #expect(norge[0] as? String == "https://live.staticflickr.com/65535/53021876544_beef_n.jpg")
        #expect(rows.filter { $0[thumb] is NSNull }.count == rows.count - 2)
    }

    @Test func withoutASidecarListsHaveNoThumbnailsNorPlaceholders() throws {
        let out = try PhotoPagesTests.build(try PhotoPagesTests.data(sidecar: nil))
        defer { try? FileManager.default.removeItem(atPath: (out as NSString).deletingLastPathComponent) }
        for path in ["en/index.html", "it/index.html", "en/power/up-to-10/index.html"] {
            let html = SiteFixtures.read(out + "/" + path)
            #expect(html.contains("<li class=\"bike-item\" data-id=\"1\">\n<a class=\"bike-name\""), "\(path)")
            #expect(!html.contains("bike-thumb"), "\(path)")
        }
        let script = SiteFixtures.read(out + "/en/data/catalogue-0.js")
        #expect(!script.contains("thumb") && !script.contains("staticflickr.com/65535/52814467203_"))
    }
}
