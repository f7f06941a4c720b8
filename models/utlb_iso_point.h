/* SPDX-License-Identifier: MIT */
/*
 * models/utlb_iso_point.h -- forced before every file a utlb_iso model
 * compiles (gcc -include, "cflags" in models/expected.json).
 *
 * src/utlb_table.c marks, with UD_UTLB_NIC_MAY_READ(), the point between
 * two of the driver's writes to NIC memory at which a NIC translation may
 * run: after the driver cleared the entry it is replacing or unmapping and
 * before it drops that entry's cache lines (utlb_inval).  The default
 * there is ((void)0); this header defines it as a call of the glue's
 * mu_nic_point (models/utlb_iso_glue.h), which runs the NIC read the model
 * chose for this call if it chose this point (g_at == 3).  The code of
 * src/utlb_table.c is otherwise compiled as it is; no proof goal changes.
 */
#ifndef UD_MODELS_UTLB_ISO_POINT_H
#define UD_MODELS_UTLB_ISO_POINT_H

void mu_nic_point(void);
#define UD_UTLB_NIC_MAY_READ() mu_nic_point()

#endif
