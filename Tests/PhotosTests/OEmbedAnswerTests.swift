import Fetching
import Foundation
import PhotoSidecar
import TestSupport
import Testing

@testable import Photos

/// Answers of the oEmbed endpoint, as Flickr writes them and as a hostile or broken endpoint might.
@Suite struct OEmbedAnswerTests {
    static func decode(_ text: String, id: UInt64 = 32_119_532_132) -> Result<FoundPhoto, OEmbedAnswer.Malformed> {
        OEmbedAnswer.decode(Array(text.utf8), id: id)
    }

    /// A recorded answer (silverstripe's EmbedShortcodeProvider test): numbers as numbers, "All Rights
    /// Reserved" without a licence URL.
    @Test func recordedAnswerWithNumbers() throws {
        let text = """
            {"type":"photo","flickr_type":"photo","title":"bird","author_name":"Philocycler",\
            "author_url":"https:\\/\\/www.flickr.com\\/photos\\/philocycler\\/","width":1024,"height":742,\
            "url":"https:\\/\\/live.staticflickr.com\\/759\\/32119532132_50c3f7933f_b.jpg",\
            "web_page":"https:\\/\\/www.flickr.com\\/photos\\/philocycler\\/32119532132\\/",\
            "license":"All Rights Reserved","license_id":0,"version":"1.0","cache_age":3600,"provider_name":"Flickr"}
            """
        let photo = try Self.decode(text).get()
        #expect(
            photo
                == FoundPhoto(
                    server: "759", secret: "50c3f7933f", size: .large1024, width: 1024, height: 742,
                    author: "Philocycler", authorURL: "https://www.flickr.com/photos/philocycler/",
                    pageURL: "https://www.flickr.com/photos/philocycler/32119532132/", license: "All Rights Reserved",
                    licenseURL: nil, licenseID: 0))
    }

    /// Another recording has width, height and licence id as strings, on a legacy farm host.
    @Test func recordedAnswerWithStrings() throws {
        let text = """
            {"type":"photo","flickr_type":"photo","title":"Hexagonal Color Palette","author_name":"g0upil",
             "author_url":"https://www.flickr.com/photos/78986993@N00/","width":"1024","height":"684",
             "url":"https://farm4.staticflickr.com/3599/3372549602_3eeee52790_b.jpg",
             "web_page":"https://www.flickr.com/photos/78986993@N00/3372549602/",
             "license":"Attribution-ShareAlike License","license_url":"https://creativecommons.org/licenses/by-sa/2.0/",
             "license_id":"5"}
            """
        let photo = try Self.decode(text, id: 3_372_549_602).get()
        #expect(photo.width == 1024 && photo.height == 684 && photo.licenseID == 5 && photo.server == "3599")
        #expect(photo.licenseURL == "https://creativecommons.org/licenses/by-sa/2.0/")
        #expect(
            photo.sized(id: 3_372_549_602).largest.url
                == "https://live.staticflickr.com/3599/3372549602_3eeee52790_b.jpg")
    }

    @Test func theFakeServersAnswerIsAccepted() throws {
        let photo = try Self.decode(FakeOEmbedServer.flickrAnswer(id: 42, width: 683, height: 1024), id: 42).get()
        #expect(photo.author == "Ann <b>\"Tester\"</b> & Co" && photo.width == 683 && photo.size == .large1024)
    }

    static let valid: [String: String] = [
        "type": "\"photo\"", "author_name": "\"A\"", "author_url": "\"https://www.flickr.com/photos/a/\"",
        "width": "1024", "height": "683", "web_page": "\"https://www.flickr.com/photos/a/5/\"",
        "url": "\"https://live.staticflickr.com/65535/5_abc123_b.jpg\"",
    ]

    static func answer(_ changes: [String: String?]) -> String {
        var fields = valid
        for (key, value) in changes { fields[key] = value }
        return "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ",") + "}"
    }

    @Test(
        arguments: [
            (["type": "\"video\""], "not \"photo\""),
            (["type": nil], "no \"type\""),
            (["url": "\"https://live.staticflickr.com/65535/6_abc123_b.jpg\""], "of photo 6, not 5"),
            (["url": "\"https://live.staticflickr.com/65535/5_abc123_h.jpg\""], "its own secret"),
            (["url": "\"https://live.staticflickr.com/65535/5_abc123_o.jpg\""], "its own secret"),
            (["url": "\"https://example.org/65535/5_abc123_b.jpg\""], "not a staticflickr image URL"),
            (["url": "\"https://live.staticflickr.com/65535/5_abc\\\"><script>_b.jpg\""], "not a staticflickr"),
            (["author_url": "\"javascript:alert(1)\""], "\"author_url\""),
            (["web_page": "\"data:text/html,x\""], "\"web_page\""),
            (["web_page": nil], "\"web_page\""),
            (["license_url": "\"//evil.example/\""], "\"license_url\""),
            (["author_name": "\"\""], "\"author_name\""),
            (["author_name": "\"a\\u0000b\""], "\"author_name\""),
            (["width": "0"], "\"width\""),
            (["height": "\"12px\""], "\"width\""),
            (["license_id": "\"CC\""], "\"license_id\""),
        ] as [([String: String?], String)])
    func unusableAnswersAreRefused(changes: [String: String?], words: String) {
        switch Self.decode(Self.answer(changes), id: 5) {
        case .success: Issue.record("accepted \(Self.answer(changes))")
        case .failure(let malformed): #expect(malformed.reason.contains(words), "\(malformed.reason)")
        }
    }

    @Test func notJSONOrNotAnObject() {
        for text in [
            "<html>Flickr is down</html>", "[]", "{\"type\": \"photo\"", "", String(repeating: "[", count: 5000),
        ] {
            if case .success = Self.decode(text) { Issue.record("accepted \(text.prefix(40))") }
        }
        let huge = "{\"type\": \"photo\", \"pad\": \"" + String(repeating: "x", count: 300_000) + "\"}"
        #expect(throws: OEmbedAnswer.Malformed.self) { try Self.decode(huge).get() }
    }

    static func classify(_ status: Int, headers: [String: String] = [:], body: String = "") -> OEmbedClient.Outcome {
        OEmbedClient.classify(
            FetchedResponse(status: status, reason: "reason", headers: headers, body: Array(body.utf8)), id: 9)
    }

    @Test func statusesAreSortedIntoWhatToDoNext() {
        if case .found = Self.classify(200, body: FakeOEmbedServer.flickrAnswer(id: 9)) {
        } else {
            Issue.record("200 not found")
        }
        #expect(Self.classify(404) == .gone(reason: "not found"))
        #expect(Self.classify(401) == .gone(reason: "private"))
        #expect(Self.classify(429, headers: ["retry-after": "7"]) == .rateLimited(retryAfter: 7))
        #expect(Self.classify(429) == .rateLimited(retryAfter: nil))
        for status in [403, 500, 502, 503] {
            #expect(Self.classify(status) == .transient(reason: "HTTP \(status) reason"))
        }
        #expect(Self.classify(400) == .failed(reason: "HTTP 400 reason"))
        #expect(Self.classify(501) == .failed(reason: "HTTP 501 reason (the endpoint does not serve format=json)"))
        guard case .failed = Self.classify(200, body: "{") else {
            Issue.record("malformed 200 accepted")
            return
        }
    }

    @Test func retryAfterInSecondsOrAsAnHTTPDate() {
        let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
        #expect(OEmbedClient.retryAfter(["retry-after": "120"], now: now) == 120)
        #expect(OEmbedClient.retryAfter(["retry-after": "Wed, 21 Oct 2015 07:30:00 GMT"], now: now) == 120)
        #expect(OEmbedClient.retryAfter(["retry-after": " Wed, 21 Oct 2015 07:00:00 GMT"], now: now) == 0)
        #expect(OEmbedClient.retryAfter(["retry-after": "soon"], now: now) == nil)
        #expect(OEmbedClient.retryAfter([:], now: now) == nil)
    }

    @Test func theRequestIsTheDocumentedOne() throws {
        let url = try #require(
            OEmbedClient.requestURL(endpoint: "https://www.flickr.com/services/oembed/", id: 33_398_253_256))
        let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(url.absoluteString.hasPrefix("https://www.flickr.com/services/oembed/?url="))
        #expect(items.first { $0.name == "url" }?.value == "https://flic.kr/p/SThM7G")
        #expect(items.first { $0.name == "format" }?.value == "json")
        #expect(items.first { $0.name == "maxwidth" }?.value == "1024")
        #expect(OEmbedClient.requestURL(endpoint: "ftp://example.org/", id: 1) == nil)
        #expect(
            OEmbedClient.requestURL(endpoint: "http://127.0.0.1:9/oembed?key=1", id: 1)?.absoluteString.contains(
                "?key=1&url=") == true)
    }
}
