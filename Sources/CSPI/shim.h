// The spidev ioctl interface. Its request numbers are function-like macros, which Swift cannot
// import, so they are wrapped in static inline functions here.
#include <linux/spi/spidev.h>
#include <sys/ioctl.h>

/// SPI_IOC_MESSAGE(1): one transfer per ioctl.
static inline unsigned long glance_spi_ioc_message_1(void) { return SPI_IOC_MESSAGE(1); }
/// SPI_IOC_WR_MODE: set the clock mode (0–3).
static inline unsigned long glance_spi_ioc_wr_mode(void) { return SPI_IOC_WR_MODE; }
/// SPI_IOC_WR_BITS_PER_WORD: set the word size (8).
static inline unsigned long glance_spi_ioc_wr_bits_per_word(void) { return SPI_IOC_WR_BITS_PER_WORD; }
/// SPI_IOC_WR_MAX_SPEED_HZ: set the clock rate.
static inline unsigned long glance_spi_ioc_wr_max_speed_hz(void) { return SPI_IOC_WR_MAX_SPEED_HZ; }
