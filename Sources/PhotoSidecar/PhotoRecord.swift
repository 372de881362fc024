/// What the sidecar knows of one Flickr photo: what oEmbed answered, or that Flickr no longer has it.
public enum PhotoRecord: Sendable, Equatable {
    case found(FoundPhoto)
    /// Flickr answered that it has no such photo (deleted, or made private). Kept so that `guzzi-site photos`
    /// does not ask again on every run; `--retry-gone` asks again. `checked` is the day (UTC, `YYYY-MM-DD`).
    case gone(reason: String, checked: String)

    public var found: FoundPhoto? {
        if case .found(let photo) = self { return photo }
        return nil
    }
}

/// A photo as Flickr's oEmbed endpoint described it: enough to build every shared-secret size up to the one it
/// answered with, and to credit its author.
public struct FoundPhoto: Sendable, Equatable {
    /// The server folder of its image files (`65535`).
    public var server: String
    /// The secret shared by the sizes below 1600 px (not the original's).
    public var secret: String
    /// The size oEmbed answered with, the largest the site will use.
    public var size: FlickrSize
    /// Of that size, in pixels.
    public var width: Int
    public var height: Int
    /// `author_name`, `author_url` and `web_page` (the photo's page) of the answer.
    public var author: String
    public var authorURL: String
    public var pageURL: String
    /// `license`, `license_url` and `license_id` of the answer when it has them: "All Rights Reserved" comes
    /// without a URL.
    public var license: String?
    public var licenseURL: String?
    public var licenseID: Int?

    public init(
        server: String, secret: String, size: FlickrSize, width: Int, height: Int, author: String,
        authorURL: String, pageURL: String, license: String? = nil, licenseURL: String? = nil,
        licenseID: Int? = nil
    ) {
        self.server = server
        self.secret = secret
        self.size = size
        self.width = width
        self.height = height
        self.author = author
        self.authorURL = authorURL
        self.pageURL = pageURL
        self.license = license
        self.licenseURL = licenseURL
        self.licenseID = licenseID
    }

    /// Every offered size up to the answered one, smallest first, each with its URL and its pixel size.
    ///
    /// Flickr's sizes are longest-edge sizes, so a portrait photo is 1024 px *tall* at `_b`; the other edge is
    /// scaled from the answer's aspect ratio and rounded, as Flickr's own sizes are (1024 × 683 gives 640 × 427).
    public func sized(id: UInt64) -> SizedPhoto {
        let longest = max(width, height)
        var sizes = FlickrSize.offered.filter { $0 < size && $0.edge < longest }
        sizes.append(size)
        let candidates = sizes.map { size -> SizedPhoto.Candidate in
            let url = FlickrURL.imageURL(server: server, id: id, secret: secret, size: size)
            guard size != self.size else { return SizedPhoto.Candidate(url: url, width: width, height: height) }
            let scale = Double(size.edge) / Double(longest)
            return SizedPhoto.Candidate(
                url: url, width: max(1, Int((Double(width) * scale).rounded())),
                height: max(1, Int((Double(height) * scale).rounded())))
        }
        return SizedPhoto(candidates: candidates)
    }
}
