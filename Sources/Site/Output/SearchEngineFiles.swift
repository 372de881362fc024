/// `sitemap.xml` and `robots.txt`.
///
/// A sitemap needs absolute URLs, so it is written only when the build knows its base URL; each entry lists
/// its twins as `xhtml:link` alternates, the same set as the page's own hreflang links.
struct SearchEngineFiles {
    let plan: SitePlan
    let baseURL: String?

    func robots() -> String {
        var text = "User-agent: *\nAllow: /\n"
        if let baseURL { text += "\nSitemap: " + baseURL + "sitemap.xml\n" }
        return text
    }

    func sitemap() -> String? {
        guard let baseURL else { return nil }
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">

            """
        for page in plan.pages where page.isIndexable {
            xml += "<url><loc>" + escape(baseURL + page.route.urlPath) + "</loc>"
            if !page.twins.isEmpty {
                for (language, twin) in page.twins.sorted(by: { $0.key < $1.key }) {
                    xml +=
                        "<xhtml:link rel=\"alternate\" hreflang=\"\(language.rawValue)\" href=\""
                        + escape(baseURL + twin.urlPath) + "\"/>"
                }
                xml +=
                    "<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\""
                    + escape(baseURL + page.defaultTwin.urlPath) + "\"/>"
            }
            xml += "</url>\n"
        }
        return xml + "</urlset>\n"
    }

    private func escape(_ text: String) -> String { Markup.escape(text) }
}
