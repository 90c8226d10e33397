#ifndef CLIBUSB_SHIM_H
#define CLIBUSB_SHIM_H
// pkg-config libusb-1.0 adds -I/usr/include/libusb-1.0.
#include <libusb.h>
#endif
