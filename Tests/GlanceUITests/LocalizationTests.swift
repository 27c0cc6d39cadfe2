import Foundation
import GlanceTesting
import Testing
@testable import GlanceUI

/// The fixture bundle's strings: an Xcode String Catalog written in Xcode's own layout (two
/// and more languages, plural and device variations, a substitution) and `.lproj` strings files.
private let fixtureFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/Localization")

private func fixtureTables() throws -> StringTables {
    var tables = StringTables()
    let catalog = fixtureFolder.appendingPathComponent("Localizable.xcstrings")
    try tables.addCatalog(Data(contentsOf: catalog), table: "Localizable", file: catalog.path)
    for language in ["de", "fr"] {
        let file = fixtureFolder.appendingPathComponent("\(language).lproj/Widgets.strings")
        try tables.addStrings(Data(contentsOf: file), table: "Widgets", language: language, file: file.path)
    }
    return tables
}

/// The characters the first text of `view` shows in `locale` with the fixture's strings.
private func shown<V: View>(_ view: V, _ locale: String, tables: StringTables? = nil) throws -> String {
    var environment = testEnvironment()
    environment.locale = Locale(identifier: locale)
    environment.stringTables = try tables ?? fixtureTables()
    let root = ViewRenderer.layout(view, size: Size(width: 400, height: 40), environment: environment, at: referenceDate, antialiased: false)
    var found: [String] = []
    func walk(_ node: LayoutNode) {
        if let text = node as? TextNode { found.append(text.plainText) }
        node.children.forEach(walk)
    }
    walk(root)
    return found.joined(separator: "|")
}

@Suite struct PluralRuleTests {
    private func categories(_ language: String, _ numbers: [Double]) -> [String] {
        numbers.map { PluralCategory.category(of: $0, fractionDigits: $0 == $0.rounded() ? 0 : 1, language: language).rawValue }
    }

    @Test func englishAndGermanHaveOneAndOther() {
        #expect(categories("en", [0, 1, 2, 1.5, 21]) == ["other", "one", "other", "other", "other"])
        #expect(categories("de-AT", [1, 101]) == ["one", "other"])
    }

    @Test func frenchCountsZeroAndOneAsSingularAndMillionsAsMany() {
        #expect(categories("fr", [0, 1, 1.5, 2, 1_000_000, 2_000_000, 1_000_001]) == ["one", "one", "one", "other", "many", "many", "other"])
    }

    @Test func polishHasFewAndMany() {
        #expect(categories("pl", [1, 2, 4, 5, 12, 14, 22, 25, 112, 1.5]) == ["one", "few", "few", "many", "many", "many", "few", "many", "many", "other"])
    }

    @Test func russianCountsByTheLastDigits() {
        #expect(categories("ru", [1, 21, 11, 2, 23, 12, 5, 111, 0, 2.5]) == ["one", "one", "many", "few", "few", "many", "many", "many", "many", "other"])
        #expect(categories("uk", [31]) == ["one"])
    }

    @Test func japaneseHasOneForm() {
        #expect(categories("ja", [0, 1, 2]) == ["other", "other", "other"])
        #expect(categories("zh-Hans", [1]) == ["other"])
    }

    @Test func czechHasFewAndManyForFractions() {
        #expect(categories("cs", [1, 3, 5, 1.5]) == ["one", "few", "other", "many"])
    }
}

@Suite struct LocalizedStringKeyTests {
    @Test func interpolationsBecomeAppleFormatSpecifiers() {
        let count = 3, small: Int32 = 2, unsigned: UInt = 4, double = 2.5, float: Float = 1.5, name = "Anna"
        #expect(LocalizedStringKey("\(count) steps").key == "%lld steps")
        #expect(LocalizedStringKey("\(small) \(unsigned)").key == "%d %llu")
        #expect(LocalizedStringKey("\(double) \(float)").key == "%lf %f")
        #expect(LocalizedStringKey("Hi \(name)").key == "Hi %@")
        #expect(LocalizedStringKey("\(double, specifier: "%.1f")°").key == "%.1f°")
        #expect(LocalizedStringKey("Ends \(referenceDate, style: .timer)").key == "Ends %@")
        // A literal alone is its own key; with values, "%" is written "%%" as Xcode extracts it.
        #expect(LocalizedStringKey("100%").key == "100%")
        #expect(LocalizedStringKey("\(count)% charged").key == "%lld%% charged")
    }

