import Catalogue
import Templating

/// Everything needed to render any page of the site; immutable, so pages render in parallel.
struct Site: Sendable {
    let plan: SitePlan
    let editions: [Language: Edition]
    let library: TemplateLibrary
    let frame: PageFrame

    func render(_ page: Page) throws(SiteError) -> String {
        let context = self.context(for: page)
        do {
            return try library.render(
                page.template, context: context,
                environment: RenderEnvironment(locale: editions[page.language ?? .en]!.localization.locale))
        } catch let error as TemplateError {
            throw .template(error)
        } catch {
            throw .output(path: page.route.filePath, message: "\(error)")
        }
    }

    /// Files that are not pages: the JSON index of each edition.
    func dataFiles() -> [(String, [UInt8])] {
        Language.allCases.map { language in
            (
                language.rawValue + "/index.json",
                Array(CatalogueIndex(edition: editions[language]!, plan: plan).json().utf8)
            )
        }
    }

    func context(for page: Page) -> [String: Value] {
        let edition = editions[page.language ?? .en]!
        let l = edition.localization
        switch page.kind {
        case .languageChoice:
            var context = frame.context(for: page, title: l["home_title"], description: l["home_description"])
            context["editions"] = .list(
                Language.allCases.map { language in
                    let other = editions[language]!.localization
                    return [
                        "lang": .text(language.rawValue),
                        "name": .text(other.name),
                        "href": .text(page.route.link(to: SitePlan.catalogueRoute(language))),
                        "choose": .text(other["choose_language"]),
                        "tagline": .text(other["site_tagline"]),
                    ]
                })
            return context
        case .notFound:
            var context = frame.context(for: page, title: l["not_found_title"], description: l["not_found_text"])
            context["editions"] = .list(
                Language.allCases.map { language in
                    let other = editions[language]!.localization
                    return [
                        "lang": .text(language.rawValue),
                        "title": .text(other["not_found_title"]),
                        "text": .text(other["not_found_text"]),
                        "back": .text(other["not_found_back"]),
                        "href": .text(frame.link(from: page, to: SitePlan.catalogueRoute(language))),
                    ]
                })
            return context
        case .catalogue:
            var context = frame.context(
                for: page, title: l["catalogue_title"] + " · " + l["site_title"],
                description: l["catalogue_description"])
            context.merge(CataloguePage(edition: edition, plan: plan).context(from: page)) { $1 }
            return context
        case .garage, .compare:
            let key = page.kind.isGarage ? "garage" : "compare"
            var context = frame.context(
                for: page, title: l[key + "_title"] + " · " + l["site_title"], description: l[key + "_description"])
            context["catalogue_href"] = .text(page.route.link(to: SitePlan.catalogueRoute(edition.language)))
            return context
        case .motorcycle(let index):
            let model = MotorcyclePage(edition: edition, bike: plan.catalogue.motorcycles[index])
            var context = frame.context(
                for: page, title: model.title + " · " + l["site_title"], description: model.metaDescription)
            context.merge(model.context(imagesHref: { _ in nil })) { $1 }
            context["catalogue_href"] = .text(page.route.link(to: SitePlan.catalogueRoute(edition.language)))
            return context
        }
    }
}

extension Page.Kind {
    var isGarage: Bool {
        if case .garage = self { return true }
        return false
    }
}
