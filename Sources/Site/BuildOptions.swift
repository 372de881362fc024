/// What to build from and where to: the inputs of `guzzi-site build`, with its defaults.
public struct BuildOptions: Sendable {
    public var dataPath: String
    public var outputPath: String
    public var templatesPath: String
    /// Holds `i18n/` (labels, plurals, units) and `assets/` (stylesheet, script, icons).
    public var resourcesPath: String
    /// Absolute URL the site is published at, with a trailing slash; `nil` makes canonical links relative.
    public var baseURL: String?
    /// Delete the previous output on a background thread after the swap instead of before returning.
    /// `serve` sets it so a rebuild reaches the browser sooner; `build` waits, so nothing is left behind.
    public var removesPreviousOutputInBackground = false

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
