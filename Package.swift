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
        // The spidev ioctl interface (kernel headers only; nothing to link).
        .systemLibrary(name: "CSPI"),
        // One narrow GPIO API compiled against libgpiod 1.6 or 2.x, chosen from the header, so
        // Swift never sees the two incompatible libgpiod APIs (see Scripts/check-gpiod-shim).
        .target(name: "CGPIODShim", dependencies: ["CGPIOD"]),

        // MARK: - Core (no operating-system access)
        .target(name: "GlanceGraphics", dependencies: ["CPNG"], plugins: ["EmbedFonts"]),
        .target(name: "GlanceUI", dependencies: ["GlanceGraphics"]),
        .target(name: "GlanceWidgets", dependencies: ["GlanceUI"]),
        .target(name: "GlancePanels", dependencies: ["GlanceGraphics"]),
        .target(name: "GlanceInput"),

        // MARK: - Operating system
        .target(name: "GlanceLinux", dependencies: ["GlancePanels", "GlanceInput", "CGPIODShim", "CI2C", "CSPI"]),

        // MARK: - Composition root and user-facing products
        .target(
            name: "GlanceHost",
            dependencies: [
                "GlanceGraphics", "GlanceUI", "GlanceWidgets", "GlancePanels", "GlanceInput", "GlanceLinux",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "Glance", dependencies: ["GlanceUI", "GlanceWidgets", "GlanceHost"]),
        .target(name: "GlanceExamples", dependencies: ["Glance"]),
        .executableTarget(name: "glance", dependencies: ["GlanceExamples", "GlanceHost"]),

        // MARK: - Build tools
        .executableTarget(name: "glance-embed", path: "Sources/glance-embed"),
        .plugin(name: "EmbedFonts", capability: .buildTool(), dependencies: ["glance-embed"]),

        // MARK: - Tests
        .target(name: "GlanceTesting", dependencies: ["GlanceGraphics"]),
        .testTarget(name: "GlanceGraphicsTests", dependencies: ["GlanceGraphics", "GlanceTesting"]),
        .testTarget(name: "GlanceInputTests", dependencies: ["GlanceInput"]),
        .testTarget(name: "GlanceLinuxTests", dependencies: ["GlanceLinux", "GlanceInput", "GlancePanels"]),
    ],
    swiftLanguageModes: [.v6]
)
