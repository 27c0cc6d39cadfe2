// GlanceLinux: the only module that touches the operating system — /dev/i2c-N, /dev/spidevB.C,
// libgpiod lines and events (through the CGPIODShim target), /dev/fbN and the terminal.
//
// Every entry point takes the world it touches as a value (a device directory, a sysfs path, a
// file descriptor), so tests point it at scratch folders; constructors do no I/O, `open`
// functions do. Blocking waits run on dedicated threads (see EventPump) and reach async code
// through streams.
