#ifndef CCUPS_SHIM_H
#define CCUPS_SHIM_H
#include <cups/cups.h>
#endif
