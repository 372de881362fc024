/// Every label and plural the Swift code reads, gathered from where it reads them. `Localization.load` finds each
/// in every edition's tables, so a label missing from a table fails the build before any page is drawn, naming the
/// table; a debug build stops on a read of a label not listed here, so the tests keep the list whole. (The labels
/// the templates print are found in the templates themselves: `SiteBuilder.checkLabels`.)
extension Localization {
    /// The labels read by their names in Swift code.
    static let namedLabels = [
        "back_to_bike", "bike_description", "bike_title", "browse_description", "browse_title",
        "catalogue_description", "catalogue_page_title", "catalogue_range", "catalogue_title",
        "chart_displacement_axis", "chart_displacement_description", "chart_displacement_title",
        "chart_no_data", "chart_power_axis", "chart_power_description", "chart_power_title", "chart_year",
        "charts_description", "charts_title", "choose_language", "compare_description", "compare_link",
        "compare_pick_name", "compare_title", "compression_ratio", "date_long", "decade_label",
        "facet_chart_description", "facet_chart_title", "facet_overview_description",
        "facet_value_description", "facet_value_title", "feed_title", "first_photo_alt", "footer_data",
        "gallery_description", "gallery_title", "garage_description", "garage_title", "history_added",
        "history_figure", "history_since", "history_text", "home_description", "home_title",
        "in_production", "nav_browse", "nav_catalogue", "nav_charts", "nav_garage", "not_found_back",
        "not_found_text", "not_found_title", "not_stated", "offline_description", "offline_title",
        "photo_alt", "power_at", "read_in_language", "release_first", "release_version", "show_more",
        "site_tagline", "site_title", "slug_browse", "slug_charts", "slug_compare", "slug_gallery",
        "slug_page", "slug_whats_new", "whats_new_description", "whats_new_title", "year_open", "year_range",
    ]

    /// The plurals the Swift code reads; a table needs a form of each for every category its rules name.
    static let swiftPlurals = [
        "images", "motorcycles", "release_added", "release_figures", "release_photos", "release_removed",
        "release_texts", "results",
    ]

    /// Every label the Swift code reads: `namedLabels` and those of the tables that drive a page (the facets, the
    /// spec sheet, the catalogue's filters and orderings, the fields a release changes).
    static let swiftLabels: Set<String> = Set(
        namedLabels + FacetBuilder.valueLabels + FacetBuilder.ids.flatMap { [Facet.labelKey($0), Facet.slugKey($0)] }
            + SpecSheet.layout.flatMap { [$0.titleKey] + $0.fields.map(\.key) }
            + CatalogueControls.ranges.flatMap(\.legend)
            + (CatalogueControls.orderings + [CatalogueControls.addedOrdering]).map(\.label)
            + ChangedField.table.values.compactMap(\.labelKey) + (1...12).map { "month_\($0)" })
}
