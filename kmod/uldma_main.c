// SPDX-License-Identifier: MIT
/*
 * kmod/uldma_main.c -- module init/exit of uldma.ko, the kernel home.
 *
 * The verified core (src/) does the deciding; this file only moves data
 * between the kernel and the core.  At load it runs a small self-check of
 * the core (kmod/uldma_selftest.c) and reports the result twice, so a test
 * harness can observe it without a debugger:
 *   - one line in the kernel log:  "uldma: self-check passed (N checks)"
 *   - the same line from `cat /dev/uldma` (a read-only misc device).
 * A failed self-check fails the load (-EIO): a module whose core misbehaves
 * on this kernel/compiler must not sit in the kernel looking healthy.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/slab.h>

#include "uldma_kmod.h"

struct uldma_dev {
	struct miscdevice misc;
	char report[UD_KMOD_REPORT_LEN];
	size_t report_len;
};

static struct uldma_dev *uldma;

static ssize_t uldma_read(struct file *file, char __user *buf, size_t len,
			  loff_t *ppos)
{
	return simple_read_from_buffer(buf, len, ppos, uldma->report,
				       uldma->report_len);
}

static const struct file_operations uldma_fops = {
	.owner	= THIS_MODULE,
	.read	= uldma_read,
	.llseek	= default_llseek,
};

static int __init uldma_init(void)
{
	struct ud_kmod_selftest st;
	int err;

	uldma = kzalloc(sizeof(*uldma), GFP_KERNEL);
	if (!uldma)
		return -ENOMEM;

	err = ud_kmod_selftest(&st);
	if (err) {
		pr_err("self-check FAILED: %s (%u of %u checks failed)\n",
		       st.failed ? st.failed : "?", st.total - st.passed, st.total);
		goto err_free;
	}
	uldma->report_len = scnprintf(uldma->report, sizeof(uldma->report),
				      "uldma: self-check passed (%u checks)\n",
				      st.passed);

	uldma->misc.minor = MISC_DYNAMIC_MINOR;
	uldma->misc.name = "uldma";
	uldma->misc.fops = &uldma_fops;
	uldma->misc.mode = 0444;
	err = misc_register(&uldma->misc);
	if (err) {
		pr_err("misc_register failed: %d\n", err);
		goto err_free;
	}

	pr_info("self-check passed (%u checks)\n", st.passed);
	return 0;

err_free:
	kfree(uldma);
	uldma = NULL;
	return err;
}

static void __exit uldma_exit(void)
{
	misc_deregister(&uldma->misc);
	kfree(uldma);
	uldma = NULL;
	pr_info("unloaded\n");
}

module_init(uldma_init);
module_exit(uldma_exit);

MODULE_LICENSE("Dual MIT/GPL");
MODULE_AUTHOR("uldma");
MODULE_DESCRIPTION("uldma: verified protected user-level DMA core, kernel home");
