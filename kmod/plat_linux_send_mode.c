// SPDX-License-Identifier: MIT
/*
 * kmod/plat_linux_send_mode.c -- the kernel home of the send modes' page
 * doors (src/ud_platform.h, section send_mode), used by src/send_mode.c
 * through kmod/uldma_sm.c (ABI 9, SEND_MODE; docs/send-modes.md "The
 * kernel home").  [A-PLAT-SM]
 *
 * A frame number of the core is an index into ud_kmod_smf[], naming a
 * page: a page of ordinary user memory (USER), a page of a file's mapped
 * DMA buffer (DMABUF), a page of the NI's send memory (NI, PIO) or of the
 * kernel's DMA buffer (COPY, CopyDMA).  The doors run under
 * ud_kmod_sm_lock and never touch user memory nor take mmap_lock: what
 * needs either (copying the user's page, pinning it) is staged by the
 * SEND ioctl before the core runs (f->pre, f->pg), so a door only hands
 * over what the stage prepared -- and refuses, as A-PLAT-SM allows, when
 * nothing was staged:
 *
 *   copy(fr, TO_NI / TO_DMABUF)  USER: the staged copy of the user's page
 *                                becomes a new NI / COPY frame; DMABUF: a
 *                                fresh page, copied from the buffer's page
 *   copy(fr, TO_USER)            DMABUF only (the COW break, from the write
 *                                fault): a fresh page, copied from the
 *                                original, becomes what the user's offset
 *                                maps (ud_kmod_sm_arena_replace); the
 *                                original stays the NI's
 *   pin(fr)                      USER: the page pin_user_pages_fast staged;
 *                                DMABUF: the frame's page reference
 *   cow(fr, on)                  DMABUF: mark (the SEND ioctl then zaps the
 *                                page's PTE so the next write faults) or
 *                                clear; USER: memory the module cannot
 *                                write-protect -- the page is copied now
 *                                into the staged spare page, the snapshot
 *                                the NI reads (copy at post)
 *   put(fr, FREE / UNPIN / RELEASE)  free the NI / COPY page; unpin the user
 *                                page or drop the reference; release the
 *                                duplicated original to the free pages
 */
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/gfp.h>
#include <linux/highmem.h>
#include <linux/lockdep.h>
#include <linux/mm.h>

#include "ud_platform.h"
#include "eng_send.h"
#include "uldma_sm.h"

static struct ud_kmod_smf ud_kmod_smf[UD_KMOD_SMF_N];
static atomic_long_t ud_kmod_smf_inuse = ATOMIC_LONG_INIT(0);
static atomic_long_t ud_kmod_smpins = ATOMIC_LONG_INIT(0);
static atomic_long_t ud_kmod_smf_late = ATOMIC_LONG_INIT(0);

/*
 * User pins the core left when its send ended (its put door should have
 * given each back): ud_kmod_smf_free gives them back, counted here (0).
 */
long ud_kmod_smf_late_unpins(void)
{
	return atomic_long_read(&ud_kmod_smf_late);
}

long ud_kmod_sm_pins(void)
{
	return atomic_long_read(&ud_kmod_smpins);
}

void ud_kmod_sm_pin_count(long d)
{
	atomic_long_add(d, &ud_kmod_smpins);
}

long ud_kmod_smf_used(void)
{
	return atomic_long_read(&ud_kmod_smf_inuse);
}

u32 ud_kmod_smf_new(u8 kind)
{
	u32 i;

	lockdep_assert_held(&ud_kmod_sm_lock);
	for (i = 0; i < UD_KMOD_SMF_N; i++) {
		if (ud_kmod_smf[i].kind == UD_KMOD_SMF_FREE) {
			ud_kmod_smf[i] = (struct ud_kmod_smf){ .kind = kind };
			atomic_long_inc(&ud_kmod_smf_inuse);
			return i;
		}
	}
	return UD_SM_NOFRAME;
}

struct ud_kmod_smf *ud_kmod_smf_get(u32 id)
{
	lockdep_assert_held(&ud_kmod_sm_lock);
	if (id >= UD_KMOD_SMF_N || ud_kmod_smf[id].kind == UD_KMOD_SMF_FREE)
		return NULL;
	return &ud_kmod_smf[id];
}

/* Drop what f holds of its page. */
static void ud_kmod_smf_drop(struct ud_kmod_smf *f)
{
	if (!f->pg || !f->held)
		return;
	switch (f->kind) {
	case UD_KMOD_SMF_USER:
		unpin_user_page(f->pg);
		ud_kmod_sm_pin_count(-1);
		break;
	case UD_KMOD_SMF_DMABUF:
		put_page(f->pg);
		break;
	default:
		__free_page(f->pg);
		break;
	}
	f->held = false;
	f->pg = NULL;
}

void ud_kmod_smf_free(u32 id)
{
	struct ud_kmod_smf *f = ud_kmod_smf_get(id);

	if (!f)
		return;
	if (f->kind == UD_KMOD_SMF_USER && f->held)
		atomic_long_inc(&ud_kmod_smf_late);
	ud_kmod_smf_drop(f);
	if (f->pre)
		__free_page(f->pre);
	if (f->snap)
		__free_page(f->snap);
	*f = (struct ud_kmod_smf){ .kind = UD_KMOD_SMF_FREE };
	atomic_long_dec(&ud_kmod_smf_inuse);
}

