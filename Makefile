# Glance: the two commands a maker needs.
#   make demo   builds Glance and runs the demo face in the terminal (no hardware needed)
#   make test   builds Glance and runs every test, quick stages first: proving the libgpiod shim's
#               declarations match libgpiod v1 and v2 (Scripts/check-gpiod-api), the unit
#               tests, the fuzzer, then the hardware scenarios in a VM with simulated GPIO and
#               I2C (Tests/Hardware/run, Docs/Testing.md; the first run builds its kernel); it
#               ends with each stage's seconds and result (Scripts/stages)
# Both first install the Debian packages they need when any is missing.
#   make test-hardware   the hardware scenarios alone
#   make fuzz            every fuzz target for ten minutes (make test runs each for 20 s)
#   make release         .build/release/glance with the Swift runtime linked in, as a face is
#                        deployed (no browser simulator)

SWIFT ?= swift
PACKAGES := pkg-config libpng-dev libi2c-dev libmosquitto-dev
# For the tests only: systemd-analyze scores the service unit's sandbox; the MQTT tests start
# their own Mosquitto broker on a free loopback port; the browser simulator's test drives Chromium;
# the networking tests make a certificate authority with openssl and serve HTTPS with python3;
# the GPIO tests load libgpiod, which the build does not need (libgpiod3 on trixie, libgpiod2 on
# bookworm: Scripts/ensure-packages installs the first of the two this machine's apt offers).
TEST_PACKAGES := systemd mosquitto chromium openssl python3 'libgpiod3|libgpiod2'
# The tests build with the URLSession trait, so the networked fixture compiles with its iOS
# imports alone (Docs/Widgets.md, "Networked providers"); demo and release builds leave it off.
# Naming traits turns the default ones off, so WebSimulator (the browser simulator) and
# DevelopmentTools (bench, specimen, new) are named too.
TEST_TRAITS := --traits URLSession,WebSimulator,DevelopmentTools
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

# The stages run in order, the quick ones that can fail before the slow ones, and stop at the
# first failure; Scripts/stages prints every stage's seconds and result at the end, also then.
# The unit tests keep both cores busy, so a control answer can queue for longer than
# glance ctl's usual 30 seconds: GLANCE_CTL_TIMEOUT lengthens that bound for the run.
test:
	@Scripts/stages \
	    "packages" "Scripts/ensure-packages $(PACKAGES) $(TEST_PACKAGES)" \
	    "libgpiod API check" "Scripts/check-gpiod-api" \
	    "build (tests)" "$(SWIFT) build --build-tests $(TEST_TRAITS)" \
	    "unit tests" "GLANCE_CTL_TIMEOUT=300 $(SWIFT) test --skip-build $(TEST_TRAITS) --skip $(NEW_PACKAGE_TEST)" \
	    "new package" "$(SWIFT) test --skip-build $(TEST_TRAITS) --filter $(NEW_PACKAGE_TEST)" \
	    "fuzz" "SWIFT=$(SWIFT) Scripts/fuzz 20" \
	    "hardware (VM)" "SWIFT=$(SWIFT) Tests/Hardware/run"

# Every fuzz target for ten minutes (Scripts/fuzz SECONDS TARGET… for other runs).
fuzz:
	SWIFT=$(SWIFT) Scripts/fuzz 600

test-hardware: packages
	SWIFT=$(SWIFT) Tests/Hardware/run

# Scripts/swift-build-static: the Swift runtime and Foundation inside the binary. It starts in
# about half the time and with 6 MB less memory than one loading two dozen shared libraries,
# and runs on a board without the Swift toolchain (libpng and libi2c still come from apt, and
# libgpiod for buttons and e-paper lines, loaded when first used). Tests/Hardware/run builds the
# same way. Only the glance program: the test fixtures are not released (the networked one
# would need libcurl's development files to link statically). Built as a face is deployed,
# without the browser simulator's server, but with the development commands (glance bench);
# `make release RELEASE_TRAITS=` builds with every default trait, the page's server too. ICU's
# data is the smaller copy that Scripts/icu-data (python3) writes.
RELEASE_TRAITS ?= --traits DevelopmentTools
release:
	@Scripts/ensure-packages $(PACKAGES) python3
	SWIFT=$(SWIFT) Scripts/swift-build-static -c release $(RELEASE_TRAITS) --product glance
