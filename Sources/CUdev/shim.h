#ifndef CUDEV_SHIM_H
#define CUDEV_SHIM_H
#include <libudev.h>
#endif
