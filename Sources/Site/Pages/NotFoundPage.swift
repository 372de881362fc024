import Catalogue
import Templating

/// The one 404 page a server sends for any address: every edition's words on it, each linking to its catalogue
/// from the site's root (`PageFrame.link(from:to:)`), since it is served at addresses of any depth.
struct NotFoundPage {
    let edition: Edition
    let editions: Editions
    let plan: SitePlan

    func context(for page: Page, frame: PageFrame) -> [String: Value] {
        let l = edition.localization
        var context = frame.context(for: page, title: l["not_found_title"], description: l["not_found_text"])
        context["editions"] = .list(
            editions.languages.map { language in
                let other = editions[page: language].localization
                return [
                    "lang": .text(language.rawValue),
                    "title": .text(other["not_found_title"]),
                    "text": .text(other["not_found_text"]),
                    "back": .text(other["not_found_back"]),
                    "href": .text(frame.link(from: page, to: plan.route(CataloguePage.Kind(), language))),
                ]
            })
        return context
    }
}

extension NotFoundPage {
    /// `/404.html`, in no edition and with no twins; not in the sitemap.
    struct Kind: PageKind {
        static let template = "pages/not-found.html"
        static let route = Route([], fileName: "404.html")

        func route(_ language: Language, in plan: SitePlan) -> Route { Self.route }

        func model(for page: Page, in site: Site) -> [String: Value] {
            NotFoundPage(edition: site.edition(of: page), editions: site.editions, plan: site.plan)
                .context(for: page, frame: site.frame)
        }

        func pages(in plan: SitePlan) -> [Page] {
            [Page(kind: self, route: Self.route, language: nil, twins: [:], defaultTwin: Self.route)]
        }

        var isIndexable: Bool { false }
    }
}
