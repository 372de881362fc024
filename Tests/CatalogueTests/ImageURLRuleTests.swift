import Testing

@testable import Catalogue

@Suite struct ImageURLRuleTests {
    @Test(arguments: [
        "https://live.staticflickr.com/65535/52814467203_4c9e1a7b3f_b.jpg",
        "http://example.com/a.jpg",
        "HTTPS://EXAMPLE.COM/A.JPG",
        "https://upload.wikimedia.org/wikipedia/commons/4/4e/Moto_Guzzi_850_Le_Mans_1976.jpg",
    ])
    func accepted(url: String) {
        #expect(ImageURLRule.problem(with: url) == nil)
    }

    @Test(arguments: [
        ("javascript:alert(1)", #"expected an http(s) URL, found "javascript:alert(1)""#),
        (
            "JavaScript://example.com/%0Aalert(1)",
            #"expected an http(s) URL, found "JavaScript://example.com/%0Aalert(1)""#
        ),
        ("data:image/png;base64,AAAA", #"expected an http(s) URL, found "data:image/png;base64,AAAA""#),
        ("/images/a.jpg", #"expected an http(s) URL, found "/images/a.jpg""#),
        ("https://", #"image URL has no host: "https://""#),
        ("https:///a.jpg", #"image URL has no host: "https:///a.jpg""#),
        (
            "https://example.com/a b.jpg",
            #"image URL contains whitespace or control characters: "https://example.com/a b.jpg""#
        ),
        (
            "https://example.com/a\n.jpg",
            #"image URL contains whitespace or control characters: "https://example.com/a\n.jpg""#
        ),
        (
            " https://example.com/a.jpg",
            #"image URL contains whitespace or control characters: " https://example.com/a.jpg""#
        ),
        (
            "https://example.com/\u{00A0}.jpg",
            "image URL contains whitespace or control characters: \"https://example.com/\u{00A0}.jpg\""
        ),
    ])
    func rejected(url: String, message: String) {
        #expect(ImageURLRule.problem(with: url) == message)
    }
}
