import Catalogue
import Foundation
import PhotoSidecar
import Templating
import TestSupport
import Testing

@testable import Site

/// Pages built with a photo sidecar beside the dataset: sized photos with `srcset`, `width` and `height`, lazy
/// but for those of the first screen, each credited to its author; photos without an entry keep their old markup.
@Suite struct PhotoPagesTests {
    static let sample = SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json"
    static let normale = "https://live.staticflickr.com/65535/52814467203_4c9e1a7b3f_b.jpg"
    static let norge = [
        "https://live.staticflickr.com/65535/53021876544_a3b0c9d2e1_b.jpg",
        "https://live.staticflickr.com/65535/53021655781_0f8e7d6c5b_b.jpg",
    ]

    /// The author's name and page hold what a hostile endpoint could send and the reader still lets through.
    static let sidecar = PhotoSidecar(records: [
        52_814_467_203: .found(
            FoundPhoto(
                server: "65535", secret: "feedc0ffee", size: .large1024, width: 1024, height: 683,
                author: "Jane </figcaption><script>alert(1)</script> \"Doe\" & 'Co'",
                authorURL: "https://www.flickr.com/photos/jane/?a=1&b=2",
                pageURL: "https://www.flickr.com/photos/jane/52814467203/",
                license: "Attribution-NonCommercial License",
                licenseURL: "https://creativecommons.org/licenses/by-nc/2.0/",
                licenseID: 2)),
        53_021_876_544: .found(
            FoundPhoto(
                server: "65535", secret: "beef", size: .large1024, width: 683, height: 1024, author: "Bob",
                authorURL: "https://www.flickr.com/photos/bob/",
                pageURL: "https://www.flickr.com/photos/bob/53021876544/",
                license: "All Rights Reserved", licenseID: 0)),
        53_021_655_781: .gone(reason: "not found", checked: "2026-11-24"),
    ])

    /// A copy of the sample dataset with `sidecar` (or `text`) beside it; returns the data path.
    static func data(sidecar: PhotoSidecar? = Self.sidecar, text: String? = nil) throws -> String {
        let folder = SiteFixtures.temporaryFolder()
        let data = folder + "/info_moto.json"
        try FileManager.default.copyItem(atPath: sample, toPath: data)
        if let text {
            try text.write(toFile: PhotoSidecar.path(forDataset: data), atomically: false, encoding: .utf8)
        } else if let sidecar {
            try sidecar.write(to: PhotoSidecar.path(forDataset: data))
        }
        return data
    }

