/// The interface strings the scripts (`Resources/assets/js/`) read from the `#ui-strings` element of every page,
/// as the JSON members that are the same on every page of an edition.
///
/// Why in Swift and made once: printed with a `json` filter each, they were 35 lookups and escapes on every
/// page, the same result each time. The members that depend on the page (its language, locale and links)
/// stay in `partials/scripts.html`.
enum ScriptStrings {
    /// The unit names the unit switch shows, by the metric unit it converts from.
    static let units: [(unit: String, label: String)] = [
        ("mm", "unit_in"), ("cc", "unit_cuin"), ("kg", "unit_lb"), ("kmh", "unit_mph"), ("l", "unit_gal"),
        ("l100km", "unit_mpg"),
    ]

    /// Labels the script needs, printed under their own key.
    static let labels = [
        "results_one", "results_other", "garage_save_name", "compare_pick", "compare_pick_name", "compare_link",
        "compare_hint", "compare_full", "sort_asc", "sort_desc", "sort_reverse", "sort_remove", "garage_up",
        "garage_down", "garage_remove", "garage_action_name", "garage_moved", "garage_removed", "garage_copied",
        "garage_shared_notice", "garage_imported", "compare_differs", "compare_remove", "compare_empty",
        "load_error", "show_more",
    ]

    /// Every label the members need; `Localization.load` fails when one is missing.
    static var requiredLabels: [String] { units.map(\.label) + labels }

    /// `"units": {…}, "results_one": "…", …`: JSON object members, safe inside a `<script>` element.
    static func members(_ localization: Localization) -> String {
        let units = units.map { JSONWriter.string($0.unit) + ": " + JSONWriter.string(localization[$0.label]) }
        let strings = labels.map { JSONWriter.string($0) + ": " + JSONWriter.string(localization[$0]) }
        return (["\"units\": {" + units.joined(separator: ", ") + "}"] + strings).joined(separator: ", ")
    }
}