    @Test func keysWithDifferentValuesDiffer() {
        #expect(LocalizedStringKey("\(1) steps") != LocalizedStringKey("\(2) steps"))
        #expect(LocalizedStringKey("\(1) steps") == LocalizedStringKey("\(1) steps"))
    }

    @Test func localizationValueBuildsTheSameKey() {
        let count = 3
        let value: String.LocalizationValue = "\(count) steps"
        #expect(value.key == "%lld steps")
        #expect(value.description == "3 steps")
        #expect(LocalizedStringResource("\(count) steps").key == "%lld steps")
    }
}

@Suite struct StringCatalogTests {
    @Test func catalogInXcodesFormatIsRead() throws {
        let tables = try fixtureTables()
        #expect(tables.languages == ["de", "en", "fr", "ja", "pl", "ru"])
    }

    @Test func textLooksKeysUpInTheEnvironmentsLocale() throws {
        #expect(try shown(Text("Steps"), "de_DE") == "Schritte")
        #expect(try shown(Text("Steps"), "pl") == "Kroki")
        #expect(try shown(Text("Steps"), "en_US") == "Steps")
        #expect(try shown(Text("Steps"), "de", tables: .empty) == "Steps")
    }

    @Test func pluralVariationsFollowEachLanguagesRules() throws {
        func steps(_ count: Int, _ locale: String) throws -> String { try shown(Text("\(count) steps"), locale) }
        #expect(try steps(1, "de") == "1 Schritt")
        #expect(try steps(2, "de") == "2 Schritte")
        #expect(try steps(1, "en") == "1 step")
        #expect(try steps(0, "en") == "No steps yet")
        #expect(try [1, 3, 5, 22, 112].map { try steps($0, "pl") } == ["1 krok", "3 kroki", "5 kroków", "22 kroki", "112 kroków"])
        #expect(try [1, 21, 3, 11, 5].map { try steps($0, "ru") } == ["1 шаг", "21 шаг", "3 шага", "11 шагов", "5 шагов"])
        #expect(try [0, 1, 2, 1_000_000].map { try steps($0, "fr") } == ["0 pas (un)", "1 pas (un)", "2 pas", "1000000 de pas"])
        #expect(try steps(1, "ja") == "1歩")
    }

    @Test func substitutionsPickTheirOwnArgumentsForm() throws {
        let name = "Anna"
        #expect(try shown(Text("\(name) and \(1) more"), "de") == "Anna und 1 weiterer")
        #expect(try shown(Text("\(name) and \(3) more"), "de") == "Anna und 3 weitere")
        // No English entry: the key itself, with its values.
        #expect(try shown(Text("\(name) and \(3) more"), "en") == "Anna and 3 more")
    }

    @Test func deviceVariationsUseTheWatchForm() throws {
        #expect(try shown(Text("Tap to refresh"), "en") == "Press to refresh")
        #expect(try shown(Text("Tap to refresh"), "de") == "Zum Aktualisieren tippen")
    }

    @Test func missingLanguagesFallBackToTheSourceLanguage() throws {
        #expect(try shown(Text("Only in English"), "de") == "English only")
        #expect(try shown(Text("\(1) steps"), "es") == "1 step")
        #expect(try shown(Text("Glance"), "de") == "Glance")
        #expect(try shown(Text("Not in any table"), "de") == "Not in any table")
    }

    @Test func percentSignsAndDecimalSeparatorsFollowTheFormat() throws {
        #expect(try shown(Text("\(80)% charged"), "de") == "80 % geladen")
        #expect(try shown(Text("\(80)% charged"), "en") == "80% charged")
        #expect(try shown(Text("Temperature \(21.5, specifier: "%.1f")°"), "de") == "Temperatur 21,5 °C")
    }

