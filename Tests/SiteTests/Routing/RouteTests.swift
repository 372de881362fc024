import Testing

@testable import Site

@Suite struct RouteTests {
    @Test func pathsAndLinks() {
        let bike = Route(["en", "moto", "airone-1939"])
        #expect(bike.filePath == "en/moto/airone-1939/index.html")
        #expect(bike.urlPath == "en/moto/airone-1939/")
        #expect(Route.root.link(to: bike) == "en/moto/airone-1939/index.html")
        #expect(bike.link(to: Route(["it", "moto", "airone-1939"])) == "../../../it/moto/airone-1939/index.html")
        #expect(bike.url(base: "https://example.org/g/", from: bike) == "https://example.org/g/en/moto/airone-1939/")
        #expect(bike.url(base: nil, from: bike) == "../../../en/moto/airone-1939/")
        #expect(Route.root.url(base: nil, from: .root) == "./")
    }

    @Test func baseURLNormalisation() {
        #expect(BuildOptions.normalizedBaseURL("https://example.org/guzzi") == "https://example.org/guzzi/")
        #expect(BuildOptions.normalizedBaseURL("http://example.org/") == "http://example.org/")
        #expect(BuildOptions.normalizedBaseURL("example.org") == nil)
        #expect(BuildOptions.normalizedBaseURL("javascript:alert(1)") == nil)
        #expect(BuildOptions.normalizedBaseURL("https://x.org/\"><script>") == nil)
    }
}