    static func build(_ data: String) throws -> String {
        let out = (data as NSString).deletingLastPathComponent + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: out))
        return out
    }

    /// The `<li class="photo">` items of a gallery page.
    static func tiles(_ html: String) -> [String] {
        html.components(separatedBy: "<li class=\"photo\"").dropFirst().map { String($0.prefix { $0 != "\u{0}" }) }
    }

    @Test func galleryTilesAreSizedCreditedAndLazyAfterTheFirstScreen() throws {
        let out = try Self.build(try Self.data())
        let html = SiteFixtures.read(out + "/en/moto/gt-norge-1928/gallery/index.html")
        let tiles = Self.tiles(html)
        #expect(tiles.count == 2)
        let first = tiles[0]
        #expect(
            first.contains(
                "<a class=\"photo-link\" href=\"\(Self.norge[0])\"><img src=\"https://live.staticflickr.com/65535/53021876544_beef_z.jpg\""
            ))
        #expect(
            first.contains(
                "srcset=\"https://live.staticflickr.com/65535/53021876544_beef_n.jpg 213w, "
                    + "https://live.staticflickr.com/65535/53021876544_beef_z.jpg 427w, "
                    + "https://live.staticflickr.com/65535/53021876544_beef_c.jpg 534w, "
                    + "https://live.staticflickr.com/65535/53021876544_beef_b.jpg 683w\""))
        #expect(first.contains("sizes=\"(min-width: 46rem) 19rem, calc(50vw - 1.5rem)\""), "two columns on a phone")
        #expect(first.contains("width=\"427\" height=\"640\""))
        #expect(!first.contains("loading="), "the first photo in view is not lazy")
        #expect(first.contains("fetchpriority=\"high\""), "and it is fetched first")
        #expect(
            first.contains(
                "Photo by <a href=\"https://www.flickr.com/photos/bob/\">Bob</a> · "
                    + "<a href=\"https://www.flickr.com/photos/bob/53021876544/\">Photo page on Flickr</a> · "
                    + "Licence: <span>All Rights Reserved</span> · <a href=\"\(Self.norge[0])\">Image file</a>"))
        // A photo Flickr no longer has keeps the markup of a photo without an entry: its Flickr size, boxed.
        let second = tiles[1]
        #expect(
            second.contains(
                "<a class=\"photo-link\" href=\"\(Self.norge[1])\"><img src=\"\(Self.norge[1])\" class=\"photo-boxed\" "
                    + "alt=\"Moto Guzzi GT Norge (1928–1930), photo 2 of 2\" fetchpriority=\"high\" decoding=\"async\"></a>"
            ),
            "the first screen's photos load at once")
        #expect(second.contains("<a href=\"https://flic.kr/p/2oMkR1Z\">Photo page on Flickr</a>"))
        #expect(!second.contains("srcset") && !second.contains("Photo by"))
        let italian = SiteFixtures.read(out + "/it/moto/gt-norge-1928/galleria/index.html")
        #expect(italian.contains("Foto di <a href=\"https://www.flickr.com/photos/bob/\">Bob</a>"))
        #expect(italian.contains("Licenza: <span lang=\"en\">All Rights Reserved</span>"))
    }

    @Test func aPortraitFirstPhotoIsAsTallAsALandscapeOne() throws {
        let out = try Self.build(try Self.data())
        let html = SiteFixtures.read(out + "/en/moto/gt-norge-1928/index.html")
        let figure = try #require(html.range(of: "<figure class=\"first-photo portrait\">"))
        let photo = html[figure.upperBound...].prefix(1000)
        #expect(photo.contains("sizes=\"(min-height: 90rem) 24rem, 27vh\" width=\"427\" height=\"640\""))
        let landscape = SiteFixtures.read(out + "/en/moto/normale-1921/index.html")
        #expect(landscape.contains("<figure class=\"first-photo\">"))
    }

    @Test func theFirstPhotoOpensTheMotorcyclePageWithItsCredit() throws {
        let out = try Self.build(try Self.data())
        let html = SiteFixtures.read(out + "/it/moto/normale-1921/index.html")
        let figure = try #require(html.range(of: "<figure class=\"first-photo\">"))
        let firstSection = try #require(html.range(of: "<section class=\"spec\""))
        #expect(figure.lowerBound < firstSection.lowerBound, "the photo is at the top, before the specifications")
        let images = try #require(html.range(of: "<section class=\"images\""))
        #expect(!html[images.lowerBound...].contains("<img"), "no second copy at the bottom")
        #expect(
            html.contains(
                "<img src=\"https://live.staticflickr.com/65535/52814467203_feedc0ffee_z.jpg\" srcset=\""
                    + "https://live.staticflickr.com/65535/52814467203_feedc0ffee_n.jpg 320w, "))
        #expect(
            html.contains(
                "sizes=\"(min-width: 64rem) 26rem, (min-width: 42rem) 40rem, calc(100vw - 2rem)\""
                    + " width=\"640\" height=\"427\""))
        #expect(!html[figure.lowerBound...].prefix(2000).contains("loading=\"lazy\""))
        #expect(
            html.contains(
                "Foto di <a href=\"https://www.flickr.com/photos/jane/?a=1&amp;b=2\">Jane &lt;/figcaption&gt;"
                    + "&lt;script&gt;alert(1)&lt;/script&gt; &quot;Doe&quot; &amp; &#39;Co&#39;</a>"))
        #expect(!html.contains("<script>alert(1)"))
        #expect(
            html.contains(
                "Licenza: <a rel=\"license\" href=\"https://creativecommons.org/licenses/by-nc/2.0/\" lang=\"en\">"
                    + "Attribution-NonCommercial License</a>"))
        #expect(!html.contains("src=\"\(Self.normale)\""), "the dataset's file is not loaded when a size is known")
        #expect(html.contains("<link rel=\"preconnect\" href=\"https://live.staticflickr.com\">"))
        // A motorcycle whose photo has no entry keeps the dataset's URL (a Flickr size), boxed.
        let falcone = SiteFixtures.read(out + "/en/moto/falcone-1950/index.html")
        #expect(
            falcone.contains(
                "<img src=\"https://live.staticflickr.com/65535/51234098765_9b8a7c6d5e_b.jpg\" class=\"photo-boxed\" alt="
            ))
        #expect(!falcone.contains("srcset") && !falcone.contains("Photo by"))
    }

    /// Without sizes, a photo the URL proves small (a Flickr size) loads in a box of fixed proportions, the first
    /// one first; an original is never loaded unasked: its box is the link that opens it.
    @Test func withoutASidecarNoPageLoadsAnOriginal() throws {
        let original = "https://live.staticflickr.com/65535/53021876544_bbbbbbbbbb_o.jpg"
        let data = try Self.data(sidecar: nil)
        let text = SiteFixtures.read(data)
        try text.replacingOccurrences(of: Self.norge[0], with: original).write(
            toFile: data, atomically: false, encoding: .utf8)
        let out = try Self.build(data)
        let gallery = SiteFixtures.read(out + "/en/moto/gt-norge-1928/gallery/index.html")
        #expect(!gallery.contains("srcset") && !gallery.contains("width=\""))
        #expect(!gallery.contains("<img src=\"\(original)\""), "an original is not an <img>")
        #expect(
            gallery.contains(
                "<a class=\"photo-link\" href=\"\(original)\"><span class=\"photo-box\"><span>Moto Guzzi GT Norge "
                    + "(1928–1930), photo 1 of 2</span> <span class=\"photo-ask\">Open the full-size photo"))
        #expect(
            gallery.contains(
                "<img src=\"\(Self.norge[1])\" class=\"photo-boxed\" alt=\"Moto Guzzi GT Norge (1928–1930), photo 2 of 2\" "
                    + "fetchpriority=\"high\" decoding=\"async\">"))
        // the motorcycle page: no photo to load, so no host to connect to early
        let page = SiteFixtures.read(out + "/en/moto/gt-norge-1928/index.html")
        #expect(page.contains("<span class=\"photo-box\">") && !page.contains("rel=\"preconnect\""))
        #expect(!page.contains("<img src=\"\(original)\""))
        // a Flickr size on another page: loaded first, boxed, its host connected to from the head
        let v7 = SiteFixtures.read(out + "/en/moto/v7-1967/index.html")
        #expect(v7.contains("<link rel=\"preconnect\" href=\"https://live.staticflickr.com\">"))
        #expect(v7.contains("class=\"photo-boxed\" alt=") && v7.contains("fetchpriority=\"high\""))
    }

    /// A Wikimedia Commons original is shown through the thumbnails its URL scheme gives, at standard widths.
    @Test func aWikimediaPhotoIsShownThroughItsThumbnails() throws {
        let out = try Self.build(try Self.data(sidecar: nil))
        let page = SiteFixtures.read(out + "/en/moto/daytona-1000-1992/index.html")
        let base = "https://upload.wikimedia.org/wikipedia/commons/thumb/9/9a/Moto_Guzzi_Daytona_1000.jpg/"
        #expect(
            page.contains(
                "<img src=\"\(base)960px-Moto_Guzzi_Daytona_1000.jpg\" srcset=\"\(base)330px-Moto_Guzzi_Daytona_1000.jpg "
                    + "330w, \(base)500px-Moto_Guzzi_Daytona_1000.jpg 500w, \(base)960px-Moto_Guzzi_Daytona_1000.jpg 960w, "
                    + "\(base)1280px-Moto_Guzzi_Daytona_1000.jpg 1280w\""))
        #expect(page.contains("<link rel=\"preconnect\" href=\"https://upload.wikimedia.org\">"))
        #expect(!page.contains("<img src=\"https://upload.wikimedia.org/wikipedia/commons/9/9a/"))
    }

    @Test func aMalformedSidecarStopsTheBuildWithItsLineAndColumn() throws {
        let data = try Self.data(text: "{\"format\": 1,\n  \"photos\": {\"1\": {\"status\": \"ok\", \"server\": 5}}}\n")
        let out = (data as NSString).deletingLastPathComponent + "/site"
        #expect {
            _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: out))
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(PhotoSidecar.path(forDataset: data) + ":2:")
                && text.contains("\"server\" must be a string")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func serveSeesAChangedSidecar() throws {
        let data = try Self.data()
        let out = (data as NSString).deletingLastPathComponent + "/site"
        let cache = BuildCache()
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: out), mode: .preview(cache))
        #expect(SiteFixtures.read(out + "/en/moto/gt-norge-1928/index.html").contains(">Bob</a>"))
        var changed = Self.sidecar
        guard case .found(var photo)? = changed.records[53_021_876_544] else { return }
        photo.author = "Robert"
        changed.records[53_021_876_544] = .found(photo)
        try changed.write(to: PhotoSidecar.path(forDataset: data))
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: out), mode: .preview(cache))
        #expect(SiteFixtures.read(out + "/en/moto/gt-norge-1928/index.html").contains(">Robert</a>"))
    }

    /// The API for lists (the catalogue and facet pages, added after the catalogue's rewrite).
    @Test func thumbnailsForLists() throws {
        let catalogue = try Catalogue.load(contentsOf: Self.sample).catalogue
        let norge = try #require(catalogue.motorcycles.first { $0.general.name == "GT Norge" })
        let thumbnail = PhotoValues.thumbnail(norge, photos: Self.sidecar, language: "it")
        guard case .map(let map) = thumbnail else {
            Issue.record("no thumbnail")
            return
        }
        #expect(map["src"] == "https://live.staticflickr.com/65535/53021876544_beef_n.jpg")
        #expect(map["width"] == 213 && map["height"] == 320 && map["portrait"] == true)
        let srcset =
            "https://live.staticflickr.com/65535/53021876544_beef_n.jpg 213w, "
            + "https://live.staticflickr.com/65535/53021876544_beef_z.jpg 427w"
        #expect(map["srcset"] == .text(srcset))
        let airone = try #require(catalogue.motorcycles.first { $0.images.isEmpty })
        #expect(PhotoValues.thumbnail(airone, photos: Self.sidecar, language: "en") == .null)
        #expect(PhotoValues.thumbnail(norge, photos: PhotoSidecar(), language: "en") == .null)

        let partial = try String(
            contentsOfFile: SiteFixtures.repositoryRoot + "/Templates/partials/photo-img.html", encoding: .utf8)
        let library = try TemplateLibrary(sources: [
            "partials/photo-img.html": partial,
            "row.html": "<li>{% set img_alt = \"\" %}{% set img_lazy = true %}{% set img_sizes = \"6rem\" %}"
                + "{% if thumb %}{% set img = thumb %}{% include \"partials/photo-img.html\" %}"
                + "{% else %}<span class=\"no-photo\"></span>{% endif %}</li>",
        ])
        let environment = RenderEnvironment(locale: "en_US", numbers: .englishForTests)
        #expect(
            try library.renderText("row.html", context: ["thumb": thumbnail], environment: environment)
                == "<li><img src=\"https://live.staticflickr.com/65535/53021876544_beef_n.jpg\" srcset=\""
                + "https://live.staticflickr.com/65535/53021876544_beef_n.jpg 213w, "
                + "https://live.staticflickr.com/65535/53021876544_beef_z.jpg 427w\" sizes=\"6rem\" width=\"213\" "
                + "height=\"320\" alt=\"\" loading=\"lazy\" decoding=\"async\"></li>")
        #expect(
            try library.renderText("row.html", context: ["thumb": .null], environment: environment)
                == "<li><span class=\"no-photo\"></span></li>")
    }
}
