/// How the site is published, as the user's options say (`BuildOptions`): what every page's links and head
/// depend on besides the catalogue.
struct Publishing: Sendable {
    /// Absolute URL the site is published at, with a trailing slash; `nil` makes canonical links relative.
    var baseURL: String?
    /// Overrides the base URL's path for the 404 page's links (see `BuildOptions.servedFromPath`).
    var servedFromPath: String? = nil
    /// Pages link their edition's manifest and offline worker (`BuildOptions.offline`).
    var offline = true
}
