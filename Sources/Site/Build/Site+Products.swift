import Files
import Templating

extension Site {
    /// A page as a product: keyed by the digest of its model, what its template, locale and edition's shared
    /// values make of it (`BuildKeys.page`); or, where its generator has a cheaper key for the model (`standIn`),
    /// by that, and then the model is made only if the page must be rendered (a stand-in that gives nil leaves
    /// the page keyed by its model).
    func pageProduct(_ page: Page, keys: BuildKeys, standIn: (@Sendable () -> Digest?)? = nil) -> Product {
        let site = self
        return Product(page.route.filePath) { () throws(SiteError) in
            var model: [String: Value]?
            let modelDigest: Digest
            if let standIn = standIn?() {
                modelDigest = standIn
            } else {
                let made = site.context(for: page)
                model = made
                modelDigest = site.digest(ofContext: made, for: page)
            }
            let key = keys.page(
                templateDigest: site.library.digest(of: page.template) ?? .zero, locale: site.locale(of: page),
                context: modelDigest, shared: site.given(for: page).digest)
            return Product.Prepared(key: key) { () throws(SiteError) in
                try site.render(page, context: model ?? site.context(for: page))
            }
        }
    }

    /// A file a template draws from a model that holds everything it shows (sitemap, robots.txt, the offline
    /// files), keyed by that model and the template (`BuildKeys.file`). `known`: digests of parts of the model
    /// made once (an edition's labels).
    func drawnProduct(
        _ path: String, template: String, keys: BuildKeys, known: [String: Digest] = [:],
        model: @escaping @Sendable () -> [String: Value]
    ) -> Product {
        let site = self
        return Product(path) { () throws(SiteError) in
            let context = model()
            let key = keys.file(
                templateDigest: site.library.digest(of: template) ?? .zero,
                context: Value.digest(ofContext: context, known: known))
            return Product.Prepared(key: key) { () throws(SiteError) in
                try site.render(template: template, context: context)
            }
        }
    }
}
