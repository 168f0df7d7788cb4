#ifndef PROSCENIUM_CXRES_SHIM_H
#define PROSCENIUM_CXRES_SHIM_H

// The X-Resource extension: what a client holds in the server. Only tests and benchmarks use it.
#include <X11/Xlib.h>
#include <X11/extensions/XRes.h>

#endif
