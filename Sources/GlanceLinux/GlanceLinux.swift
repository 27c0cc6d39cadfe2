// GlanceLinux: the only module that touches the operating system — /dev/i2c-N, /dev/spidevB.C,
// libgpiod lines and events, /dev/fbN and the terminal.
import CGPIOD
import CI2C
import GlanceInput
import GlancePanels
