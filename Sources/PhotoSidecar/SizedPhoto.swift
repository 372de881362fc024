/// The image files a browser may choose from for one photo, smallest first: what `srcset` lists.
public struct SizedPhoto: Sendable, Equatable {
    public struct Candidate: Sendable, Equatable {
        public var url: String
        public var width: Int
        public var height: Int

        public init(url: String, width: Int, height: Int) {
            self.url = url
            self.width = width
            self.height = height
        }

        public var longestEdge: Int { max(width, height) }
    }

    /// Never empty, ascending by size.
    public var candidates: [Candidate]

    public init(candidates: [Candidate]) {
        precondition(!candidates.isEmpty, "a sized photo has at least one file")
        self.candidates = candidates
    }

    /// `url 320w, url 640w, …`: the `srcset` attribute's value, widths in pixels.
    public var srcset: String {
        candidates.map { "\($0.url) \($0.width)w" }.joined(separator: ", ")
    }

    public var largest: Candidate { candidates[candidates.count - 1] }

    /// The smallest file whose longest edge is at least `edge`, else the largest there is: the plain `src`
    /// (browsers without `srcset`) and the one whose `width`/`height` go on the `<img>`.
    public func fallback(atLeast edge: Int) -> Candidate {
        candidates.first { $0.longestEdge >= edge } ?? largest
    }

    /// The same photo with only the files up to `edge` (at least the smallest): for thumbnails, where a
    /// browser must not pick a 1024-px file for a 6-rem box on a high-density screen.
    public func limited(to edge: Int) -> SizedPhoto {
        let kept = candidates.filter { $0.longestEdge <= edge }
        return SizedPhoto(candidates: kept.isEmpty ? [candidates[0]] : kept)
    }
}
