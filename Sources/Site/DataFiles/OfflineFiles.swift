import Catalogue
import Files
import Templating

/// What makes an edition installable and readable offline, as the app was: its web app manifest
/// (`<lang>/manifest.webmanifest`), its offline worker (`<lang>/sw.js`, whose scope is the edition's folder) and
/// the list of what "keep the whole catalogue offline" downloads (`<lang>/offline.json`). All three are templates
/// (`Templates/manifest.webmanifest`, `Templates/sw.js`, `Templates/offline.json`).
///
/// Made after every other file, from what the output holds: the worker names each file it keeps with the digest
/// of its bytes, so a deploy that changes none of them leaves the worker byte for byte as it was and browsers keep
/// it; any change makes a new worker, which fetches the new files and deletes the old copies. The list gives the
/// size of every page it names, so a reader knows what the download takes before it starts.
struct OfflineFiles {
    static let manifestName = "manifest.webmanifest"
    static let workerName = "sw.js"
    static let listName = "offline.json"
    /// Written as each edition's `sw.js` when the site is built without offline (`BuildOptions.offline`).
    static let retiredWorkerTemplate = "sw-retired.js"

    /// A file to render: where it goes, its template and its model (keyed like a page: `BuildKeys.page`).
    struct File {
        let path: String
        let language: Language
        let template: String
        let context: [String: Value]
    }

    /// The digest and size of a file the output holds after this build.
    typealias Stored = (String) -> (digest: Digest, size: Int)?

    /// The bytes per pixel a photo file is reckoned at, for the size "keep the photos" announces: Flickr's JPEGs
    /// of 320 to 1024 px measure 0.15 to 0.25.
    static let photoBytesPerPixel = 0.2

    let site: Site

    /// What each stage makes: the manifests and the lists first (the workers keep the manifests; the lists name
    /// the pages' sizes), then the workers. Without offline, only the workers that retire earlier ones.
    func stage(_ number: Int, stored: Stored) -> [File]? {
        guard site.frame.offline else {
            return number == 0
                ? []
                : site.editions.languages.map { language in
                    File(
                        path: language.rawValue + "/" + Self.workerName, language: language,
                        template: Self.retiredWorkerTemplate, context: ["lang": .text(language.rawValue)])
                }
        }
        return number == 0
            ? manifests() + (lists(stored: stored) ?? [])
            : workers(stored: stored)
    }

    /// Every edition's manifest, with the addresses of its icons from the edition's folder.
    func manifests() -> [File] {
        let icon = { (source: String) -> Value in
            site.assets.address(of: source, from: "../").map { .text($0) } ?? .null
        }
        let icons: Value = [
            "any_192": icon("icons/icon-192.png"), "any_512": icon("icons/icon-512.png"),
            "maskable_512": icon("icons/icon-maskable-512.png"), "svg": icon("favicon.svg"),
        ]
        return site.editions.all.map { edition in
            let (language, l) = (edition.language, edition.localization)
            return File(
                path: language.rawValue + "/" + Self.manifestName, language: language, template: Self.manifestName,
                context: [
                    "lang": .text(language.rawValue), "t": site.frame.edition(language).labels,
                    "name": .text(l["site_title"]), "description": .text(l["catalogue_description"]),
                    "icons": icons,
                ])
        }
    }

    /// Every edition's list, from the sizes of the pages the output now holds; nil when one is not there.
    func lists(stored: Stored) -> [File]? {
        var files: [File] = []
        for language in site.editions.languages {
            guard let list = list(language, stored: stored) else { return nil }
            files.append(list)
        }
        return files
    }

    /// Every edition's worker, from the digests of the files the output now holds; nil when a file the worker
    /// keeps is not there.
    func workers(stored: Stored) -> [File]? {
        var files: [File] = []
        for language in site.editions.languages {
            guard let worker = worker(language, stored: stored) else { return nil }
            files.append(worker)
        }
        return files
    }

