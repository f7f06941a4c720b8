// SPDX-License-Identifier: MIT
/*
 * tests/lib/test_libuldma.c -- libuldma as an installed library (make
 * lib-check, part of make test): built once against the shared and once
 * against the static library of a `make install PREFIX=...` tree, through
 * pkg-config's uldma.pc only.  On the build machine there is no
 * /dev/uldma, so it checks what needs no device: every name of the API
 * links (both spellings), uldma_strerror gives a distinct, non-empty text
 * for every errno of kmod/uapi/uldma.h's table and "unknown error"
 * otherwise, and a call on a descriptor that is not the device fails with
 * a negative errno and touches no output (the shadow calls of ABI 10
 * and the VIA calls of ABI 11 too).  Exit 0 iff all hold.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <libuldma.h>

static int fails;

static void want(const char *what, int ok)
{
	if (!ok) {
		printf("lib-check: FAIL %s\n", what);
		fails++;
	}
}

int main(void)
{
	static const int errs[] = {
		EINVAL, ERANGE, ENOKEY, EACCES, EBUSY, ENOSPC, ENOENT, EBADFD,
		EPERM, EFAULT, EOVERFLOW, EPROTO, ENOBUFS, ENODATA, ESTALE,
		EBADMSG, EAGAIN, ECANCELED, EINTR, ENOTTY, ENOMEM, EIO,
	};
	struct uldma_query q;
	struct uldma_wc wc;
	uint32_t pd = 77;
	size_t i, j, n = sizeof(errs) / sizeof(errs[0]);
	int fd, r, pfd[2];

	for (i = 0; i < n; i++) {
		const char *s = uldma_strerror(-errs[i]);

		want("strerror: text for each errno", s && s[0] &&
		     strcmp(s, "unknown error") != 0);
		want("strerror: positive errno reads the same",
		     s == uldma_strerror(errs[i]));
		for (j = 0; j < i; j++)
			want("strerror: distinct texts",
			     strcmp(s, uldma_strerror(-errs[j])) != 0);
	}
	want("strerror(0)", strcmp(uldma_strerror(0), "success") == 0);
	want("strerror(-4095) unknown",
	     strcmp(uldma_strerror(-4095), "unknown error") == 0);

	/* A descriptor that is not /dev/uldma: every call is refused. */
	fd = 0;
	r = uldma_alloc_pd(fd, &pd);
	want("alloc_pd on a non-device fd: negative errno, pd untouched",
	     r < 0 && pd == 77);
	want("query_device on a non-device fd", uldma_query_device(fd, &q) < 0);
	want("poll_cq on a non-device fd", uldma_poll_cq(fd, 1, &wc) < 0);
	/* mmap of a pipe fails whatever stdin is. */
	want("map_cq and map_qp on a pipe: refused, nothing mapped",
	     pipe(pfd) == 0 && uldma_map_cq(pfd[0]) < 0 &&
	     !uldma_cq_mapped(pfd[0]) && uldma_map_qp(pfd[0], 0) < 0 &&
	     !uldma_qp_mapped(pfd[0], 0) &&
	     uldma_unmap_cq(pfd[0]) == -ENOENT);
	want("doorbell (ABI 7) on a pipe: refused; on an unmapped QP: ENOENT",
	     uldma_ring_doorbell(pfd[0], 0) < 0 &&
	     uldma_qp_doorbell(pfd[0], 0, 1) == -ENOENT &&
	     uldma_qp_doorbell(pfd[0], 0, 0) == -ENOENT);
	{
		struct uldma_shadow_ctx sc = { -7, 9, 9, 9 };
		uint32_t v = 77;

		want("shadow (ABI 10) on a pipe: refused, nothing filled",
		     uldma_shadow_open(pfd[0], 2, &sc) < 0 && sc.fd == -7 &&
		     uldma_shadow_map(pfd[0], &v, ULDMA_SH_R_READ) < 0 &&
		     uldma_shadow_unmap(pfd[0], &v) < 0 &&
		     uldma_shadow_store(pfd[0], uldma_shadow_addr(&v), 1) < 0 &&
		     uldma_shadow_load(pfd[0], uldma_shadow_addr(&v), &v) < 0 &&
		     v == 77 && uldma_shadow_copy(&sc, &v, &v, 4) == -EINVAL &&
		     uldma_shadow_addr((void *)0x1000) == ULDMA_SH_VBIT + 0x1000);
	}
	{
		struct uldma_via v = { .moved = 77 };
		uint64_t la = 77, h = 77, ra = 77;
		uint32_t tag = 77, moved = 77;

		want("VIA (ABI 11) on a pipe: refused, nothing filled",
		     uldma_via_create(pfd[0], &tag) < 0 && tag == 77 &&
		     uldma_via_destroy(pfd[0], 0) < 0 &&
		     uldma_via_export(pfd[0], 0, ULDMA_VIA_NODE_LOCAL, &v,
				      4096, &la, &h) < 0 && la == 77 &&
		     h == 77 && uldma_via_unexport(pfd[0], 1) < 0 &&
		     uldma_via_import(pfd[0], 0, 1, &ra) < 0 && ra == 77 &&
		     uldma_via_post(pfd[0], 0, 0, 0, 1, &v) < 0 &&
		     v.moved == 77 &&
		     uldma_via_write(pfd[0], 0, 0, 0, 1, &moved) < 0 &&
		     moved == 77);
	}
	fd = uldma_open_device();
	want("open_device: a descriptor, or a negative errno without the module",
	     fd >= 0 || fd == -ENOENT || fd == -EACCES || fd == -ENXIO ||
	     fd == -ENODEV);
	if (fd >= 0)
		want("close_device", uldma_close_device(fd) == 0);
	if (fails)
		return 1;
	printf("lib-check: ok (%zu error texts, calls on a non-device refused, open_device %d: %s)\n",
	       n, fd, fd < 0 ? uldma_strerror(fd) : "opened");
	return 0;
}
