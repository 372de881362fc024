/// What to build from and where to: the inputs of `guzzi-site build`, with its defaults.
public struct BuildOptions: Sendable {
    public var dataPath: String
    public var outputPath: String
    public var templatesPath: String
    /// Holds `i18n/` (labels, plurals, units) and `assets/` (stylesheet, script, icons).
    public var resourcesPath: String
    /// Absolute URL the site is published at, with a trailing slash; `nil` makes canonical links relative.
    public var baseURL: String?
    /// Warnings in the dataset fail the build (`--strict`), for whoever wants a dataset's CI to be strict.
    public var strict = false
    /// Write the whole site into a new folder and swap it in, instead of updating the output in place: what the
    /// first build does anyway. `build --clean`.
    public var clean = false
    /// Each edition is installable and readable offline: its web app manifest, offline worker and offline list
    /// (`OfflineFiles`). Off (`build --no-offline`), pages link neither and each edition's `sw.js` is a worker that
    /// removes an earlier one and its caches from readers' browsers, so a site can stop being offline cleanly.
    public var offline = true
    /// The URL path the site is served from, for the links of the 404 page (served at any address, so its links
    /// cannot be relative). Defaults to the base URL's path, or `/`; `serve` sets `/`, where it serves the site.
    public var servedFromPath: String?

    public init(
        dataPath: String = "Resources/sample/info_moto.json", outputPath: String = "output",
        templatesPath: String = "Templates", resourcesPath: String = "Resources", baseURL: String? = nil
    ) {
        self.dataPath = dataPath
        self.outputPath = outputPath
        self.templatesPath = templatesPath
        self.resourcesPath = resourcesPath
        self.baseURL = baseURL
    }

    /// The defaults inside `folder` (a project folder found by `ProjectFolder`): its sample data, templates,
    /// resources and `output/`.
    public init(projectFolder folder: String) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        self.init(
            dataPath: prefix + "Resources/sample/info_moto.json", outputPath: prefix + "output",
            templatesPath: prefix + "Templates", resourcesPath: prefix + "Resources")
    }

    /// `https://example.org/guzzi` → `https://example.org/guzzi/`; `nil` when it is not an absolute http(s) URL.
    public static func normalizedBaseURL(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
            !text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "'" }),
            text.split(separator: "/", omittingEmptySubsequences: false).count >= 3,
            !text.split(separator: "/", omittingEmptySubsequences: false)[2].isEmpty
        else { return nil }
        return text.hasSuffix("/") ? text : text + "/"
    }
}
