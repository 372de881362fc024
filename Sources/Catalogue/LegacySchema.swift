/// Recognises a file in the Guzzi Tracker app's first dataset schema (2017), which guzzi-site does not read.
///
/// That schema had a `total_elements` count, no `texts` table and English strings inline in each element; read as
/// today's schema it gives hundreds of errors, none of which says what is wrong. One clear line says it instead.
enum LegacySchema {
    /// The one-line explanation for a file in the 2017 schema, or `nil` for anything else.
    static func problem(in root: JSONValue) -> String? {
        guard root.members != nil else { return nil }
        let hasCount = root.member("total_elements") != nil
        let isOld = root.member("texts") == nil && root.member("version") == nil && root.member("elements") != nil
        guard hasCount || isOld else { return nil }
        return "this file is in the Guzzi Tracker app's first dataset schema (2017: \"total_elements\", no "
            + "\"texts\", English texts inside each element); guzzi-site reads the schema of 2018 onwards "
            + "(\"version\", \"elements\" and \"texts\" in Italian and English): get a current info_moto.json, "
            + "for example with 'guzzi-site update --data FILE'"
    }
}
