// GlanceTesting: helpers shared by the test targets.
@_exported import GlanceGraphics
