import Testing

@testable import PhotoSidecar

/// What a page may load of a photo the sidecar does not size: only what its URL proves small.
@Suite struct UnsizedPhotoTests {
    @Test func aFlickrSizeUpTo1024PixelsIsSmall() {
        #expect(
            UnsizedPhoto("https://live.staticflickr.com/65535/49116552971_2f280ebe0d_b.jpg")
                == .small(src: "https://live.staticflickr.com/65535/49116552971_2f280ebe0d_b.jpg", edge: 1024))
        #expect(
            UnsizedPhoto("https://live.staticflickr.com/759/32119532132_50c3f7933f.jpg")
                == .small(src: "https://live.staticflickr.com/759/32119532132_50c3f7933f.jpg", edge: 500))
    }

    /// The real dataset's originals (legacy hosts included), Flickr's large sizes with secrets of their own, and
    /// any other host: unknown weight, shown on request.
    @Test(arguments: [
        "https://c2.staticflickr.com/4/3954/33398348576_f91d2614a3_o.jpg",
        "https://farm8.staticflickr.com/7840/47309062591_35024a6803_o.jpg",
        "https://live.staticflickr.com/65535/49116552971_2f280ebe0d_h.jpg",
        "https://live.staticflickr.com/65535/49116552971_2f280ebe0d_k.jpg",
        "https://example.org/photos/falcone.jpg",
        "https://upload.wikimedia.org/wikipedia/commons/4/4e/Drawing.svg",
        "https://upload.wikimedia.org/wikipedia/commons/thumb/4/4e/A.jpg/960px-A.jpg",
        "https://upload.wikimedia.org/wikipedia/commons/4/5e/A.jpg",
        "https://upload.wikimedia.org/wikipedia/en/4/4e/A.jpg",
    ])
    func anythingElseIsAnOriginal(url: String) {
        #expect(UnsizedPhoto(url) == .original, "\(url)")
    }

    @Test func aWikimediaCommonsFileHasThumbnailsAtStandardWidths() {
        let base = "https://upload.wikimedia.org/wikipedia/commons/thumb/4/4e/Moto_Guzzi_850_Le_Mans_1976.jpg/"
        #expect(
            UnsizedPhoto("https://upload.wikimedia.org/wikipedia/commons/4/4e/Moto_Guzzi_850_Le_Mans_1976.jpg")
                == .thumbnails(
                    src: base + "960px-Moto_Guzzi_850_Le_Mans_1976.jpg",
                    srcset: [330, 500, 960, 1280].map { base + "\($0)px-Moto_Guzzi_850_Le_Mans_1976.jpg \($0)w" }
                        .joined(separator: ", ")))
    }
}
