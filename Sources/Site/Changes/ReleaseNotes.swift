import Catalogue
import History
import Templating

/// The releases of the catalogue's history in one edition, as the What's new page, the edition's Atom feed and a
/// motorcycle's page show them: dates in the edition's words, figures as the spec sheet writes them, texts in the
/// edition's language only, motorcycles linked.
struct ReleaseNotes {
    let edition: Edition
    let plan: SitePlan
    let history: SiteHistory

    /// The releases this edition shows (`SiteHistory.shows`), newest first, as positions in `history.releases`.
    var shown: [Int] {
        history.releases.indices.filter { history.shows(history.releases[$0], in: edition.language) }
    }

    /// "March 7, 2019" / "7 marzo 2019": the day the release was committed, in its own time zone.
    func date(_ release: Release) -> String {
        let parts = release.date.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]) else { return String(release.date.prefix(10)) }
        let l = edition.localization
        return l.format(
            "date_long", ["day": String(parts[2]), "month": l["month_\(parts[1])"], "year": String(parts[0])])
    }

    /// Its anchor on the What's new page, from its identity, so a link to it never moves.
    static func anchor(_ release: Release) -> String { "release-" + release.digest.prefix(12) }

    /// "3 motorcycles added · 2 figures corrected": what a release did in this edition, in a line.
    func summary(_ release: Release) -> String {
        let language = edition.language.rawValue
        var parts: [String] = []
        if release.isFirst {
            parts.append(
                edition.localization.format("release_first", ["count": count("motorcycles", release.motorcycles)]))
        }
        let figures = release.figures.filter { history.indexByID[$0.id] != nil }.count
        let texts = release.texts.filter { history.indexByID[$0.id] != nil && $0.languages.contains(language) }.count
        let photos = release.photos.filter { history.indexByID[$0.id] != nil }.reduce(0) { $0 + $1.added.count }
        for (key, number) in [
            ("release_added", release.added.count), ("release_removed", release.removed.count),
            ("release_figures", figures), ("release_texts", texts), ("release_photos", photos),
        ] where number > 0 {
            parts.append(count(key, number))
        }
        return parts.joined(separator: " · ")
    }

    private func count(_ key: String, _ number: Int) -> String { edition.plural(key, count: number) }

    /// A release's model (`partials/release.html`); `link` writes an address from where the notes are shown (a
    /// relative link on the page, an absolute one in the feed).
    func value(_ release: Release, link: (Route) -> String) -> Value {
        let language = edition.language
        let l = edition.localization
        let view = plan.edition(language)
        func bike(_ id: Int) -> (motorcycle: EditionMotorcycle, name: String, href: String)? {
            guard let motorcycle = view.motorcycle(id: id) else { return nil }
            return (motorcycle, motorcycle.bike.general.name, link(motorcycle.route))
        }
        let added: [Value] = release.added.compactMap { id in
            guard let found = bike(id) else { return nil }
            return [
                "name": .text(found.name), "href": .text(found.href),
                "years": .text(found.motorcycle.texts.years),
            ]
        }
        let figures: [Value] = release.figures.compactMap { change in
            guard let found = bike(change.id) else { return nil }
            let (field, label) = ChangedField.label(of: change.path, in: edition)
            return [
                "name": .text(found.name), "href": .text(found.href), "field": .text(label),
                "before": .text(field.text(change.before, in: edition)),
                "after": .text(field.text(change.after, in: edition)),
            ]
        }
        let texts: [Value] = release.texts.compactMap { change in
            guard change.languages.contains(language.rawValue), let found = bike(change.id) else { return nil }
            return [
                "name": .text(found.name), "href": .text(found.href),
                "field": .text(ChangedField.label(of: change.field, in: edition).label),
            ]
        }
        let photos: [Value] = release.photos.compactMap { change in
            guard !change.added.isEmpty, let found = bike(change.id) else { return nil }
            return [
                "name": .text(found.name), "count": .text(count("images", change.added.count)),
                // a motorcycle without photos now has no gallery: its page then
                "href": .text(
                    found.motorcycle.bike.images.isEmpty
                        ? found.href : link(plan.route(GalleryPage.Kind(id: change.id), language))),
            ]
        }
        return [
            "id": .text(Self.anchor(release)),
            "date": .text(date(release)),
            "iso": .text(String(release.date.prefix(10))),
            "summary": .text(summary(release)),
            "version": release.version.map { .text(l.format("release_version", ["version": String($0)])) } ?? .null,
            "added": .list(added),
            "removed": release.removed.isEmpty ? .null : .text(count("release_removed", release.removed.count)),
            "figures": .list(figures),
            "texts": .list(texts),
            "photos": .list(photos),
        ]
    }

    /// A motorcycle's own history (`pages/motorcycle.html`'s `bike.history`): when it entered the catalogue and
    /// each later change, newest first, each linking its release on the What's new page; nil when the history
    /// does not know the motorcycle.
    func bikeHistory(_ motorcycle: EditionMotorcycle, link: (Route) -> String) -> Value {
        guard let entered = history.entered[motorcycle.position] else { return .null }
        let l = edition.localization
        let page = link(plan.route(WhatsNewPage.Kind(), edition.language))
        func at(_ release: Release) -> Value { .text(page + "#" + Self.anchor(release)) }
        var changes: [Value] = []
        for change in history.changes[motorcycle.position].reversed() {
            let release = history.releases[change.release]
            let text: String
            switch change.what {
            case .figure(let figure):
                let (field, label) = ChangedField.label(of: figure.path, in: edition)
                text = l.format(
                    "history_figure",
                    [
                        "field": label, "before": field.text(figure.before, in: edition),
                        "after": field.text(figure.after, in: edition),
                    ])
            case .text(let change):
                guard change.languages.contains(edition.language.rawValue) else { continue }
                text = l.format("history_text", ["field": ChangedField.label(of: change.field, in: edition).label])
            case .photos(let photos):
                text = count("release_photos", photos.added.count)
            }
            changes.append([
                "date": .text(date(release)), "iso": .text(String(release.date.prefix(10))), "text": .text(text),
                "href": at(release),
            ])
        }
        let release = history.releases[entered]
        return [
            "entered": .text(l.format(release.isFirst ? "history_since" : "history_added", ["date": date(release)])),
            "entered_href": at(release),
            "changes": .list(changes),
        ]
    }
}
