#ifndef PROSCENIUM_CX11_SHIM_H
#define PROSCENIUM_CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/cursorfont.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <X11/extensions/Xrender.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/sync.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/XInput2.h>
#include <X11/Xft/Xft.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <locale.h>

/* XInput 2's event masks are set and read through macros, which Swift cannot call. */
static inline void proscenium_xi_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int proscenium_xi_mask_is_set(const unsigned char *mask, int event) { return XIMaskIsSet(mask, event); }

/* Xlib's input-method calls are variadic, which Swift cannot call: these fix their argument lists. */

/* The input styles `im` supports (free with XFree), or NULL. */
static inline XIMStyles *proscenium_im_styles(XIM im) {
    XIMStyles *styles = NULL;
    if (XGetIMValues(im, XNQueryInputStyle, &styles, NULL) != NULL) return NULL;
    return styles;
}

/* An input context for `window` with `style`, or NULL. */
static inline XIC proscenium_create_ic(XIM im, Window window, XIMStyle style) {
    return XCreateIC(im, XNInputStyle, style, XNClientWindow, window, XNFocusWindow, window, NULL);
}

/* The events `ic` needs the window to select (an input method may want key releases, say), or 0. */
static inline long proscenium_ic_filter_events(XIC ic) {
    long mask = 0;
    if (XGetICValues(ic, XNFilterEvents, &mask, NULL) != NULL) return 0;
    return mask;
}

#endif
