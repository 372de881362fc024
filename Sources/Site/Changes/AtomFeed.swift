import History
import Templating

/// An edition's Atom feed (RFC 4287), `/<lang>/atom.xml`, which `Templates/atom.xml` draws: one entry per release
/// the edition's What's new page shows, newest first, the newest `entryLimit` (the page has the rest).
///
/// Every address is absolute, so a feed is written only when the build knows its base URL, as the sitemap. An
/// entry's id is a `tag:` URI from the base URL's host, the release's date and digest and the edition's language,
/// so it never changes as releases come; its content is the release as the page shows it
/// (`partials/release.html`), escaped HTML.
struct AtomFeed {
    static let template = "atom.xml"
    static let releaseTemplate = "partials/release.html"
    static let entryLimit = 50

    let site: Site
    let history: SiteHistory
    let edition: Edition
    let baseURL: String

    /// The feed's model; the entries' content rendered from the release partial.
    func context() throws(SiteError) -> [String: Value] {
        let plan = site.plan
        let language = edition.language
        let l = edition.localization
        let notes = ReleaseNotes(edition: edition, plan: plan, history: history)
        let page = baseURL + plan.route(WhatsNewPage.Kind(), language).urlPath
        let shown = notes.shown.prefix(Self.entryLimit)
        var entries: [Value] = []
        for position in shown {
            let release = history.releases[position]
            let value = notes.value(release) { self.baseURL + $0.urlPath }
            let content = try site.render(
                template: Self.releaseTemplate,
                context: ["release": value, "t": site.frame.edition(language).labels],
                language: language)
            entries.append([
                "id": .text(Self.entryID(baseURL: baseURL, release: release, language: language.rawValue)),
                "title": .text(notes.date(release) + ": " + notes.summary(release)),
                "updated": .text(release.date),
                "link": .text(page + "#" + ReleaseNotes.anchor(release)),
                "content": .text(String(decoding: content, as: UTF8.self)),
            ])
        }
        return [
            "feed": [
                "lang": .text(language.rawValue),
                "title": .text(l["feed_title"]),
                "subtitle": .text(l["whats_new_description"]),
                "self": .text(baseURL + plan.feedFile(language)),
                "alternate": .text(page),
                "updated": .text(shown.first.map { history.releases[$0].date } ?? ""),
                "source": .text(PageFrame.sourceURL),
                "entries": .list(entries),
            ]
        ]
    }

    /// `tag:example.org,2019-03-07:release-<digest>/en`: the host of the base URL (RFC 4151's authority), the day the
    /// release was committed, its digest and the language.
    static func entryID(baseURL: String, release: Release, language: String) -> String {
        var host = Substring(baseURL)
        if let scheme = host.range(of: "://") { host = host[scheme.upperBound...] }
        host = host.prefix { $0 != "/" && $0 != ":" && $0 != "?" && $0 != "#" }
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        return "tag:" + host.lowercased() + "," + release.date.prefix(10) + ":release-" + release.digest + "/"
            + language
    }
}
