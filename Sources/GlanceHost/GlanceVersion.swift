/// The version of Glance a program was built from: `glance --version` (and any bundle's
/// program, `desk --version`) prints it.
///
/// Releases are tagged `MAJOR.MINOR.PATCH` (no `v`), on the commit where this constant has that
/// value, so a package can depend on one with `.package(url:from:)` (`glance new --glance-url
/// URL --from 0.1.0`). After a release the constant becomes the next version with `-dev`
/// appended (`0.2.0-dev`), so a build between releases never claims to be one. Docs/Versions.md
/// has the scheme.
public enum GlanceVersion {
    /// The version, such as `0.1.0` for a release or `0.2.0-dev` between releases.
    public static let current = "0.1.0"
}
