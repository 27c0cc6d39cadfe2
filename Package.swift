// swift-tools-version:6.0
import PackageDescription

// Targets are grouped by role; dependencies point downward only (see Docs and DESIGN).
// Only GlanceLinux links the C system libraries for hardware access.

let package = Package(
    name: "Glance",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Glance", targets: ["Glance"]),
        .executable(name: "glance", targets: ["glance"]),
    ],
    dependencies: [
        // Command line parsing for `glance` and every WidgetBundle.main(): subcommands,
        // generated --help and typed options without a hand-written parser.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: - System libraries
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CGPIOD",
            pkgConfig: "libgpiod",
            providers: [.apt(["libgpiod-dev"])]
        ),
        .systemLibrary(
            name: "CI2C",
            providers: [.apt(["libi2c-dev"])]
        ),

        // MARK: - Core (no operating-system access)
        .target(name: "GlanceGraphics", dependencies: ["CPNG"], plugins: ["EmbedFonts"]),
        .target(name: "GlanceUI", dependencies: ["GlanceGraphics"]),
        .target(name: "GlanceWidgets", dependencies: ["GlanceUI"]),
        .target(name: "GlancePanels", dependencies: ["GlanceGraphics"]),
        .target(name: "GlanceInput"),

        // MARK: - Operating system
        .target(name: "GlanceLinux", dependencies: ["GlancePanels", "GlanceInput", "CGPIOD", "CI2C"]),

        // MARK: - Composition root and user-facing products
        .target(
            name: "GlanceHost",
            dependencies: [
                "GlanceGraphics", "GlanceUI", "GlanceWidgets", "GlancePanels", "GlanceInput", "GlanceLinux", "GlanceReferenceViews",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "Glance", dependencies: ["GlanceUI", "GlanceWidgets", "GlanceHost"]),
        .target(name: "GlanceExamples", dependencies: ["Glance"]),
        // Views written exactly as Apple's documentation writes them, but for the import:
        // the compatibility suite and `glance specimen --views` render them.
        .target(name: "GlanceReferenceViews", dependencies: ["GlanceUI"]),
        .executableTarget(name: "glance", dependencies: ["GlanceExamples", "GlanceHost"]),

        // MARK: - Build tools
        .executableTarget(name: "glance-embed", path: "Sources/glance-embed"),
        .plugin(name: "EmbedFonts", capability: .buildTool(), dependencies: ["glance-embed"]),

        // MARK: - Tests
        .target(name: "GlanceTesting", dependencies: ["GlanceGraphics"]),
        .testTarget(name: "GlanceGraphicsTests", dependencies: ["GlanceGraphics", "GlanceTesting"], exclude: ["Golden"]),
        .testTarget(name: "GlanceUITests", dependencies: ["GlanceUI", "GlanceReferenceViews", "GlanceTesting"], exclude: ["Golden"]),
        .testTarget(name: "GlanceWidgetsTests", dependencies: ["GlanceWidgets", "GlanceTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
