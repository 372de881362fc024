import Files
import Templating

/// `sitemap.xml` and `robots.txt`, which `Templates/sitemap.xml` and `Templates/robots.txt` draw.
///
/// A sitemap needs absolute URLs, so it is written only when the build knows its base URL; each entry lists
/// its twins as `xhtml:link` alternates, the same set as the page's own hreflang links. Both are keyed by their
/// models: an edit that leaves the list of pages alone renders neither.
struct SearchEngineFiles: Generator {
    static let robotsTemplate = "robots.txt"
    static let sitemapTemplate = "sitemap.xml"

    func products(in build: BuildScope) -> [Product] {
        let site = build.site
        let baseURL = site.frame.baseURL
        var products = [
            site.drawnProduct("robots.txt", template: Self.robotsTemplate, keys: build.keys) {
                Self.robotsContext(baseURL: baseURL)
            }
        ]
        if let baseURL {
            products.append(
                site.drawnProduct("sitemap.xml", template: Self.sitemapTemplate, keys: build.keys) {
                    Self.sitemapContext(site.plan, baseURL: baseURL)
                })
        }
        return products
    }

    static func robotsContext(baseURL: String?) -> [String: Value] {
        ["sitemap": baseURL.map { .text($0 + "sitemap.xml") } ?? .null]
    }

    /// One `<url>` of the sitemap: its address and its twins' (`hreflang`, address), `x-default` last.
    struct SitemapEntry {
        let loc: String
        let alternates: [(hreflang: String, href: String)]
    }

    static func sitemapEntries(_ plan: SitePlan, baseURL: String) -> [SitemapEntry] {
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

    static func sitemapContext(_ plan: SitePlan, baseURL: String) -> [String: Value] {
        let urls: [Value] = sitemapEntries(plan, baseURL: baseURL).map { entry in
            let alternates: [Value] = entry.alternates.map { ["hreflang": .text($0.hreflang), "href": .text($0.href)] }
            return ["loc": .text(entry.loc), "alternates": .list(alternates)]
        }
        return ["urls": .list(urls)]
    }
}
