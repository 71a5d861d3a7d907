import Testing
import UprightHost

@Suite struct StringOneLineTests {
    @Test(arguments: [
        ("plain text, 'quoted' and ünïcödé", "plain text, 'quoted' and ünïcödé"),
        ("a\nb", #"a\nb"#),
        ("cr\r\ntab\t", #"cr\r\ntab\t"#),
        ("\u{1B}[31mred", #"\u{1b}[31mred"#),
        ("nul\u{0}del\u{7F}c1\u{85}", #"nul\u{0}del\u{7f}c1\u{85}"#),
        ("ls\u{2028}ps\u{2029}", #"ls\u{2028}ps\u{2029}"#),
    ])
    func controlCharactersAreEscaped(text: String, expected: String) {
        #expect(text.oneLine == expected)
    }

    @Test func errorsQuotingFilesStayOnOneLine() {
        #expect(ConfigError(path: "a\nb", message: "x\ny").description == #"a\nb: x\ny"#)
        #expect(TraceError(line: 1, "unknown column 'a\rb'").message == #"unknown column 'a\rb'"#)
    }
}
