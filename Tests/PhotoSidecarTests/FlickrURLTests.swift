import Testing

@testable import PhotoSidecar

/// Flickr's image URLs as https://www.flickr.com/services/api/misc.urls.html describes them, and the
/// legacy hosts of the real dataset (`c1.`, `c2.`, `farm8.`).
@Suite struct FlickrURLTests {
    @Test func partsOfCurrentAndLegacyURLs() throws {
        let legacy = try #require(FlickrURL.parse("https://c1.staticflickr.com/3/2938/33398253256_87f8287304_o.jpg"))
        #expect(
            legacy
                == FlickrURL.Parts(
                    server: "2938", id: 33_398_253_256, secret: "87f8287304", suffix: "o", fileExtension: "jpg"))
        let farm = try #require(FlickrURL.parse("https://farm8.staticflickr.com/7840/47309062591_35024a6803_o.jpg"))
        #expect(farm.server == "7840" && farm.id == 47_309_062_591)
        let live = try #require(FlickrURL.parse("https://live.staticflickr.com/65535/49116552971_2f280ebe0d_b.jpg"))
        #expect(live.suffix == "b" && live.server == "65535")
        let medium = try #require(FlickrURL.parse("https://live.staticflickr.com/759/32119532132_50c3f7933f.jpg"))
        #expect(medium.suffix == nil && FlickrSize(suffix: medium.suffix) == .medium500)
    }

    @Test(arguments: [
        "https://upload.wikimedia.org/wikipedia/commons/4/4e/Moto_Guzzi_850_Le_Mans_1976.jpg",
        "https://evilstaticflickr.com/3/2938/33398253256_87f8287304_o.jpg",
        "javascript://live.staticflickr.com/1/2_3_b.jpg",
        "https://live.staticflickr.com/65535/49116552971_2f28\"0ebe0d_b.jpg",
        "https://live.staticflickr.com/65a/49116552971_2f280ebe0d_b.jpg",
        "https://live.staticflickr.com/65535/49116552971_2f280ebe0d_b_x.jpg",
        "https://live.staticflickr.com/65535/photo.jpg",
        "https://live.staticflickr.com/49116552971_2f280ebe0d_b.jpg",
    ])
    func nonFlickrOrOddURLsDoNotParse(url: String) {
        #expect(FlickrURL.parse(url) == nil)
    }

    @Test func sizedURLsUseTheCurrentHostAndTheSharedSecret() {
        #expect(
            FlickrURL.imageURL(server: "678", id: 32_624_895_653, secret: "a3df86d35a", size: .medium640)
                == "https://live.staticflickr.com/678/32624895653_a3df86d35a_z.jpg")
        #expect(
            FlickrURL.imageURL(server: "678", id: 1, secret: "ab", size: .medium500)
                == "https://live.staticflickr.com/678/1_ab.jpg")
        #expect(FlickrSize.offered.map(\.suffix) == ["n", "z", "c", "b"])
        #expect(FlickrSize.offered.map(\.edge) == [320, 640, 800, 1024])
    }

    /// Expected values computed independently (Python's divmod over the same alphabet) and checked on flic.kr.
    @Test(arguments: [
        (UInt64(33_398_253_256), "SThM7G"), (32_624_882_003, "RGX3Mz"), (49_116_552_971, "2hQgb1c"), (1, "2"),
        (57, "Z"), (58, "21"), (3364, "211"), (UInt64.max, "JPwcyDCgEup"),
    ])
    func base58(id: UInt64, expected: String) {
        #expect(FlickrURL.base58(id) == expected)
    }

    @Test func shortLinksOfImageURLs() {
        #expect(
            FlickrURL.shortLink("https://c1.staticflickr.com/3/2938/33398253256_87f8287304_o.jpg")
                == "https://flic.kr/p/SThM7G")
        #expect(
            FlickrURL.shortLink("https://live.staticflickr.com/65535/49116552971_2f280ebe0d_o.jpg")
                == "https://flic.kr/p/2hQgb1c")
        #expect(FlickrURL.shortLink("https://upload.wikimedia.org/wikipedia/commons/a/a1/33398253256_x.jpg") == nil)
        #expect(FlickrURL.shortLink("https://evilstaticflickr.com/3/2938/33398253256_87f8287304_o.jpg") == nil)
        #expect(FlickrURL.shortLink("https://c1.staticflickr.com/3/2938/photo.jpg") == nil)
    }

    @Test func shortLinksAndIDs() {
        #expect(FlickrURL.shortLink(id: 33_398_253_256) == "https://flic.kr/p/SThM7G")
        #expect(FlickrURL.photoID("https://c1.staticflickr.com/3/2938/33398253256_87f8287304_o.jpg") == 33_398_253_256)
        #expect(FlickrURL.photoID("https://example.org/33398253256_87f8287304_o.jpg") == nil)
    }

    @Test(
        arguments: [
            ("HTTPS://C1.StaticFlickr.COM/3/2938/33398253256_87f8287304_o.jpg", 33_398_253_256),
            ("https://staticflickr.com/3/2938/33398253256_87f8287304_o.jpg", 33_398_253_256),
            ("https://live.staticflickr.com/65535/49116552971_2f280ebe0d_b.jpg?zz=1", 49_116_552_971),
            ("https://live.staticflickr.com/65535/49116552971_2f280ebe0d_b.jpg//", 49_116_552_971),
            ("https://evilstaticflickr.com/3/2938/33398253256_87f8287304_o.jpg", nil),
            ("https://live.staticflickr.com.example.org/3/33398253256_87f8287304_o.jpg", nil),
            ("https://live.staticflickr\u{0E}com/3/33398253256_87f8287304_o.jpg", nil),
            ("https://live.staticflickr.com", nil),
            ("live.staticflickr.com/3/33398253256_87f8287304_o.jpg", nil),
            ("https://live.staticflickr.com/3/33398253256.jpg", nil),
            ("https://live.staticflickr.com/3/_87f8287304_o.jpg", nil),
            ("https://live.staticflickr.com/3/99999999999999999999_87f8287304_o.jpg", nil),
            ("https://live.staticflickr.com/3/18446744073709551615_87f8287304_o.jpg", UInt64.max),
        ] as [(String, UInt64?)])
    func photoIDsOfOddURLs(url: String, id: UInt64?) {
        #expect(FlickrURL.photoID(url) == id)
    }
}
