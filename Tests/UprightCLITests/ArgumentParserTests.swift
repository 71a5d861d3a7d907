import Testing
@testable import UprightCLI

@Suite struct ArgumentParserTests {
    let spec = CommandSpec(
        name: "demo",
        summary: "a demo",
        positionals: [PositionalSpec("FILE", help: "input", optional: true)],
        options: [
            .value("seed", short: "s", "N", help: "seed"),
            .flag("json", help: "json"),
        ])

    @Test func parsesLongShortAndInlineValues() throws {
        let parsed = try ArgumentParser.parse(["--seed", "7", "x.json", "--json"], spec: spec)
        #expect(parsed.positionals == ["x.json"])
        #expect(parsed.flag("json"))
        #expect(try parsed.value("seed", as: Int.self) == 7)
        #expect(try ArgumentParser.parse(["--seed=9"], spec: spec).value("seed", as: Int.self) == 9)
        #expect(try ArgumentParser.parse(["-s", "3"], spec: spec).value("seed", as: Int.self) == 3)
        #expect(try ArgumentParser.parse(["-"], spec: spec).positionals == ["-"])
        #expect(try ArgumentParser.parse(["--", "--json"], spec: spec).positionals == ["--json"])
    }

    @Test(arguments: [
        (["--sed", "1"], "unknown option '--sed' for 'demo'"),
        (["-x"], "unknown option '-x' for 'demo'"),
        (["--seed"], "option '--seed' needs a value (N)"),
        (["--json=1"], "option '--json' takes no value"),
        (["a", "b"], "unexpected argument 'b'"),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try ArgumentParser.parse(arguments, spec: spec) }
    }

    @Test func badTypedValue() throws {
        let parsed = try ArgumentParser.parse(["--seed", "seven"], spec: spec)
        #expect(throws: UsageError("option '--seed': 'seven' is not a whole number")) { try parsed.value("seed", as: Int.self) }
    }

    @Test func missingRequiredPositional() {
        let required = CommandSpec(name: "r", summary: "", positionals: [PositionalSpec("TRACE", help: "")])
        #expect(throws: UsageError("missing argument TRACE")) { try ArgumentParser.parse([], spec: required) }
    }

    @Test func helpListsEveryOption() {
        #expect(spec.help.contains("--seed N"))
        #expect(spec.help.contains("-s, --seed N"))
        #expect(spec.help.contains("--json"))
        #expect(spec.help.contains("Usage: upright demo [options] [FILE]"))
    }
}

@Suite struct UprightMainTests {
    @Test func helpListsEverySubcommand() {
        let recorder = ConsoleRecorder()
        #expect(Upright.main(["--help"], console: recorder.console) == 0)
        for name in ["sim", "run", "replay", "probe", "trace", "machine", "bench", "orient"] {
            #expect(recorder.out.contains("\n  \(name) "), "missing \(name)")
        }
    }

    @Test func unknownCommandExitsTwoWithOneLineAndUsage() {
        let recorder = ConsoleRecorder()
        #expect(Upright.main(["fly"], console: recorder.console) == 2)
        #expect(recorder.error.hasPrefix("upright: unknown command 'fly'\n"))
        #expect(recorder.error.contains("Usage: upright COMMAND"))
    }

    @Test func unknownOptionExitsTwo() {
        let recorder = ConsoleRecorder()
        #expect(Upright.main(["machine", "--bogus"], console: recorder.console) == 2)
        #expect(recorder.error.hasPrefix("upright machine: unknown option '--bogus' for 'machine'\n"))
    }

    @Test func noArgumentsExitsTwo() {
        let recorder = ConsoleRecorder()
        #expect(Upright.main([], console: recorder.console) == 2)
    }
}
