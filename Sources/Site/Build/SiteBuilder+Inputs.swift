import Foundation
import Templating

extension SiteBuilder {
    struct Inputs {
        let editions: Editions
        let library: TemplateLibrary
    }

    static func loadInputs(_ options: BuildOptions) throws(SiteError)
        -> Inputs
    {
        for (role, path) in [("templates", options.templatesPath), ("resources", options.resourcesPath)] {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || !isDirectory.boolValue {
                throw .missingFolder(role: role, path: path)
            }
        }
        let editions = try Editions.load(directory: options.resourcesPath + "/i18n")
        let templates: TemplateLibrary
        do {
            templates = try TemplateLibrary(directory: options.templatesPath)
        } catch {
            throw .template(error)
        }
        try checkLabels(editions, templates: templates, folder: options.resourcesPath + "/i18n")
        return Inputs(editions: editions, library: templates)
    }

    /// Every label a template prints (`t.<label>`) is in every edition's tables: a missing one fails the build
    /// naming the edition's table, the label and where it is printed, before anything is rendered.
    static func checkLabels(_ editions: Editions, templates: TemplateLibrary, folder: String) throws(SiteError) {
        for name in templates.templateNames {
            for use in templates.variables(of: name, under: "t") ?? [] where use.path.count >= 2 {
                for edition in editions.all where edition.localization.labels[use.path[1]] == nil {
                    throw .localization(
                        path: folder + "/" + edition.language.rawValue + ".json",
                        message:
                            "missing label \"\(use.path[1])\" (in this file or a \(edition.language.rawValue).<part>.json "
                            + "beside it), which \(use.location) prints")
                }
            }
        }
    }
}
