import Testing

@testable import PhotoSidecar

/// Flickr's sizes are longest-edge sizes (misc.urls.html, "Longest edge (px)"): the other edge follows the
/// answer's aspect ratio, rounded as Flickr's own sizes are (1024 × 683 gives 640 × 427).
@Suite struct SizesTests {
    static func photo(width: Int, height: Int, size: FlickrSize = .large1024) -> FoundPhoto {
        FoundPhoto(
            server: "65535", secret: "0123456789", size: size, width: width, height: height, author: "A",
            authorURL: "https://www.flickr.com/photos/a/", pageURL: "https://www.flickr.com/photos/a/1/")
    }

    static func dimensions(_ sized: SizedPhoto) -> [String] {
        sized.candidates.map { "\($0.url.split(separator: "_").last!) \($0.width)x\($0.height)" }
    }

    @Test func landscapeAtLarge() {
        let sized = Self.photo(width: 1024, height: 683).sized(id: 7)
        #expect(Self.dimensions(sized) == ["n.jpg 320x213", "z.jpg 640x427", "c.jpg 800x534", "b.jpg 1024x683"])
        #expect(
            sized.srcset
                == "https://live.staticflickr.com/65535/7_0123456789_n.jpg 320w, "
                + "https://live.staticflickr.com/65535/7_0123456789_z.jpg 640w, "
                + "https://live.staticflickr.com/65535/7_0123456789_c.jpg 800w, "
                + "https://live.staticflickr.com/65535/7_0123456789_b.jpg 1024w")
    }

    @Test func portraitIs1024Tall() {
        let sized = Self.photo(width: 683, height: 1024).sized(id: 7)
        #expect(Self.dimensions(sized) == ["n.jpg 213x320", "z.jpg 427x640", "c.jpg 534x800", "b.jpg 683x1024"])
        #expect(sized.srcset.hasSuffix("_b.jpg 683w"))
    }

    @Test func aSmallerAnswerOffersOnlyTheSizesUpToIt() {
        let medium = Self.photo(width: 800, height: 533, size: .medium800).sized(id: 7)
        #expect(Self.dimensions(medium) == ["n.jpg 320x213", "z.jpg 640x426", "c.jpg 800x533"])
        let small = Self.photo(width: 500, height: 375, size: .medium500).sized(id: 7)
        #expect(small.candidates.map(\.url).last == "https://live.staticflickr.com/65535/7_0123456789.jpg")
        #expect(small.candidates.map(\.width) == [320, 500])
    }

    @Test func fallbackAndThumbnailLimits() {
        let sized = Self.photo(width: 1024, height: 683).sized(id: 7)
        #expect(sized.fallback(atLeast: 640).url.hasSuffix("_z.jpg"))
        #expect(sized.fallback(atLeast: 2000).url.hasSuffix("_b.jpg"))
        #expect(sized.fallback(atLeast: 0).url.hasSuffix("_n.jpg"))
        #expect(sized.limited(to: 640).candidates.map(\.width) == [320, 640])
        #expect(sized.limited(to: 100).candidates.map(\.width) == [320])
    }

    @Test func thumbnailIsTheFirstFoundPhotoOfABike() {
        let sidecar = PhotoSidecar(records: [
            11: .gone(reason: "not found", checked: "2026-01-01"),
            12: .found(Self.photo(width: 683, height: 1024)),
        ])
        let images = [
            "https://upload.wikimedia.org/a.jpg", "https://c1.staticflickr.com/3/1/11_ab_o.jpg",
            "https://c1.staticflickr.com/3/1/12_cd_o.jpg", "https://c1.staticflickr.com/3/1/13_ef_o.jpg",
        ]
        let thumbnail = sidecar.thumbnail(forImages: images)
        #expect(thumbnail?.image == images[2])
        #expect(thumbnail?.src == "https://live.staticflickr.com/65535/12_0123456789_n.jpg")
        #expect(thumbnail?.width == 213 && thumbnail?.height == 320)
        #expect(thumbnail?.srcset.hasSuffix("_z.jpg 427w") == true)
        #expect(sidecar.thumbnail(forImages: [images[0], images[1], images[3]]) == nil)
        #expect(sidecar.thumbnail(forImages: []) == nil)
    }
}