struct page *ud_kmod_smf_nic_page(u32 id)
{
	struct ud_kmod_smf *f = ud_kmod_smf_get(id);

	if (!f)
		return NULL;
	return f->snap ? f->snap : f->pg;
}

/* The frame the NI reads (a send's snapshot when one was taken, else the
 * frame's page), as a physical address for the memory door. */
uint64_t ud_plat_sm_pa(uint32_t frame)
{
	struct page *pg = ud_kmod_smf_nic_page(frame);

	return pg ? (uint64_t)page_to_pfn(pg) << PAGE_SHIFT : UD_SM_NOPA;
}

uint32_t ud_plat_sm_copy(uint32_t frame, uint32_t to)
{
	struct ud_kmod_smf *f = ud_kmod_smf_get(frame), *n;
	struct page *pg = NULL;
	u32 id;

	if (!f)
		return UD_SM_NOFRAME;
	if (to == UD_SM_TO_NI || to == UD_SM_TO_DMABUF) {
		if (f->kind == UD_KMOD_SMF_USER) {
			/* Copied from user space by the stage, at the call. */
			pg = f->pre;
		} else if (f->kind == UD_KMOD_SMF_DMABUF && f->pg) {
			pg = alloc_page(GFP_KERNEL);
			if (pg)
				copy_highpage(pg, f->pg);
		}
		if (!pg)
			return UD_SM_NOFRAME;
		id = ud_kmod_smf_new(to == UD_SM_TO_NI ? UD_KMOD_SMF_NI :
							 UD_KMOD_SMF_COPY);
		if (id == UD_SM_NOFRAME) {
			if (pg != f->pre)
				__free_page(pg);
			return UD_SM_NOFRAME;
		}
		if (pg == f->pre)
			f->pre = NULL;
		n = &ud_kmod_smf[id];
		n->pg = pg;
		n->held = true;
		return id;
	}
	if (to != UD_SM_TO_USER || f->kind != UD_KMOD_SMF_DMABUF || !f->pg)
		return UD_SM_NOFRAME;
	/* The COW break: the writer gets a copy, the NI keeps f->pg. */
	pg = alloc_page(GFP_KERNEL);
	if (!pg)
		return UD_SM_NOFRAME;
	copy_highpage(pg, f->pg);
	id = ud_kmod_smf_new(UD_KMOD_SMF_DMABUF);
	if (id == UD_SM_NOFRAME) {
		__free_page(pg);
		return UD_SM_NOFRAME;
	}
	n = &ud_kmod_smf[id];
	get_page(pg);			/* the frame's reference          */
	n->pg = pg;
	n->held = true;
	n->arena = f->arena;
	n->idx = f->idx;
	/* The arena's own reference (alloc_page's) goes with its mapping. */
	ud_kmod_sm_arena_replace(f->arena, f->idx, pg);
	return id;
}

ud_status ud_plat_sm_pin(uint32_t frame)
{
	struct ud_kmod_smf *f = ud_kmod_smf_get(frame);

	if (!f || !f->pg || !f->held)
		return UD_E_PLATFORM;
	/* USER: pinned by the stage (pin_user_pages_fast, at the call);
	 * DMABUF: the frame holds a reference on the buffer's page.
	 */
	return (f->kind == UD_KMOD_SMF_USER || f->kind == UD_KMOD_SMF_DMABUF) ?
		UD_OK : UD_E_PLATFORM;
}

void ud_plat_sm_cow(uint32_t frame, uint32_t on)
{
	struct ud_kmod_smf *f = ud_kmod_smf_get(frame);

	if (!f)
		return;
	if (f->kind == UD_KMOD_SMF_DMABUF) {
		f->cow = on != 0;
		return;
	}
	/*
	 * Memory the module cannot write-protect: the mark is a snapshot
	 * taken now, at the send call, into the staged spare page; the NI
	 * reads it (ud_kmod_smf_nic_page).
	 */
	if (on && f->kind == UD_KMOD_SMF_USER && f->pg && f->pre && !f->snap) {
		copy_highpage(f->pre, f->pg);
		f->snap = f->pre;
		f->pre = NULL;
		f->cow = true;
	} else if (!on) {
		f->cow = false;
	}
}

void ud_plat_sm_put(uint32_t frame, uint32_t how)
{
	struct ud_kmod_smf *f = ud_kmod_smf_get(frame);

	if (!f)
		return;
	/* FREE: the NI / COPY page; UNPIN: the user's pin or the buffer
	 * page's reference; RELEASE: the duplicated original, whose last
	 * reference this is (the arena maps the copy), to the free pages.
	 */
	WARN_ON_ONCE(how == UD_SM_PUT_FREE && f->kind != UD_KMOD_SMF_NI &&
		     f->kind != UD_KMOD_SMF_COPY);
	ud_kmod_smf_drop(f);
}
