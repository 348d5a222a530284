/* SPDX-License-Identifier: GPL-2.0 */
/* The registry (registry.c) as the module's init and exit (main.c) call it. */
#ifndef HWC_REGISTRY_H
#define HWC_REGISTRY_H

/* Registers what this CPU supports; on failure nothing stays registered. */
int hwc_registry_init(void);
/* Unregisters everything, in reverse order. */
void hwc_registry_exit(void);

#endif /* HWC_REGISTRY_H */
