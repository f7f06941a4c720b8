// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_xfer_wr.c -- the kernel home of the completion door
 * (src/ud_platform.h, section xfer_wr), used by src/xfer_wr.c.
 *
 * Until the verbs give each open file its own completion queues (issue 22),
 * the module keeps one device-wide ring of the last UD_KMOD_CQ_RING
 * completions under a spinlock, and counts every completion: none is lost
 * silently (a completion that finds the ring full overwrites the oldest and
 * is counted as an overrun).  [A-PLAT-CQ]
 */
#include <linux/spinlock.h>

#include "ud_platform.h"
#include "uldma_kmod.h"

#define UD_KMOD_CQ_RING 64

static DEFINE_SPINLOCK(ud_kmod_cq_lock);
static struct ud_kmod_cqe ud_kmod_cq[UD_KMOD_CQ_RING];
static unsigned long ud_kmod_cq_n, ud_kmod_cq_taken;

void ud_plat_complete(uint32_t qp, ud_status st, uint32_t len)
{
	unsigned long flags;

	spin_lock_irqsave(&ud_kmod_cq_lock, flags);
	ud_kmod_cq[ud_kmod_cq_n % UD_KMOD_CQ_RING] =
		(struct ud_kmod_cqe){ .qp = qp, .status = st, .len = len };
	ud_kmod_cq_n++;
	spin_unlock_irqrestore(&ud_kmod_cq_lock, flags);
}

bool ud_kmod_poll(struct ud_kmod_cqe *e, unsigned long *overrun)
{
	unsigned long flags;
	bool got = false;

	spin_lock_irqsave(&ud_kmod_cq_lock, flags);
	if (ud_kmod_cq_n - ud_kmod_cq_taken > UD_KMOD_CQ_RING) {
		*overrun += ud_kmod_cq_n - ud_kmod_cq_taken - UD_KMOD_CQ_RING;
		ud_kmod_cq_taken = ud_kmod_cq_n - UD_KMOD_CQ_RING;
	}
	if (ud_kmod_cq_taken < ud_kmod_cq_n) {
		*e = ud_kmod_cq[ud_kmod_cq_taken % UD_KMOD_CQ_RING];
		ud_kmod_cq_taken++;
		got = true;
	}
	spin_unlock_irqrestore(&ud_kmod_cq_lock, flags);
	return got;
}
