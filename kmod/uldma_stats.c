// SPDX-License-Identifier: MIT
/*
 * kmod/uldma_stats.c -- the counters of /dev/uldma, in debugfs:
 *
 *   /sys/kernel/debug/uldma/stats         one "name value" line each (read)
 *   /sys/kernel/debug/uldma/engine_pause  "1": the soft engine holds its
 *                                         queued requests (none runs once
 *                                         the write returns); "0": it runs
 *                                         them.  A test hook: it lets the
 *                                         board test fill a send queue and
 *                                         close or kill with requests
 *                                         queued, deterministically.
 *   /sys/kernel/debug/uldma/va_ahead      "Y" (default): the VA fault
 *                                         handler pages in up to 4 pages
 *                                         per fault (Touch-Ahead), "N": 1
 *                                         (Touch-A-Page).
 *   /sys/kernel/debug/uldma/va_pause      "1": the VA path's R5 thread
 *                                         holds (a test hook, as
 *                                         engine_pause); "0": it runs.
 *
 * The "va_" counters are the VA fault path's (kmod/uldma_va.c), the "sm_"
 * ones the send modes' (kmod/uldma_sm.c, ABI 9).
 *
 * Both files are root's (0400, 0600), like the device.  The counters only
 * grow, except pins_held (pages pinned right now).
 */
#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>

#include "ud_common.h"
#include "uldma_kmod.h"
#include "uldma_sm.h"

struct ud_kmod_stats ud_kmod_stats;
static struct dentry *ud_kmod_dbg;

/* The core's statuses by -ud_status (src/ud_common.h). */
static const char *const ud_kmod_status_name[UD_KMOD_NSTATUS] = {
	"ok", "inval", "range", "key", "perm", "busy", "nospc", "noent",
	"state", "pd", "bounds", "overflow", "seq", "full", "empty",
	"stale", "forged", "fault", "platform",
};

void ud_kmod_stats_count_completion(int status)
{
	if (status <= 0 && -status < UD_KMOD_NSTATUS)
		atomic_long_inc(&ud_kmod_stats.completions[-status]);
}

static int ud_kmod_stats_show(struct seq_file *m, void *unused)
{
	struct ud_kmod_stats *s = &ud_kmod_stats;
	long all = 0, n;
	int i;

	BUILD_BUG_ON(-UD_E_PLATFORM != UD_KMOD_NSTATUS - 1);
	for (i = 0; i < UD_KMOD_NSTATUS; i++)
		all += atomic_long_read(&s->completions[i]);
	seq_printf(m, "completions %ld\n", all);
	for (i = 0; i < UD_KMOD_NSTATUS; i++) {
		n = atomic_long_read(&s->completions[i]);
		/* ok and every error the core gave, even at 0 */
		seq_printf(m, "completions_%s %ld\n",
			   ud_kmod_status_name[i], n);
	}
	seq_printf(m, "completions_flushed %ld\n",
		   atomic_long_read(&s->flushed));
	seq_printf(m, "completions_target_gone %ld\n",
		   atomic_long_read(&s->target_gone));
	seq_printf(m, "completions_lost %ld\n", ud_kmod_cq_dropped());
	seq_printf(m, "posts %ld\n", atomic_long_read(&s->posted));
	seq_printf(m, "posts_refused_noent %ld\n",
		   atomic_long_read(&s->post_noent));
	seq_printf(m, "posts_refused_cq_full %ld\n",
		   atomic_long_read(&s->post_cq_full));
	seq_printf(m, "posts_refused_sq_full %ld\n",
		   atomic_long_read(&s->post_sq_full));
	seq_printf(m, "engine_run %ld\n", atomic_long_read(&s->run));
	seq_printf(m, "engine_run_ns %lld\n",
		   (long long)atomic64_read(&s->run_ns));
	seq_printf(m, "engine_cancelled %ld\n",
		   atomic_long_read(&s->cancelled));
	seq_printf(m, "engine_dropped %ld\n", atomic_long_read(&s->dropped));
	seq_printf(m, "engine_paused %d\n", ud_kmod_engine_paused());
	seq_printf(m, "mw_binds %ld\n", atomic_long_read(&s->binds));
	seq_printf(m, "ring_taken %ld\n", atomic_long_read(&s->ring_taken));
	seq_printf(m, "ring_refused %ld\n",
		   atomic_long_read(&s->ring_refused));
	seq_printf(m, "ring_bad_index %ld\n",
		   atomic_long_read(&s->ring_bad_index));
	seq_printf(m, "doorbells %ld\n", atomic_long_read(&s->doorbells));
	seq_printf(m, "db_run %ld\n", atomic_long_read(&s->db_run));
	seq_printf(m, "polls %ld\n", atomic_long_read(&s->polls));
	seq_printf(m, "cq_bad_index %ld\n",
		   atomic_long_read(&s->cq_bad_index));
	seq_printf(m, "mr_invalidated %ld\n",
		   atomic_long_read(&s->mr_invalidated));
	seq_printf(m, "mr_reaped %ld\n", atomic_long_read(&s->mr_reaped));
	seq_printf(m, "mr_held %ld\n", atomic_long_read(&s->mr_held));
	seq_printf(m, "mr_kept %ld\n", atomic_long_read(&s->mr_kept));
	seq_printf(m, "pins_held %ld\n", ud_kmod_pins_held());
	seq_printf(m, "dma_refused %ld\n", ud_kmod_dma_refusals());
	ud_kmod_va_stats_show(m);
	ud_kmod_sm_stats_show(m);
	ud_kmod_sh_stats_show(m);
	ud_kmod_via_stats_show(m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ud_kmod_stats);

static ssize_t ud_kmod_pause_read(struct file *f, char __user *buf,
				  size_t len, loff_t *ppos)
{
	char s[3] = { ud_kmod_engine_paused() ? '1' : '0', '\n', 0 };

	return simple_read_from_buffer(buf, len, ppos, s, 2);
}

static ssize_t ud_kmod_pause_write(struct file *f, const char __user *buf,
				   size_t len, loff_t *ppos)
{
	bool v;
	int err = kstrtobool_from_user(buf, len, &v);

	if (err)
		return err;
	ud_kmod_engine_pause(v);
	return (ssize_t)len;
}

static const struct file_operations ud_kmod_pause_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= ud_kmod_pause_read,
	.write	= ud_kmod_pause_write,
	.llseek	= default_llseek,
};

int ud_kmod_debugfs_init(void)
{
	ud_kmod_dbg = debugfs_create_dir("uldma", NULL);
	debugfs_create_file("stats", 0400, ud_kmod_dbg, NULL,
			    &ud_kmod_stats_fops);
	debugfs_create_file("engine_pause", 0600, ud_kmod_dbg, NULL,
			    &ud_kmod_pause_fops);
	ud_kmod_va_debugfs(ud_kmod_dbg);
	return 0;
}

void ud_kmod_debugfs_exit(void)
{
	debugfs_remove_recursive(ud_kmod_dbg);
	ud_kmod_dbg = NULL;
}
