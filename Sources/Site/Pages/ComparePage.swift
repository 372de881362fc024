import Catalogue
import Templating

/// Compare: the motorcycles named in its address side by side, which the page's script draws from the edition's
/// spec chunks (`BrowserData`); the page holds the frame and where to find the chunks.
struct ComparePage {
    let edition: Edition
    let plan: SitePlan

    func context(for page: Page, frame: PageFrame) -> [String: Value] {
        var context = frame.context(for: page, labelled: "compare")
        context["catalogue_href"] = .text(page.route.link(to: plan.route(CataloguePage.Kind(), edition.language)))
        context["compare_href"] = .text(page.route.link(to: plan.route(ComparePage.Kind(), edition.language)))
        // where compare finds a motorcycle's spec chunk, from the edition's folder (BrowserData)
        let last = plan.catalogue.motorcycles.map(\.id).max().map(BrowserData.specChunk(ofID:)) ?? -1
        context["spec_chunks"] = [
            "path": .text("data/" + BrowserData.specFilePattern),
            "size": .number(Double(BrowserData.specChunkSize)),
            "last": .number(Double(last)),
        ]
        return context
    }
}

extension ComparePage {
    /// `/en/compare/`, `/it/confronta/`.
    struct Kind: PageKind {
        static let template = "pages/compare.html"

        func route(_ language: Language, in plan: SitePlan) -> Route {
            Route([language.rawValue, plan.slug("slug_compare", language)])
        }

        func model(for page: Page, in site: Site) -> [String: Value] {
            ComparePage(edition: site.edition(of: page), plan: site.plan).context(for: page, frame: site.frame)
        }
    }
}