    /// The edition's shell: the pages a reader needs offline from the first visit (the catalogue with its data and
    /// its search's texts, the Garage, compare, the offline page, the manifest) and every asset but the storage frame of pages opened
    /// from disk, where no worker runs. Paths in the site, with their addresses from the worker's folder (folder
    /// form for pages, as readers and links name them).
    func shell(_ language: Language) -> [(path: String, url: String)] {
        let plan = site.plan
        let root = plan.route(CataloguePage.Kind(), language)
        var shell: [(path: String, url: String)] = [
            plan.route(CataloguePage.Kind(), language), plan.route(GaragePage.Kind(), language),
            plan.route(ComparePage.Kind(), language),
            plan.route(OfflinePage.Kind(), language),
        ].map { route in (route.filePath, String(route.urlPath.dropFirst(root.urlPath.count))) }
        shell[0].url = "./"
        shell.append((language.rawValue + "/" + Self.manifestName, Self.manifestName))
        for path in BrowserData.cataloguePaths(plan) { shell.append((language.rawValue + "/" + path, path)) }
        // the texts the catalogue's search looks in (loaded on a first search, so also offline)
        let texts = "data/" + SearchTexts.fileName
        shell.append((language.rawValue + "/" + texts, texts))
        for asset in site.assets.files where !asset.source.hasPrefix("storage.") {
            shell.append(("assets/" + asset.published, "../assets/" + asset.published))
        }
        return shell
    }

    private func worker(_ language: Language, stored: Stored) -> File? {
        var precache: [Value] = []
        var version = StableHasher()
        version.combine(site.library.digest(of: Self.workerName) ?? .zero)
        for (path, url) in shell(language) {
            guard let file = stored(path) else { return nil }
            precache.append(["url": .text(url), "digest": .text(file.digest.description)])
            version.combine(url)
            version.combine(file.digest)
        }
        let plan = site.plan
        let root = plan.route(CataloguePage.Kind(), language).urlPath
        return File(
            path: language.rawValue + "/" + Self.workerName, language: language, template: Self.workerName,
            context: [
                "lang": .text(language.rawValue),
                "version": .text(String(version.finalize().description.prefix(16))),
                "precache": .list(precache),
                "offline": .text(String(plan.route(OfflinePage.Kind(), language).urlPath.dropFirst(root.count))),
                "garage": .text(String(plan.route(GaragePage.Kind(), language).urlPath.dropFirst(root.count))),
            ])
    }

    /// What "keep the whole catalogue offline" downloads: every motorcycle page and every spec chunk (compare),
    /// with their sizes; and, as a separate choice, the first photo of each motorcycle at the size its page
    /// shows on a phone, when the photo sidecar sizes it (a reckoned size: the files are Flickr's).
    private func list(_ language: Language, stored: Stored) -> File? {
        let plan = site.plan
        let root = plan.route(CataloguePage.Kind(), language).urlPath
        var pages: [Value] = []
        var bytes = 0
        let motorcycles = plan.edition(language).newestFirst
        var paths = motorcycles.map { ($0.route.filePath, String($0.route.urlPath.dropFirst(root.count))) }
        for (number, _) in BrowserData.specChunks(plan) {
            let name = "data/" + BrowserData.specFileName(number)
            paths.append((language.rawValue + "/" + name, name))
        }
        for (path, url) in paths {
            guard let file = stored(path) else { return nil }
            pages.append(["url": .text(url), "bytes": .number(Double(file.size))])
            bytes += file.size
        }
        var photos: [Value] = []
        var photoBytes = 0
        for motorcycle in motorcycles {
            guard let first = motorcycle.bike.images.first, let sized = plan.photos.sized(first)
            else { continue }
            let file = sized.fallback(atLeast: 640)
            let reckoned = Int(Double(file.width * file.height) * Self.photoBytesPerPixel)
            photos.append(["url": .text(file.url), "bytes": .number(Double(reckoned))])
            photoBytes += reckoned
        }
        return File(
            path: language.rawValue + "/" + Self.listName, language: language, template: Self.listName,
            context: [
                "motorcycles": .number(Double(motorcycles.count)),
                "pages": .list(pages), "bytes": .number(Double(bytes)),
                "photos": .list(photos), "photo_bytes": .number(Double(photoBytes)),
            ])
    }
}

/// The offline files as products, in two generators that run one after the other (`OfflineFiles.stage`): the
/// second names what the first stored by its digest. Each file is keyed by its model, like the sitemap.
struct OfflineStage: Generator {
    let number: Int

    func products(in build: BuildScope) -> [Product] {
        let site = build.site
        let files = OfflineFiles(site: site).stage(number) { build.stored($0) } ?? []
        return files.map { file in
            let known = file.context["t"] == nil ? [:] : ["t": site.frame.edition(file.language).labelsDigest]
            let context = file.context
            return site.drawnProduct(file.path, template: file.template, keys: build.keys, known: known) { context }
        }
    }
}
