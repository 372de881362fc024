import Catalogue
import Templating

/// The site's root: each edition named in its own language, linking to its catalogue. It belongs to no edition
/// and is written in the default edition's.
struct LanguageChoicePage {
    let edition: Edition
    let editions: Editions
    let plan: SitePlan

    func context(for page: Page, frame: PageFrame) -> [String: Value] {
        let l = edition.localization
        var context = frame.context(for: page, title: l["home_title"], description: l["home_description"])
        context["editions"] = .list(
            editions.languages.map { language in
                let other = editions[page: language].localization
                return [
                    "lang": .text(language.rawValue),
                    "name": .text(other.name),
                    "href": .text(page.route.link(to: plan.route(CataloguePage.Kind(), language))),
                    "choose": .text(other["choose_language"]),
                    "tagline": .text(other["site_tagline"]),
                ]
            })
        return context
    }
}

extension LanguageChoicePage {
    /// `/index.html`, one page for the whole site, whose twins are the editions' catalogues.
    struct Kind: PageKind {
        static let template = "pages/language-choice.html"

        func route(_ language: Language, in plan: SitePlan) -> Route { .root }

        func model(for page: Page, in site: Site) -> [String: Value] {
            LanguageChoicePage(edition: site.edition(of: page), editions: site.editions, plan: site.plan)
                .context(for: page, frame: site.frame)
        }

        func pages(in plan: SitePlan) -> [Page] {
            let twins = Dictionary(
                uniqueKeysWithValues: plan.languages.map { ($0, plan.route(CataloguePage.Kind(), $0)) })
            return [Page(kind: self, route: .root, language: nil, twins: twins, defaultTwin: .root)]
        }
    }
}
