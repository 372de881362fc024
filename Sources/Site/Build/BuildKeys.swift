import Catalogue
import Files
import Foundation
import OperatingSystem
import Templating

/// The digests a build keys its output by, so that a rebuild renders only what can have changed.
///
/// A file's key covers everything its bytes are made from: for a page, its page model (the digest of the
/// template context, or for a motorcycle's page and gallery `MotorcyclePageKey`'s stand-in for it), the template
/// and all it includes or extends, the locale; for the files a template draws from a model of their own (sitemap,
/// robots.txt, the offline files), that model and the template; for the JSON indexes and the browser's data,
/// everything the page models are made from (`models`); for an asset, its bytes. Every key also
/// covers the generator itself, so a new binary renders everything again. `global` covers all inputs at once:
/// when it is the one the output's manifest recorded, nothing can have changed.
///
/// Every input of a build must reach `global` through one of these: a new option, or a new kind of file read
/// from outside `Resources/`, must be added here, or a rebuild would not see it change.
struct BuildKeys: Sendable {
    let generator: Digest
    /// Everything a page model depends on besides the dataset: the generator, every file of `Resources/` but
    /// the assets (the localisation tables and anything else a page model may read there), the URL settings.
    let setting: Digest
    /// `setting`, the dataset and its history: everything the site plan and the page models are made from. Also the key of
    /// `serve`'s `BuildCache`.
    let models: Digest
    /// `models`, every template and every asset.
    let global: Digest

    /// `photos` is the dataset's photo sidecar (`PhotoFiles`), empty when there is none: part of `setting`,
    /// since a motorcycle's pages show its photos' sizes and credits. `history` is the history sidecar as its
    /// writer encodes it, empty when there is none: part of `models`, since it is read with the dataset.
    init(
        options: BuildOptions, data: [UInt8], photos: [UInt8], history: [UInt8] = [], library: TemplateLibrary,
        assets: SiteAssets
    ) {
        generator = BuildKeys.generatorIdentity
        var setting = StableHasher()
        setting.combine(generator)
        setting.combine(BuildKeys.resourcesDigest(options.resourcesPath))
        setting.combine(options.baseURL ?? "\u{0}")
        setting.combine(options.servedFromPath ?? "\u{0}")
        setting.combine(options.strict ? "strict" : "lenient")
        setting.combine(options.offline ? "offline" : "online only")
        setting.combine(photos)
        self.setting = setting.finalize()
        var models = StableHasher()
        models.combine(self.setting)
        models.combine(Digest(of: data))
        models.combine(Digest(of: history))
        self.models = models.finalize()
        var all = StableHasher()
        all.combine(self.models)
        all.combine(library.digest)
        for asset in assets.files {
            all.combine(asset.published)
            all.combine(asset.bytes)
        }
        global = all.finalize()
    }

    /// Every file under `folder` but `assets/`, hidden ones and documents (`*.md`), by path and bytes.
    static func resourcesDigest(_ folder: String) -> Digest {
        var hasher = StableHasher()
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        for name in (FileManager.default.subpaths(atPath: resolved) ?? []).sorted()
        where !name.hasPrefix("assets/") && name != "assets" && !name.hasSuffix(".md")
            && !name.split(separator: "/").contains(where: { $0.hasPrefix(".") })
        {
            var isDirectory: ObjCBool = false
            let path = resolved + "/" + name
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            hasher.combine(name)
            hasher.combine(Array(FileManager.default.contents(atPath: path) ?? Data()))
        }
        return hasher.finalize()
    }

    /// The key of a page rendered by a template (`templateDigest`, see `TemplateLibrary.digest(of:)`) from a
    /// context with this digest, and what every page of its edition is given besides (`Site.given(for:)`: the asset
    /// names and the interface strings, kept out of the model so that `serve` keeps its page models when only an
    /// asset or a template changes).
    func page(templateDigest: Digest, locale: String, context: Digest, shared: Digest) -> Digest {
        var hasher = StableHasher()
        hasher.combine(generator)
        hasher.combine(shared)
        hasher.combine(templateDigest)
        hasher.combine(locale)
        hasher.combine(context)
        return hasher.finalize()
    }

    /// The key of a file a template renders from a model that holds everything it shows, addresses of assets
    /// included (the sitemap, robots.txt, the offline files): unlike a page's, it leaves out the names of assets
    /// it does not name, and the locale, since such a template prints no number.
    func file(templateDigest: Digest, context: Digest) -> Digest {
        var hasher = StableHasher()
        hasher.combine(generator)
        hasher.combine(templateDigest)
        hasher.combine(context)
        return hasher.finalize()
    }

    /// The key of a data file made from the catalogue as a whole (`DataScripts`): the whole catalogue
    /// (`models`) and the file's path.
    func dataFile(_ path: String) -> Digest {
        var hasher = StableHasher()
        hasher.combine(models)
        hasher.combine(path)
        return hasher.finalize()
    }

    /// An asset is copied as it is: its key is its bytes.
    func asset(_ bytes: [UInt8]) -> Digest {
        var hasher = StableHasher()
        hasher.combine(generator)
        hasher.combine(bytes)
        return hasher.finalize()
    }

    /// This build of guzzi-site: the executable's size, modification time and inode, so that any other build of
    /// the code (which may render differently) counts as a change. Where the executable cannot be found, a
    /// value of this process alone, so nothing is ever taken as unchanged.
    static let generatorIdentity: Digest = {
        var hasher = StableHasher()
        hasher.combine("guzzi-site")
        var status = stat()
        if let executable = RunningExecutable.path, stat(executable, &status) == 0 {
            hasher.combine(UInt64(status.st_size))
            hasher.combine(UInt64(status.st_ino))
            hasher.combine(UInt64(bitPattern: Int64(status.modificationTime.tv_sec)))
            hasher.combine(UInt64(status.modificationTime.tv_nsec))
        } else {
            hasher.combine(UInt64(getpid()))
            hasher.combine(DispatchTime.now().uptimeNanoseconds)
        }
        return hasher.finalize()
    }()
}

extension Site {
    /// The digest of a page's model, with its `t` taken from its edition's frame (`EditionFrame.labelsDigest`).
    func digest(ofContext context: [String: Value], for page: Page) -> Digest {
        let language = page.language ?? editions.defaultLanguage
        let shared = frame.edition(language)
        assert(context["t"] == shared.labels, "a page model replaced its label table")
        return Value.digest(ofContext: context, known: ["t": shared.labelsDigest])
    }

    /// The locale a page is rendered with (numbers), part of its key.
    func locale(of page: Page) -> String {
        editions[page: page.language].localization.locale
    }
}
