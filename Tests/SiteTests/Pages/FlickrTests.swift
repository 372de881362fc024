import Testing

@testable import Site

@Suite struct FlickrTests {
    /// Expected values computed independently (Python's divmod over the same alphabet) and checked on flic.kr.
    @Test(arguments: [
        (UInt64(33_398_253_256), "SThM7G"), (32_624_882_003, "RGX3Mz"), (49_116_552_971, "2hQgb1c"), (1, "2"),
        (57, "Z"), (58, "21"), (3364, "211"), (UInt64.max, "JPwcyDCgEup"),
    ])
    func base58(id: UInt64, expected: String) {
        #expect(Flickr.base58(id) == expected)
    }

    @Test func shortLinks() {
        #expect(
            Flickr.shortLink("https://c1.staticflickr.com/3/2938/33398253256_87f8287304_o.jpg")
                == "https://flic.kr/p/SThM7G")
        #expect(
            Flickr.shortLink("https://live.staticflickr.com/65535/49116552971_2f280ebe0d_o.jpg")
                == "https://flic.kr/p/2hQgb1c")
        #expect(Flickr.shortLink("https://upload.wikimedia.org/wikipedia/commons/a/a1/33398253256_x.jpg") == nil)
        #expect(Flickr.shortLink("https://evilstaticflickr.com/3/2938/33398253256_87f8287304_o.jpg") == nil)
        #expect(Flickr.shortLink("https://c1.staticflickr.com/3/2938/photo.jpg") == nil)
    }
}
