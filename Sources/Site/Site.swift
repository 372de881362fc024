import Catalogue
import Files
import Templating

/// Everything needed to render any page of the site; immutable, so pages render in parallel.
struct Site: Sendable {
    let plan: SitePlan
    let editions: Editions
    let library: TemplateLibrary
    let frame: PageFrame
    /// The stylesheet, scripts and icons, under their published names: the `asset` variable of every page.
    let assets: SiteAssets
    /// Each edition's interface strings for the browser scripts (`partials/ui-strings.json`), the same on every
    /// page of the edition: rendered once here, the `ui_strings` variable of its pages.
    let uiStrings: [Language: Value]
    /// Per edition, a digest of what every page is given besides its model (`asset`, `ui_strings`): part of each
    /// page's key (`BuildKeys.page`).
    let shared: [Language: Digest]
    /// The digest of each edition's label table `t`, made once: it is the same on every page of an edition, and
    /// hashing it per page would cost more than the rest of a small page (see `digest(ofContext:for:)`).
    let labelDigests: [Language: Digest]

    static let uiStringsTemplate = "partials/ui-strings.json"

    /// How the edition writes numbers, for the scripts: they format the few numbers they make (counts, converted
    /// units, sizes) with these rather than with Intl.NumberFormat, whose first use on a page took a 60-70 ms task
    /// on a slow phone (the first key typed in the catalogue's search), and so by the same rules as the build.
    static func numbersValue(_ numbers: NumberFormat) -> Value {
        [
            "decimal": .text(numbers.decimalSeparator), "group": .text(numbers.groupingSeparator),
            "group_from": .number(Double(numbers.minimumDigitsToGroup)),
        ]
    }

    init(
        plan: SitePlan, editions: Editions, library: TemplateLibrary, assets: SiteAssets,
        publishing: Publishing = Publishing()
    ) throws(SiteError) {
        self.plan = plan
        self.assets = assets
        self.editions = editions
        self.library = library
        frame = PageFrame(
            plan: plan, datasetVersion: plan.catalogue.version, editions: editions, publishing: publishing)
        var uiStrings: [Language: Value] = [:]
        var shared: [Language: Digest] = [:]
        for language in editions.languages {
            let localization = editions[language]!.localization
            let context: [String: Value] = [
                "lang": .text(language.rawValue), "locale": .text(localization.locale),
                "t": frame.labelValues[language]!, "numbers": Self.numbersValue(localization.numbers),
                "unit_names": .map(ValueMap(localization.units.mapValues { .text($0) })),
            ]
            let text: String
            do {
                text = String(
                    decoding: try library.renderBytes(
                        Self.uiStringsTemplate, context: context,
                        environment: RenderEnvironment(locale: localization.locale, numbers: localization.numbers)),
                    as: UTF8.self)
            } catch let error as TemplateError {
                throw .template(error)
            } catch {
                throw .output(path: Self.uiStringsTemplate, message: "\(error)")
            }
            uiStrings[language] = .html(text)
            var hasher = StableHasher()
            hasher.combine(assets.namesDigest)
            hasher.combine(text)
            shared[language] = hasher.finalize()
        }
        self.uiStrings = uiStrings
        self.shared = shared
        labelDigests = frame.labelValues.mapValues(\.digest)
    }

    func render(_ page: Page) throws(SiteError) -> [UInt8] {
        try render(page, context: context(for: page))
    }

    /// Renders a page from its model, adding what every page of its edition is given: the `asset` addresses from
    /// the page's folder and the `ui_strings` (kept out of the model: see `BuildKeys.page`).
    func render(_ page: Page, context: [String: Value]) throws(SiteError) -> [UInt8] {
        var context = context
        context["asset"] = assets.templateValue(from: frame.rootLink(from: page))
        context["ui_strings"] = uiStrings[page.language ?? editions.defaultLanguage]
        do {
            return try library.renderBytes(
                page.template, context: context,
                environment: environment(page.language ?? editions.defaultLanguage))
        } catch let error as TemplateError {
            throw .template(error)
        } catch {
            throw .output(path: page.route.filePath, message: "\(error)")
        }
    }

