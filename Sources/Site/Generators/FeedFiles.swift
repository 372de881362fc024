import Templating

/// Each edition's Atom feed (`AtomFeed`), when the dataset has a history and the build a base URL; keyed by its
/// model, the entries' content included, so a rebuild that changes no release renders none.
struct FeedFiles: Generator {
    func products(in build: BuildScope) -> [Product] {
        let site = build.site
        guard let history = site.plan.history, let baseURL = site.frame.baseURL else { return [] }
        return site.editions.all.map { edition in
            Product(site.plan.feedFile(edition.language)) { () throws(SiteError) in
                let context = try AtomFeed(site: site, history: history, edition: edition, baseURL: baseURL)
                    .context()
                let key = build.keys.file(
                    templateDigest: site.library.digest(of: AtomFeed.template) ?? .zero,
                    context: Value.digest(ofContext: context, known: [:]))
                return Product.Prepared(key: key) { () throws(SiteError) in
                    try site.render(template: AtomFeed.template, context: context)
                }
            }
        }
    }
}
