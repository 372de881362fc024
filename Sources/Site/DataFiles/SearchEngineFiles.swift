import Files
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

    /// One `<url>` of the sitemap: its address and its twins' (`hreflang`, address), `x-default` last.
    struct SitemapEntry {
        let loc: String
        let alternates: [(hreflang: String, href: String)]
    }

    func sitemapEntries(baseURL: String) -> [SitemapEntry] {
        plan.pages.filter(\.isIndexable).map { page in
            var alternates: [(hreflang: String, href: String)] = []
            if !page.twins.isEmpty {
                alternates = page.twins.sorted(by: { $0.key < $1.key }).map { language, twin in
                    (language.rawValue, baseURL + twin.urlPath)
                }
                alternates.append(("x-default", baseURL + page.defaultTwin.urlPath))
            }
            return SitemapEntry(loc: baseURL + page.route.urlPath, alternates: alternates)
        }
    }

    func sitemapContext() -> [String: Value]? {
        guard let baseURL else { return nil }
        let urls: [Value] = sitemapEntries(baseURL: baseURL).map { entry in
            let alternates: [Value] = entry.alternates.map { ["hreflang": .text($0.hreflang), "href": .text($0.href)] }
            return ["loc": .text(entry.loc), "alternates": .list(alternates)]
        }
        return ["urls": .list(urls)]
    }
}
