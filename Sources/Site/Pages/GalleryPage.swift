import Catalogue
import PhotoSidecar
import Templating

/// A motorcycle's photos, each with a descriptive alt text, linking to its Flickr page through the short link
/// and to the image file itself. A photo hosted elsewhere still shows, linking to itself. With the photo sidecar
/// each tile is a sized image (`srcset`, `width`, `height`) credited to its author; those of the first screen
/// load at once and the rest lazily. The link and the full-screen viewer keep the original file.
struct GalleryPage {
    let edition: Edition
    let plan: SitePlan
    let motorcycle: EditionMotorcycle
    /// The photos a phone shows in its first screen (two rows of two), loaded at once: lazy, they waited for the
    /// page's first layout, and the largest of them, the page's largest paint, came 0.8 s after the first.
    static let firstScreen = 4

    func context(for page: Page, frame: PageFrame) -> [String: Value] {
        let l = edition.localization
        let bike = motorcycle.bike
        let years = motorcycle.texts.years
        let count = bike.images.count
        let title = l.format("gallery_title", ["name": bike.general.name, "years": years])
        let description = l.format(
            "gallery_description",
            ["name": bike.general.name, "years": years, "count": edition.plural("images", count: count)])
        var context = frame.context(for: page, title: title + " · " + l["site_title"], description: description)
        let values = PhotoValues(photos: plan.photos, language: edition.language)
        let photos: [Value] = bike.images.enumerated().map { offset, url in
            [
                "src": .text(url),
                "n": .number(Double(offset + 1)),
                "id": .text("photo-" + String(offset + 1)),
                "alt": .text(
                    l.format(
                        "photo_alt",
                        [
                            "name": bike.general.name, "years": years, "n": String(offset + 1),
                            "count": String(count),
                        ])),
                "flickr": FlickrURL.shortLink(url).map { .text($0) } ?? .null,
                "img": values.image(url),
                "credit": values.credit(url),
                "lazy": .bool(offset >= Self.firstScreen),
            ]
        }
        context["gallery"] = [
            "title": .text(title),
            "count_text": .text(edition.plural("images", count: count)),
            "photos": .list(photos),
            "bike_href": .text(page.route.link(to: motorcycle.route)),
            "back": .text(l.format("back_to_bike", ["name": bike.general.name])),
        ]
        return context
    }
}

extension GalleryPage {
    /// The photos of the motorcycle with this id, in a folder of its page: planned for the motorcycles with photos.
    struct Kind: PageKind {
        let id: Int
        static let template = "pages/gallery.html"

        func route(_ language: Language, in plan: SitePlan) -> Route {
            Route(plan.edition(language).motorcycle(planned: id).route.folders + [plan.slug("slug_gallery", language)])
        }

        func model(for page: Page, in site: Site) -> [String: Value] {
            let edition = site.edition(of: page)
            return GalleryPage(
                edition: edition, plan: site.plan,
                motorcycle: site.plan.edition(edition.language).motorcycle(planned: id)
            )
            .context(for: page, frame: site.frame)
        }
    }
}
