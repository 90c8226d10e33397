// swift-tools-version:6.1
//
// pos — a point-of-sale app for Linux counters that sell for a WooCommerce store.
// The module graph is documented in docs/architecture.md and checked by scripts/check-imports.sh.

import PackageDescription

// MARK: - Dependencies (named constants, as in swift-nio's manifest)

let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let mustache: Target.Dependency = .product(name: "Mustache", package: "swift-mustache")
let asyncHTTPClient: Target.Dependency = .product(name: "AsyncHTTPClient", package: "async-http-client")
let nioCore: Target.Dependency = .product(name: "NIOCore", package: "swift-nio")
let nioPosix: Target.Dependency = .product(name: "NIOPosix", package: "swift-nio")
/// The HTTP/1 types and the response decompressor that Networking's `HTTPClientNetwork` sets up.
let nioHTTP1: Target.Dependency = .product(name: "NIOHTTP1", package: "swift-nio")
let nioHTTPCompression: Target.Dependency = .product(name: "NIOHTTPCompression", package: "swift-nio-extras")
// The test servers' HTTP layer: Hummingbird's server core, and the HTTP types it speaks.
let hummingbirdCore: Target.Dependency = .product(name: "HummingbirdCore", package: "hummingbird")
let httpTypes: Target.Dependency = .product(name: "HTTPTypes", package: "swift-http-types")
let nioHTTPTypes: Target.Dependency = .product(name: "NIOHTTPTypes", package: "swift-nio-extras")
let histogram: Target.Dependency = .product(name: "Histogram", package: "hdrhistogram-swift")
let subprocess: Target.Dependency = .product(name: "Subprocess", package: "swift-subprocess")
/// `FilePath` and `FileDescriptor`, which Subprocess's API takes.
let systemPackage: Target.Dependency = .product(name: "SystemPackage", package: "swift-system")
let snapshotTesting: Target.Dependency = .product(name: "SnapshotTesting", package: "swift-snapshot-testing")