    /// A template that is not a page (the sitemap, robots.txt, a feed's entry), rendered in an edition's locale,
    /// the default one's unless named.
    func render(template: String, context: [String: Value], language: Language? = nil) throws(SiteError) -> [UInt8] {
        do {
            return try library.renderBytes(
                template, context: context,
                environment: environment(language ?? editions.defaultLanguage))
        } catch let error as TemplateError {
            throw .template(error)
        } catch {
            throw .output(path: template, message: "\(error)")
        }
    }

    /// What templates of an edition's pages format numbers with.
    func environment(_ language: Language) -> RenderEnvironment {
        let localization = editions[language]!.localization
        return RenderEnvironment(locale: localization.locale, numbers: localization.numbers)
    }

    func context(for page: Page) -> [String: Value] {
        let edition = editions[page: page.language]
        let l = edition.localization
        switch page.kind {
        case .languageChoice:
            var context = frame.context(for: page, title: l["home_title"], description: l["home_description"])
            context["editions"] = .list(
                editions.languages.map { language in
                    let other = editions[language]!.localization
                    return [
                        "lang": .text(language.rawValue),
                        "name": .text(other.name),
                        "href": .text(page.route.link(to: plan.catalogueRoute(language))),
                        "choose": .text(other["choose_language"]),
                        "tagline": .text(other["site_tagline"]),
                    ]
                })
            return context
        case .notFound:
            var context = frame.context(for: page, title: l["not_found_title"], description: l["not_found_text"])
            context["editions"] = .list(
                editions.languages.map { language in
                    let other = editions[language]!.localization
                    return [
                        "lang": .text(language.rawValue),
                        "title": .text(other["not_found_title"]),
                        "text": .text(other["not_found_text"]),
                        "back": .text(other["not_found_back"]),
                        "href": .text(frame.link(from: page, to: plan.catalogueRoute(language))),
                    ]
                })
            return context
        case .catalogue, .cataloguePage:
            return CataloguePage(edition: edition, plan: plan).context(for: page, frame: frame)
        case .garage, .compare:
            let key = page.kind.isGarage ? "garage" : "compare"
            var context = frame.context(
                for: page, title: l[key + "_title"] + " · " + l["site_title"], description: l[key + "_description"])
            context["catalogue_href"] = .text(page.route.link(to: plan.catalogueRoute(edition.language)))
            context["compare_href"] = .text(page.route.link(to: plan.compareRoute(edition.language)))
            if !page.kind.isGarage {
                // where compare finds a motorcycle's spec chunk, from the edition's folder (BrowserData)
                let last = plan.catalogue.motorcycles.map(\.id).max().map(BrowserData.specChunk(ofID:)) ?? -1
                context["spec_chunks"] = [
                    "path": .text("data/" + BrowserData.specFilePattern),
                    "size": .number(Double(BrowserData.specChunkSize)),
                    "last": .number(Double(last)),
                ]
            }
            return context
        case .offline:
            var context = frame.context(
                for: page, title: l["offline_title"] + " · " + l["site_title"], description: l["offline_description"])
            context["catalogue_href"] = .text(page.route.link(to: plan.catalogueRoute(edition.language)))
            context["garage_href"] = .text(page.route.link(to: plan.garageRoute(edition.language)))
            return context
        case .motorcycle(let index):
            return MotorcyclePage(edition: edition, plan: plan, index: index).context(for: page, frame: frame)
        case .gallery(let index):
            return GalleryPage(edition: edition, plan: plan, index: index).context(for: page, frame: frame)
        case .browse, .facetOverview, .facetValue:
            return FacetPages(edition: edition, plan: plan).context(for: page, frame: frame)
        case .charts:
            return ChartsPage(edition: edition, plan: plan).context(for: page, frame: frame)
        case .whatsNew:
            // planned only with a history (`SitePlan`)
            guard let history = plan.history else { return frame.context(for: page, title: "", description: "") }
            return WhatsNewPage(edition: edition, plan: plan, history: history).context(for: page, frame: frame)
        }
    }
}

extension Page.Kind {
    var isGarage: Bool {
        if case .garage = self { return true }
        return false
    }
}
