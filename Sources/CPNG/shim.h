#ifndef PROSCENIUM_CPNG_SHIM_H
#define PROSCENIUM_CPNG_SHIM_H
#include <png.h>
#endif
