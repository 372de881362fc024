extension Release {
    /// What changed from `previous` to `current`, in id order, then by path: the same every run.
    mutating func record(from previous: DatasetSnapshot, to current: DatasetSnapshot) {
        let before = Set(previous.elements.keys)
        let after = Set(current.elements.keys)
        added = after.subtracting(before).sorted()
        removed = before.subtracting(after).sorted()
        for id in after.intersection(before).sorted() {
            guard let old = previous.elements[id], let new = current.elements[id], old != new else { continue }
            for path in Set(old.figures.keys).union(new.figures.keys).sorted()
            where old.figures[path] != new.figures[path] {
                figures.append(FigureChange(id: id, path: path, before: old.figures[path], after: new.figures[path]))
            }
            for field in Set(old.texts.keys).union(new.texts.keys).sorted() {
                let was = old.texts[field] ?? [:]
                let now = new.texts[field] ?? [:]
                let languages = Set(was.keys).union(now.keys).filter { was[$0] != now[$0] }.sorted()
                if !languages.isEmpty { texts.append(TextChange(id: id, field: field, languages: languages)) }
            }
            let gone = old.images.filter { !new.images.contains($0) }
            let came = new.images.filter { !old.images.contains($0) }
            if !gone.isEmpty || !came.isEmpty { photos.append(PhotoChange(id: id, added: came, removed: gone)) }
        }
    }
}