/// The settings of every target.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    // A member is visible only where its defining module is imported: the compiler holds the module graph
    // (docs/architecture.md, "Module graph"). Yosemite reaches the database only through Storage's named reads and
    // writes (it never imports GRDB), and hands Counter its own value models, never Storage records or Hardware
    // models, whose members Counter could not see.
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "pos",
    // The string catalog's English (Sources/Localization/Resources/<lang>.lproj).
    defaultLocalization: "en",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "POSFoundation", targets: ["POSFoundation"]),
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "Hardware", targets: ["Hardware"]),
        .library(name: "Yosemite", targets: ["Yosemite"]),
        .library(name: "Localization", targets: ["Localization"]),
        .executable(name: "pos", targets: ["pos"]),
        .executable(name: "pos-bench", targets: ["pos-bench"]),
        .executable(name: "woo-test-server", targets: ["woo-test-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Only HummingbirdCore is used: its swift-configuration support and full-Foundation extras stay off.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // pos-bench's percentiles (docs/performance.md).
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // Child processes in the end-to-end tests and pos-bench: inherited descriptors closed, exit awaited off
        // the concurrency pool.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // The counter's screen snapshots (CounterTests).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // MARK: Core layers
        .target(name: "POSFoundation", swiftSettings: swiftSettings),
        // The string catalog (English and German `Localizable.strings`), the language choice and the plural rule.
        .target(name: "Localization", resources: [.process("Resources")], swiftSettings: swiftSettings),
        // Networking, Storage and Hardware take their errors' texts from the catalog (Localization is a Foundation-only leaf).
        // NIOFoundationEssentialsCompat: a response body becomes `Data` without a copy.
        .target(name: "Networking", dependencies: ["POSFoundation", "Localization", logging, asyncHTTPClient, nioCore, nioPosix,
                                                   nioHTTP1, nioHTTPCompression,
                                                   .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio")],
                swiftSettings: swiftSettings),
        // GRDBSQLite (GRDB's SQLite C module): the catalog's bulk upsert binds its values straight to SQLite.
        // CSQLiteConfig: process-wide SQLite settings behind a variadic C call (see AppDatabase.configureSQLite).
        .target(name: "Storage", dependencies: ["POSFoundation", "Localization", "CSQLiteConfig", grdb,
                                                .product(name: "GRDBSQLite", package: "GRDB.swift")],
                swiftSettings: swiftSettings),
        .systemLibrary(name: "CSQLiteConfig", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "Hardware", dependencies: ["POSFoundation", "Localization", logging], swiftSettings: swiftSettings),
        // Debian's libcrypto (OpenSSL 3) behind a few C calls: scrypt for cashiers' PINs (Yosemite's PinHasher),
        // P-384 ECDSA and SHA-256 for the demo store's TSE. Debian patches it with the system, and it spares the
        // build a second copy of BoringSSL (swift-crypto's, beside the one swift-nio-ssl needs for TLS).
        .target(name: "CLibCrypto", linkerSettings: [.linkedLibrary("crypto")]),
        .target(
            name: "Yosemite",
            dependencies: ["POSFoundation", "Networking", "Storage", "Hardware", "ReceiptTemplates", "Localization", logging, mustache,
                           "CLibCrypto"],
            swiftSettings: swiftSettings
        ),
        // The bundled receipt templates (Mustache) as a resource bundle; a data dir's templates/ folder overrides them.
        .target(name: "ReceiptTemplates", path: "Receipts", exclude: ["samples", "tools"], resources: [.copy("templates")],
                swiftSettings: swiftSettings),
        .target(name: "Counter", dependencies: ["Yosemite", "POSFoundation", "Localization", "CNcurses"], swiftSettings: swiftSettings),
        // The wide-character curses library the counter draws the terminal with (only Counter imports it).
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),

        // MARK: Live drivers and their C libraries
        .systemLibrary(name: "CLibUSB", pkgConfig: "libusb-1.0", providers: [.apt(["libusb-1.0-0-dev"])]),
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        // Debian ships no cups.pc (only cups-config), so the module map links libcups directly.
        .systemLibrary(name: "CCups", providers: [.apt(["libcups2-dev"])]),
        .target(
            name: "HardwareLinux",
            dependencies: ["Hardware", "POSFoundation", "CLibUSB", "CUdev", "CCups", logging],
            swiftSettings: swiftSettings
        ),
        .target(name: "TerminalSimulator", dependencies: ["Hardware", "POSFoundation", logging], swiftSettings: swiftSettings),
        // The demo store's TSE (German fiscal law): ECDSA P-384 signed transaction logs, counters, an outage switch.
        .target(name: "TSESimulator", dependencies: ["Yosemite", "POSFoundation", "CLibCrypto"], swiftSettings: swiftSettings),

        // The live environment (database on disk, AsyncHTTPClient, CUPS, the live reader transports, the TSEs):
        // the composition pos and pos-bench share.
        .target(
            name: "Composition",
            dependencies: ["POSFoundation", "Networking", "Storage", "Hardware", "HardwareLinux", "Yosemite",
                           "TerminalSimulator", "TSESimulator", "Localization", logging],
            swiftSettings: swiftSettings
        ),

        // The customer display as a web page (`pos display --web`): an HTTP server on Hummingbird's server core,
        // serving one page and the display states as Server-Sent Events (docs/hardware.md, "Customer display on a monitor").
        .target(
            name: "CustomerDisplayWeb",
            dependencies: ["POSFoundation", "Hardware", "Yosemite", "Localization", hummingbirdCore, httpTypes, nioCore, nioPosix,
                           nioHTTPTypes, logging],
            swiftSettings: swiftSettings
        ),

        // MARK: Executables
        .executableTarget(
            name: "pos",
            dependencies: [
                "POSFoundation", "Networking", "Storage", "Hardware", "HardwareLinux", "Yosemite", "Counter",
                "Composition", "TerminalSimulator", "TSESimulator", "Localization", "CustomerDisplayWeb", argumentParser, logging,
            ],
            swiftSettings: swiftSettings
        ),
        // The benchmark suite (docs/performance.md): not linked into pos, which every counter runs.
        .executableTarget(
            name: "pos-bench",
            dependencies: [
                "POSFoundation", "Networking", "Storage", "Hardware", "HardwareLinux", "Yosemite", "Counter",
                "Composition", "TerminalSimulator", argumentParser, logging, histogram, subprocess,
                systemPackage,
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "woo-test-server",
            dependencies: ["WooTestServer", argumentParser],
            swiftSettings: swiftSettings
        ),

        // MARK: Test support
        // A WooCommerce-compatible HTTP server with real state and fault injection, on Hummingbird's server core. It
        // shares no code with Networking on purpose: it is the independent oracle the client is tested against.
        .target(
            name: "WooTestServer",
            dependencies: [hummingbirdCore, httpTypes, nioCore, nioPosix, nioHTTPTypes, logging],
            swiftSettings: swiftSettings
        ),
        .target(name: "POSFoundationTestSupport", dependencies: ["POSFoundation"], swiftSettings: swiftSettings),
        // fiskaly SIGN DE v2's routes over real HTTP, backed by the TSE simulator (the live client's peer in tests).
        .target(name: "FiskalyTestServer", dependencies: ["TSESimulator", "WooTestServer"], swiftSettings: swiftSettings),
        // Doubles that play a device byte for byte (scripted transports, fake monitors and printers).
        .target(name: "HardwareTestSupport", dependencies: ["Hardware", "POSFoundation"], swiftSettings: swiftSettings),
        // Test environments, recording dispatchers and model fakes for store tests.
        .target(
            name: "YosemiteTestSupport",
            dependencies: ["Yosemite", "Networking", "Storage", "Hardware", "POSFoundation", "POSFoundationTestSupport",
                           "WooTestServer", logging],
            swiftSettings: swiftSettings
        ),

        // MARK: Tests
        .testTarget(
            name: "POSFoundationTests",
            dependencies: ["POSFoundation", "POSFoundationTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NetworkingTests",
            dependencies: ["Networking", "POSFoundation", "WooTestServer", asyncHTTPClient, nioCore],
            resources: [.copy("Responses")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"], swiftSettings: swiftSettings),
        .testTarget(
            name: "StorageTests",
            dependencies: ["Storage", "POSFoundation", "POSFoundationTestSupport", grdb],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HardwareTests",
            dependencies: ["Hardware", "POSFoundation", "HardwareTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HardwareLinuxTests",
            dependencies: ["HardwareLinux", "Hardware", "POSFoundation", "HardwareTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TerminalSimulatorTests",
            dependencies: ["TerminalSimulator", "HardwareLinux", "Hardware", "POSFoundation", "HardwareTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "YosemiteTests",
            dependencies: ["Yosemite", "Networking", "Storage", "Hardware", "POSFoundation", "POSFoundationTestSupport",
                           "WooTestServer", "YosemiteTestSupport", "HardwareTestSupport", "TerminalSimulator", "Localization",
                           grdb, logging],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CounterTests",
            dependencies: ["Counter", "Yosemite", "POSFoundation", "POSFoundationTestSupport", "YosemiteTestSupport",
                           "Localization", snapshotTesting],
            exclude: ["Screens/__Snapshots__"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "WooTestServerTests", dependencies: ["WooTestServer"], swiftSettings: swiftSettings),
        .testTarget(
            name: "CustomerDisplayWebTests",
            dependencies: ["CustomerDisplayWeb", "Yosemite", "POSFoundation", "Localization"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FiscalTests",
            dependencies: ["Yosemite", "Networking", "Storage", "POSFoundation", "Localization", "TSESimulator", "FiskalyTestServer",
                           "YosemiteTestSupport", "WooTestServer", subprocess, systemPackage],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            // GRDB: the two-fronts test reads both fronts' databases row by row (read-only).
            dependencies: ["WooTestServer", "POSFoundation", "TerminalSimulator", "Hardware", grdb,
                           subprocess, systemPackage],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: - Fuzz targets (libFuzzer), only with POS_FUZZ=1
// They link only against the fuzzer runtime, so `swift build` and `swift test` must never see them.
// Build them with scripts/fuzz.sh (scratch path .build-fuzz with `-sanitize=fuzzer,address`, or .build-fuzz-fast with
// `-sanitize=fuzzer` for throughput); see docs/security.md.
if Context.environment["POS_FUZZ"] == "1" {
    // Each target's main.swift hands over to libFuzzer's driver with its `LLVMFuzzerTestOneInput` (Fuzz/README.md).
    // POS_FUZZ_HARNESS_ONLY=1 (scripts/fuzz.sh FUZZ_MODE=debug): only the fuzz targets get `-sanitize=fuzzer`, so
    // they build in the normal debug build directory without rebuilding the app; coverage then comes from the
    // harness alone (the code under test is not instrumented). For smoke runs when no fuzz build is at hand.
    let harnessOnly = Context.environment["POS_FUZZ_HARNESS_ONLY"] == "1"
    let fuzzSwiftSettings = swiftSettings + (harnessOnly ? [.unsafeFlags(["-sanitize=fuzzer"])] : [])
    let fuzzLinkerSettings: [LinkerSetting] = harnessOnly ? [.unsafeFlags(["-sanitize=fuzzer"])] : []
    func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
        .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies, path: "Fuzz/Targets/\(name)",
                          swiftSettings: fuzzSwiftSettings, linkerSettings: fuzzLinkerSettings)
    }
    package.targets += [
        .target(name: "FuzzSupport", path: "Fuzz/Support", swiftSettings: fuzzSwiftSettings),
        fuzzTarget("FuzzZVT", ["Hardware", "POSFoundation"]),
        fuzzTarget("FuzzConcert", ["Hardware", "POSFoundation"]),
        fuzzTarget("FuzzMappers", ["Networking", "POSFoundation"]),
        fuzzTarget("FuzzReceipt", ["Yosemite", "Storage", "Hardware", "POSFoundation"]),
        fuzzTarget("FuzzInput", ["Yosemite", "Storage", "Hardware", "POSFoundation"]),
        fuzzTarget("FuzzLayout", ["Hardware", "POSFoundation"]),
        fuzzTarget("FuzzScale", ["Hardware", "POSFoundation"]),
        fuzzTarget("FuzzPole", ["Hardware", "POSFoundation", "Localization"]),
        fuzzTarget("FuzzLabel", ["Hardware", "POSFoundation"]),
        fuzzTarget("FuzzKeys", ["Counter"]),
        fuzzTarget("FuzzFiskaly", ["Yosemite", "Networking", "POSFoundation"]),
        fuzzTarget("FuzzDSFinVK", ["Yosemite", "POSFoundation"]),
    ]
}
