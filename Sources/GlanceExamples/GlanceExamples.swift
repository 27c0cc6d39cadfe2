// GlanceExamples: the example widgets of the demo bundle.
import Glance