    @Test func liveDatesStayLiveInsideTranslations() throws {
        #expect(try shown(Text("Updated \(referenceDate, style: .time)"), "de_DE") == "Stand: 10:42")
    }

    @Test func tableNameSelectsAStringsFile() throws {
        #expect(try shown(Text("Battery", tableName: "Widgets"), "de") == "Akku")
        #expect(try shown(Text("Battery", tableName: "Widgets", bundle: nil, comment: "The gauge's title"), "fr") == "Batterie")
        #expect(try shown(Text("Quote", tableName: "Widgets"), "de") == "\"Hallo\"\nWelt\tEnde")
        #expect(try shown(Text("Unicode", tableName: "Widgets"), "de") == "été")
        #expect(try shown(Text("Level \(3)", tableName: "Widgets"), "de") == "Stufe 3")
        #expect(try shown(Text("Level", tableName: "Widgets"), "fr") == "Niveau")
        // The default table is Localizable: the strings file's keys are not in it.
        #expect(try shown(Text("Battery"), "de") == "Battery")
    }

    @Test func commentIsAcceptedAndNotShown() throws {
        #expect(try shown(Text("Steps", comment: "Header of the step counter"), "de") == "Schritte")
    }

    @Test func textCaseAppliesToTheTranslation() throws {
        #expect(try shown(Text("Steps").textCase(.uppercase), "de") == "SCHRITTE")
    }

    @Test func localizedStringResourceIsLookedUpWhenDrawn() throws {
        let count = 5
        #expect(try shown(Text(LocalizedStringResource("Steps")), "de") == "Schritte")
        #expect(try shown(Text(LocalizedStringResource("\(count) steps")), "pl") == "5 kroków")
        #expect(try shown(Text(LocalizedStringResource("widget.title", defaultValue: "Steps")), "de") == "Steps")
    }

    @Test func stringLocalizedReadsTheCurrentLocalization() throws {
        let german = Localization(tables: try fixtureTables(), locale: Locale(identifier: "de_DE"))
        let count = 1
        Localization.withLocalization(german) {
            #expect(String(localized: "Steps") == "Schritte")
            #expect(String(localized: "\(count) steps") == "1 Schritt")
            #expect(String(localized: "Steps", comment: "Header") == "Schritte")
            #expect(String(localized: "Battery", table: "Widgets") == "Akku")
            #expect(String(localized: LocalizedStringResource("\(count + 1) steps")) == "2 Schritte")
            #expect(String(localized: "missing.key", defaultValue: "Fallback \(count)") == "Fallback 1")
        }
        let polish = Localization(tables: try fixtureTables(), locale: Locale(identifier: "pl_PL"))
        Localization.withLocalization(polish) {
            #expect(String(localized: "\(count + 3) steps") == "4 kroki")
        }
        #expect(String(localized: "Some key nobody translated") == "Some key nobody translated")
        // A resource given a locale of its own is looked up in it, as Apple's documentation shows.
        var french = LocalizedStringResource("\(count + 1) steps")
        french.locale = Locale(identifier: "fr_FR")
        Localization.withLocalization(german) {
            #expect(String(localized: french) == "2 pas")
        }
    }

    @Test func formatStylesAndDatesFollowTheEnvironmentsLocale() throws {
        #expect(try shown(Text(1234.5, format: .number), "de_DE") == "1.234,5")
        #expect(try shown(Text(1234.5, format: .number), "en_US") == "1,234.5")
        #expect(try shown(Text("Total \(1234.5, format: .number)"), "de_DE") == "Total 1.234,5")
        #expect(try shown(Text(referenceDate, style: .date), "de_DE") == "21. November 2026")
        #expect(try shown(Text(referenceDate, style: .date), "fr_FR") == "21 novembre 2026")
    }
}

@Suite struct LocalizedFormatTests {
    private func format(_ text: String, _ arguments: [FormatArgument], locale: String = "en") -> String {
        LocalizedFormat.plain(LocalizedFormat.render(StringEntry(pattern: .text(text)), arguments: arguments, language: locale,
                                                     locale: Locale(identifier: locale)))
    }

