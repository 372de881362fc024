/// The stylesheet, scripts and icons, under their content names (`SiteAssets`): each keyed by its bytes, so an
/// asset the output holds is left alone.
struct AssetFiles: Generator {
    func products(in build: BuildScope) -> [Product] {
        build.site.assets.files.map { asset in
            let bytes = asset.bytes
            return Product("assets/" + asset.published, key: build.keys.asset(bytes)) { bytes }
        }
    }
}
