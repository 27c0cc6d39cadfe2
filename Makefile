# Glance: the two commands a maker needs.
#   make demo   builds Glance and runs the demo face in the terminal (no hardware needed)
#   make test   builds Glance and runs every test: first proving the libgpiod shim builds
#               against libgpiod v1 and v2 (Scripts/check-gpiod-shim), then the unit tests,
#               then the hardware scenarios in a VM with simulated GPIO and I2C
#               (Tests/Hardware/run, Docs/Testing.md; the first run builds its kernel)
# Both first install the Debian packages they need when any is missing.
#   make test-hardware   the hardware scenarios alone
#   make fuzz            every fuzz target for ten minutes (make test runs each for 20 s)
#   make release         .build/release/glance with the Swift runtime linked in

SWIFT ?= swift
PACKAGES := pkg-config libpng-dev libgpiod-dev libi2c-dev libmosquitto-dev
# For the tests only: systemd-analyze scores the service unit's sandbox; the MQTT tests start
# their own Mosquitto broker on a free loopback port; the browser simulator's test drives Chromium;
# the networking tests make a certificate authority with openssl and serve HTTPS with python3.
TEST_PACKAGES := systemd mosquitto chromium openssl python3
# The tests build with the URLSession trait, so the networked fixture compiles with its iOS
# imports alone (Docs/Widgets.md, "Networked providers"); demo and release builds leave it off.
# Naming traits turns the default ones off, so WebSimulator (the browser simulator) is named too.
TEST_TRAITS := --traits URLSession,WebSimulator
# Builds a package made by `glance new` (minutes of compiling on both cores): run on its own
# after the other tests, whose socket and process deadlines a loaded machine would miss.
NEW_PACKAGE_TEST := generatedPackageBuildsAndPreviewsEveryFamily

.PHONY: demo test test-hardware build packages release fuzz

packages:
	@Scripts/ensure-packages $(PACKAGES)

build: packages
	$(SWIFT) build

demo: build
	@Examples/weather-update.sh > /dev/null
	$(SWIFT) run --skip-build glance run --config Examples/glance.yaml

# The unit tests keep both cores busy, so a control answer can queue for longer than
# glance ctl's usual 30 seconds: GLANCE_CTL_TIMEOUT lengthens that bound for the run.
test: packages
	@Scripts/ensure-packages $(TEST_PACKAGES)
	Scripts/check-gpiod-shim
	$(SWIFT) build --build-tests $(TEST_TRAITS)
	GLANCE_CTL_TIMEOUT=300 $(SWIFT) test --skip-build $(TEST_TRAITS) --skip $(NEW_PACKAGE_TEST)
	$(SWIFT) test --skip-build $(TEST_TRAITS) --filter $(NEW_PACKAGE_TEST)
	SWIFT=$(SWIFT) Scripts/fuzz 20
	SWIFT=$(SWIFT) Tests/Hardware/run

# Every fuzz target for ten minutes (Scripts/fuzz SECONDS TARGET… for other runs).
fuzz:
	SWIFT=$(SWIFT) Scripts/fuzz 600

test-hardware: packages
	SWIFT=$(SWIFT) Tests/Hardware/run

# Scripts/swift-build-static: the Swift runtime and Foundation inside the binary. It starts in
# about half the time and with 6 MB less memory than one loading two dozen shared libraries,
# and runs on a board without the Swift toolchain (libpng, libgpiod and libi2c still come
# from apt). Tests/Hardware/run builds the same way.
release: packages
	SWIFT=$(SWIFT) Scripts/swift-build-static -c release
