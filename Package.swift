// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

// Targets are grouped by role; dependencies point downward only (see Docs/Architecture.md).
// Only GlanceLinux links the C system libraries for hardware access.

let package = Package(
    name: "Glance",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Glance", targets: ["Glance"]),
        .executable(name: "glance", targets: ["glance"]),
    ],
    traits: [
        // A face built as `swift build` makes it serves the browser simulator; a deployed face's
        // build (`--disable-default-traits`) leaves out the server and SwiftNIO with it
        // (Docs/Architecture.md, "Modules").
        // Development commands (bench, specimen, new) likewise: a deployed face does not carry them.
        .default(enabledTraits: ["WebSimulator", "DevelopmentTools"]),
        .trait(name: "WebSimulator", description: "`glance run --web`: the browser simulator's HTTP and WebSocket server (GlanceWeb, on SwiftNIO and Hummingbird)."),
        .trait(name: "DevelopmentTools", description: "The development commands `bench`, `specimen` and `new`, and the reference views they draw (GlanceReferenceViews)."),
        // URLSession on Linux lives in FoundationNetworking, which links libcurl and some thirty
        // libraries it needs (TLS, Kerberos, LDAP…): merely importing it loads them all at start,
        // and a static build then needs libcurl's development files. A face whose providers call
        // URLSession asks for it — `.package(url: …, traits: ["URLSession"])` — and its files
        // compile with their iOS imports (Apple's module names re-export FoundationNetworking);
        // every other face pays nothing (Docs/Widgets.md, "Networked providers").
        .trait(name: "URLSession", description: "The Apple-named modules (WidgetKit, SwiftUI, AppIntents, ActivityKit) re-export FoundationNetworking, so URLSession compiles with a widget's iOS imports."),
    ],
    dependencies: [
        // Command line parsing for `glance` and every WidgetBundle.main(): subcommands,
        // generated --help and typed options without a hand-written parser.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // YAML for board presets and glance.yaml: Yams keeps each node's line and column,
        // which every configuration error reports.
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // Logging for `glance run`: the standard Swift logging API, so a maker's own providers
        // can log through the same handler (journald-friendly lines under systemd).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        // The browser simulator (`glance run --web`): an HTTP server with WebSockets on
        // SwiftNIO, without traits (no swift-configuration; nothing of full Foundation needed).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.0"),
    ],
    targets: [
        // MARK: - System libraries
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CI2C",
            providers: [.apt(["libi2c-dev"])]
        ),
        // Eclipse Mosquitto's MQTT client library (`mqtt:` in glance.yaml): the C library of the
        // broker most makers already run, packaged by Debian; MQTT 3.1.1 with TLS, QoS 1,
        // persistent sessions and a last will, without a Swift networking stack in the binary.
        // Opened with dlopen when MQTT is first used (the header comes from libmosquitto-dev):
        // linked, it loaded libssl and libcrypto into every face.
        .target(name: "CMosquitto", linkerSettings: [.linkedLibrary("dl")]),
        // The spidev ioctl interface (kernel headers only; nothing to link).
        .systemLibrary(name: "CSPI"),
        .systemLibrary(name: "CFramebuffer"),
        // One narrow GPIO API over libgpiod 1.6 and 2.x, whichever the machine has: opened with
        // dlopen when GPIO is first used (libgpiod.so.3, else libgpiod.so.2), so one binary runs
        // on Bookworm and Trixie, builds without libgpiod, and a face without buttons never
        // loads it. Swift never sees the two incompatible libgpiod APIs (Docs/Buttons.md).
        .target(name: "CGPIODShim", linkerSettings: [.linkedLibrary("dl")]),
        // The async-signal-safe part of the crash quarantine: which widget's code runs, and the
        // record a fatal signal leaves of it (GlanceLinux's CrashGuard).
        .target(name: "CCrashGuard"),
        // `--clock simulated`: the process's wall clock (what Date() reads) follows the face's
        // simulated time, so widget code pauses and fast-forwards with it (SimulatedClock).
        .target(name: "CSimulatedTime", linkerSettings: [.linkedLibrary("dl")]),
        // Finds the types conforming to a protocol in the runtime's conformance records, so
        // `glance preview --all` can list the previews a bundle declares.
        .target(name: "CPreviewDiscovery"),
        // Swift concurrency's global executor for every Glance process: libdispatch's, which
        // the runtime uses on Linux, wakes the process every second for good once a task has
        // run; this one sleeps until the next job or deadline (see its source's comment).
        .target(name: "CGlobalExecutor"),

        // MARK: - Core (no operating-system access)
        // The clock and display state that the runtime, the panels and the host share.
        .target(name: "GlanceCore"),
        // ObservableObject, @Published and Combine's other names, apart from the view language
        // so the opt-in `Combine` module re-exports them and nothing else (see AppleNames).
        .target(name: "GlanceCombine"),
        .target(name: "GlanceGraphics", dependencies: ["CPNG"], plugins: ["EmbedResources"]),
        .target(name: "GlanceUI", dependencies: ["GlanceCore", "GlanceCombine", "GlanceGraphics", "CPreviewDiscovery", "GlancePreviewMacros"]),
        .target(name: "GlanceWidgets", dependencies: ["GlanceCore", "GlanceUI"]),
        .target(name: "GlancePanels", dependencies: ["GlanceCore", "GlanceGraphics"]),
        .target(name: "GlanceInput"),

        // MARK: - The face's loop (no operating-system access)
        // The host's run loop and what it is wired from: FaceHost and its one inbox of typed
        // events, the snapshot it publishes, the plan, the energy ledger, the control requests.
        // It sits below the OS so the loop is read, tested and reused apart from Linux: it imports
        // neither GlanceLinux, nor SwiftNIO/Hummingbird, nor ArgumentParser, nor Yams
        // (ModuleBoundaryTests fails if one appears); what it needs of the OS comes through small
        // protocols (FaceAppGroups, FaceFileWriter, FaceScreen) that GlanceHost conforms to.
        .target(name: "GlanceFace", dependencies: ["GlanceCore", "GlanceGraphics", "GlanceUI", "GlanceWidgets", "GlancePanels", "GlanceInput",
                                                   .product(name: "Logging", package: "swift-log")]),

        // MARK: - Operating system
        .target(name: "GlanceLinux", dependencies: ["GlanceCore", "GlanceGraphics", "GlancePanels", "GlanceInput", "CGPIODShim", "CCrashGuard", "CSimulatedTime", "CGlobalExecutor", "CI2C", "CSPI", "CFramebuffer", "CMosquitto"]),

        // MARK: - Composition root and user-facing products
        .target(
            name: "GlanceHost",
            dependencies: [
                "GlanceGraphics", "GlanceUI", "GlanceWidgets", "GlancePanels", "GlanceInput", "GlanceFace", "GlanceLinux",
                .target(name: "GlanceReferenceViews", condition: .when(traits: ["DevelopmentTools"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
            ],
            plugins: ["EmbedResources"]
        ),
        // The browser simulator's server (the page's logic, WebSimulator, is GlanceHost's): a
        // part of `Glance` only under the WebSimulator trait.
        .target(
            name: "GlanceWeb",
            dependencies: [
                "GlanceCore", "GlanceGraphics", "GlanceHost",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ],
            plugins: ["EmbedResources"]
        ),
        .target(name: "Glance", dependencies: ["GlanceUI", "GlanceWidgets", "GlanceHost",
                                               .target(name: "GlanceWeb", condition: .when(traits: ["WebSimulator"]))]),
        .target(name: "GlanceExamples", dependencies: ["Glance"]),
        // Views written exactly as Apple's documentation writes them, but for the import:
        // the compatibility suite and `glance specimen --views` render them.
        .target(name: "GlanceReferenceViews", dependencies: ["GlanceUI"]),
        .executableTarget(name: "glance", dependencies: ["GlanceExamples", "GlanceHost"]),

        // MARK: - Build tools
        // `#Preview`'s expansion, run by the compiler while it builds code that uses it. It speaks
        // the compiler's plugin protocol itself, without swift-syntax (Docs/Performance.md).
        .macro(name: "GlancePreviewMacros", dependencies: ["GlancePreviewExpansion"]),
        .target(name: "GlancePreviewExpansion"),
        .executableTarget(name: "glance-embed", path: "Sources/glance-embed"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["glance-embed"]),

        // MARK: - Tests
        .target(name: "GlanceTesting", dependencies: ["GlanceCore", "GlanceGraphics", "GlancePanels", "GlanceLinux"]),
        .testTarget(name: "GlancePreviewExpansionTests", dependencies: ["GlancePreviewExpansion"]),
        .testTarget(name: "GlanceGraphicsTests", dependencies: ["GlanceGraphics", "GlanceTesting"], exclude: ["Golden"]),
        .testTarget(name: "GlanceUITests", dependencies: ["GlanceUI", "GlanceReferenceViews", "GlanceTesting"], exclude: ["Golden"]),
        .testTarget(name: "GlancePanelsTests", dependencies: ["GlancePanels", "GlanceTesting"]),
        .testTarget(name: "GlanceInputTests", dependencies: ["GlanceInput", "GlanceTesting"]),
        .testTarget(name: "GlanceLinuxTests", dependencies: ["GlanceLinux", "GlanceInput", "GlancePanels", "GlanceTesting"]),
        .testTarget(name: "GlanceWidgetsTests", dependencies: ["GlanceWidgets", "GlanceTesting"]),
        .testTarget(name: "GlanceHostTests", dependencies: ["GlanceHost", "GlanceFace", "GlanceWeb", "Glance", "GlanceCore", "GlanceInput", "GlanceLinux", "GlancePanels", "GlanceTesting"], exclude: ["Golden"]),
        // A maker's bundle with a widget that traps on purpose, which the process tests run.
        .executableTarget(name: "glance-crash-fixture", dependencies: ["Glance"], path: "Tests/CrashFixture"),
        .testTarget(name: "GlanceExamplesTests", dependencies: ["GlanceExamples", "GlanceCore", "GlanceFace", "GlanceHost", "GlanceInput", "GlanceLinux", "GlancePanels", "GlanceTesting"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)

// Apple's module names (opt-in, Linux only): a maker who adds the GlanceAppleNames product
// compiles widget files with `import WidgetKit`, `import SwiftUI`, `import AppIntents` and
// `import ActivityKit` unchanged, and `#if canImport(WidgetKit)` is true. Never on macOS,
// where these names are Apple's own frameworks and modules of ours would shadow them.
#if os(Linux)
// The other modules iOS widget code imports (`UIKit`, `Combine`, `Intents`, `WatchKit`) are as
// thin as they can be: each re-exports the few names Glance already offers. `Charts` is a thin
// Swift Charts drawn on a Canvas (Docs/Widgets.md lists what it draws approximately). There is no
// `Darwin` module: 165 files of this package's own dependencies test `#if canImport(Darwin)`
// and would then call Apple-only APIs; `Darwin.round` resolves to a namespace in GlanceUI.
let appleNames = ["WidgetKit", "SwiftUI", "AppIntents", "ActivityKit", "UIKit", "Combine", "Intents", "WatchKit", "Charts"]
package.products.append(.library(name: "GlanceAppleNames", targets: appleNames))
package.targets += [
    .target(name: "WidgetKit", dependencies: ["Glance"], path: "Sources/AppleNames/WidgetKit"),
    .target(name: "SwiftUI", dependencies: ["GlanceUI", "GlanceWidgets"], path: "Sources/AppleNames/SwiftUI"),
    .target(name: "UIKit", dependencies: ["GlanceUI"], path: "Sources/AppleNames/UIKit"),
    .target(name: "Combine", dependencies: ["GlanceCombine"], path: "Sources/AppleNames/Combine"),
    .target(name: "Intents", dependencies: ["GlanceWidgets"], path: "Sources/AppleNames/Intents"),
    .target(name: "WatchKit", dependencies: ["GlanceUI"], path: "Sources/AppleNames/WatchKit"),
    .target(name: "Charts", dependencies: ["GlanceUI"], path: "Sources/AppleNames/Charts"),
    .target(name: "AppIntents", dependencies: ["GlanceWidgets"], path: "Sources/AppleNames/AppIntents"),
    .target(name: "ActivityKit", dependencies: ["GlanceWidgets"], path: "Sources/AppleNames/ActivityKit"),
    .testTarget(name: "AppleNamesTests", dependencies: .init(appleNames.map { .byName(name: $0) }) + ["GlanceTesting"]),
    // A maker's bundle whose provider fetches over HTTPS with URLSession, written with its iOS
    // imports and built in the Swift 5 language mode as Xcode builds it: the networking tests
    // run it against their own local server.
    .executableTarget(name: "glance-network-fixture", dependencies: ["WidgetKit", "SwiftUI"], path: "Tests/NetworkFixture",
                      swiftSettings: [.swiftLanguageMode(.v5)]),
    // The compatibility corpus: lock-screen widgets written as iOS apps write them, compiled
    // twice from the same files (Tests/CorpusSwift5 links to Tests/Corpus), in Swift 6 and in
    // Swift 5 language mode, and drawn from their #Previews against golden images.
    .target(name: "GlanceCorpus", dependencies: .init(appleNames.map { .byName(name: $0) }), path: "Tests/Corpus"),
    .target(name: "GlanceCorpusSwift5", dependencies: .init(appleNames.map { .byName(name: $0) }), path: "Tests/CorpusSwift5",
            swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(name: "GlanceCorpusTests", dependencies: ["GlanceCorpus", "GlanceCorpusSwift5", "Glance", "GlanceTesting"],
                exclude: ["Golden"]),
]
#endif

// The fuzzer (Scripts/fuzz): one libFuzzer binary for everything Glance reads from outside,
// declared only for that build, whose other targets get coverage instrumentation and
// AddressSanitizer from Scripts/fuzz's flags.
if Context.environment["GLANCE_FUZZ"] == "1" {
    package.targets.append(.executableTarget(
        name: "glance-fuzz",
        dependencies: ["GlanceHost", "GlanceFace", "GlanceExamples"],
        path: "Tests/Fuzz/Sources",
        swiftSettings: [.unsafeFlags(["-parse-as-library"])],
        linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
    ))
}