    @Test func numberedArgumentsCanBeReordered() {
        #expect(format("%2$@, %1$@", [.object("a"), .object("b")]) == "b, a")
        #expect(format("%2$lld/%1$lld", [.signed(3), .signed(4)]) == "4/3")
    }

    @Test func printfConversionsFormatTheirArguments() {
        #expect(format("%05.1f|%x|%u|%3d|%-4@|", [.double(3.14159), .signed(255), .unsigned(7), .signed(5), .object("ab")]) == "003.1|ff|7|  5|ab  |")
        #expect(format("%.2f", [.double(2.5)], locale: "fr") == "2,50")
    }

    /// Translations come from files: whatever a format string holds, formatting never traps.
    @Test func arbitraryFormatsNeverTrap() {
        var random = SplitMix64(seed: 34)
        let pieces = ["%", "%%", "%@", "%lld", "%1$@", "%9$d", "%#@x@", "%#@", "%.99f", "%-20s", "%c", "%q", "$", "@", "x", "é", "%arg", "%0*d", "%'d", "%hhd"]
        let entry = StringEntry(pattern: .text(""), substitutions: ["x": Substitution(argumentNumber: 3, formatSpecifier: "lld",
                                                                                      pattern: .plural([.one: .text("%arg %#@x@"), .other: .text("%@ %arg")]))])
        for _ in 0..<2_000 {
            let format = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            var current = entry
            current.pattern = .text(format)
            let arguments: [FormatArgument] = [.signed(.min), .double(.nan), .content([.symbol("sun.max")]), .unsigned(.max), .object("%@")]
            _ = LocalizedFormat.render(current, arguments: Array(arguments.prefix(Int.random(in: 0...5, using: &random))),
                                       language: "ru", locale: Locale(identifier: "ru"))
        }
    }

    @Test func specifiersWithoutArgumentsStayAsWritten() {
        #expect(format("%@ and %@", [.object("one")]) == "one and %@")
        #expect(format("100%% %q", [.signed(1)]) == "100% %q")
    }
}

@Suite struct StringsFileTests {
    private func parse(_ text: String) throws -> StringTables {
        var tables = StringTables()
        try tables.addStrings(Data(text.utf8), table: "T", language: "de", file: "de.lproj/T.strings")
        return tables
    }

    @Test func malformedEntriesNameTheFileAndLine() {
        #expect(throws: StringTableError(file: "de.lproj/T.strings", line: 2, message: "expected ';' after the value of \"b\"")) {
            try parse("\"a\" = \"1\";\n\"b\" = \"2\"\n")
        }
        #expect(throws: StringTableError(file: "de.lproj/T.strings", line: 1, message: "comment '/*' is never closed with '*/'")) {
            try parse("/* open\n\"a\" = \"1\";")
        }
        #expect(throws: StringTableError(file: "de.lproj/T.strings", line: 3, message: "expected '=' after the key \"c\", found ';'")) {
            try parse("// one\n\n\"c\";")
        }
    }

    @Test func oversizedFilesAreRefusedByName() {
        var tables = StringTables()
        let large = Data(count: StringTables.maximumFileSize + 1)
        #expect(throws: StringTableError(file: "big.xcstrings", message: "is 4096 KB; strings files over 4 MB are not read")) {
            try tables.addCatalog(large, table: "Localizable", file: "big.xcstrings")
        }
        #expect(throws: StringTableError.self) { try tables.addStrings(large, table: "T", language: "de", file: "big.strings") }
    }

    @Test func catalogsThatAreNotCatalogsNameTheFile() {
        var tables = StringTables()
        #expect {
            try tables.addCatalog(Data(#"{"strings": {}}"#.utf8), table: "Localizable", file: "x.xcstrings")
        } throws: { error in
            "\(error)" == "x.xcstrings: is not a String Catalog: 'sourceLanguage' is missing at the top"
        }
    }
}
