# Glance: the two commands a maker needs.
#   make demo   builds Glance and runs the demo face in the terminal (no hardware needed)
#   make test   builds Glance and runs every test (first proving the libgpiod shim builds
#               against libgpiod v1 and v2: Scripts/check-gpiod-shim)
#   make test-hardware   the scenarios in a VM with simulated GPIO and I2C (Tests/Hardware/run,
#               Docs/Testing.md); not yet part of make test: the bounce-storm scenarios
#               are timing-sensitive under software emulation
# Both first install the Debian packages they need when any is missing.

SWIFT ?= swift
PACKAGES := pkg-config libpng-dev libgpiod-dev libi2c-dev

.PHONY: demo test test-hardware build packages release

packages:
	@Scripts/ensure-packages $(PACKAGES)

build: packages
	$(SWIFT) build

demo: build
	@Examples/weather-update.sh > /dev/null
	$(SWIFT) run --skip-build glance run --config Examples/glance.yaml

test: packages
	Scripts/check-gpiod-shim
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

test-hardware: packages
	SWIFT=$(SWIFT) Tests/Hardware/run

release: packages
	$(SWIFT) build -c release
