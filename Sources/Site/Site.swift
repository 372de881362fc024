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
    /// Per edition, what every page of it is given besides its model (`given(for:)`).
    private let givenByEdition: [Language: Given]

    /// What every page of an edition is given besides its model, rendered once.
    struct Given: Sendable {
        /// The interface strings for the browser scripts (`partials/ui-strings.json`): `ui_strings`.
        let uiStrings: Value
        /// A digest of what the pages are given besides their models (`asset`, `ui_strings`): part of each page's
        /// key (`BuildKeys.page`).
        let digest: Digest
    }

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
        var given: [Language: Given] = [:]
        for language in editions.languages {
            let localization = editions[page: language].localization
            let context: [String: Value] = [
                "lang": .text(language.rawValue), "locale": .text(localization.locale),
                "t": frame.edition(language).labels, "numbers": Self.numbersValue(localization.numbers),
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
            var hasher = StableHasher()
            hasher.combine(assets.namesDigest)
            hasher.combine(text)
            given[language] = Given(uiStrings: .html(text), digest: hasher.finalize())
        }
        givenByEdition = given
    }

    /// What every page of the page's edition is given besides its model; every edition of the site has it.
    func given(for page: Page) -> Given {
        let language = edition(of: page).language
        guard let given = givenByEdition[language] else {
            preconditionFailure("no edition \(language.rawValue) in the site")
        }
        return given
    }

    func render(_ page: Page) throws(SiteError) -> [UInt8] {
        try render(page, context: context(for: page))
    }

    /// Renders a page from its model, adding what every page of its edition is given: the `asset` addresses from
    /// the page's folder and the `ui_strings` (kept out of the model: see `BuildKeys.page`).
    func render(_ page: Page, context: [String: Value]) throws(SiteError) -> [UInt8] {
        var context = context
        context["asset"] = assets.templateValue(from: frame.rootLink(from: page))
        context["ui_strings"] = given(for: page).uiStrings
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
        let localization = editions[page: language].localization
        return RenderEnvironment(locale: localization.locale, numbers: localization.numbers)
    }

    /// A page's model, as its kind makes it.
    func context(for page: Page) -> [String: Value] {
        page.kind.model(for: page, in: self)
    }

    /// The edition a page is written in: its own, the default one for the pages of no edition.
    func edition(of page: Page) -> Edition {
        editions[page: page.language]
    }
}
