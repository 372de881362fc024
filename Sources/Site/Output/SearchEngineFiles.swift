import Templating

/// The models of `sitemap.xml` and `robots.txt`, which `Templates/sitemap.xml` and `Templates/robots.txt` draw.
///
/// A sitemap needs absolute URLs, so it is written only when the build knows its base URL; each entry lists
/// its twins as `xhtml:link` alternates, the same set as the page's own hreflang links.
struct SearchEngineFiles {
    let plan: SitePlan
    let baseURL: String?

    static let robotsTemplate = "robots.txt"
    static let sitemapTemplate = "sitemap.xml"

    func robotsContext() -> [String: Value] {
        ["sitemap": baseURL.map { .text($0 + "sitemap.xml") } ?? .null]
    }

    func sitemapContext() -> [String: Value]? {
        guard let baseURL else { return nil }
        let urls: [Value] = plan.pages.filter(\.isIndexable).map { page in
            var alternates: [Value] = []
            if !page.twins.isEmpty {
                alternates = page.twins.sorted(by: { $0.key < $1.key }).map { language, twin in
                    ["hreflang": .text(language.rawValue), "href": .text(baseURL + twin.urlPath)]
                }
                alternates.append(["hreflang": "x-default", "href": .text(baseURL + page.defaultTwin.urlPath)])
            }
            return ["loc": .text(baseURL + page.route.urlPath), "alternates": .list(alternates)]
        }
        return ["urls": .list(urls)]
    }
}
