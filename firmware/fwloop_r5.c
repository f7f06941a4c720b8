// SPDX-License-Identifier: MIT
/*
 * firmware/fwloop_r5.c -- the main of uldma-r5-loop.elf, the firmware in
 * the loop of the board model (issue 23 item 5; docs/board-model.md,
 * "Firmware in the loop"; protocol in fwloop_proto.h).
 *
 * The same objects as uldma-r5.elf -- every src/ module compiled unchanged for
 * the Cortex-R5, the mailbox ring (mbox_r5.c) and the poll loop
 * (loop_r5.c) -- with two doors replaced, because here the R5's world is
 * the board model on the other end of two semihosting pipes:
 *
 *   ud_plat_now        the model's virtual time, carried in each input
 *                      (the PMU clock of ud_platform_r5.c is not linked);
 *   ud_plat_r5_post,   a POST / NOTIFY record back to the model, which
 *   ud_plat_r5_notify  hands it to its send engine / user (instead of
 *                      plat_r5_r5_sched.c's descriptor ring).
 *
 * Each input is one R5 step.  A RAPF goes the production way: its two
 * words are put into the mailbox ring and one pass of ud_r5_loop_pass
 * takes them out, has src/fault_msg.c decode them and src/r5_sched.c judge
 * them.  So does an engine reply (ACK, NACK, PF-NACK: its words encoded
 * by src/reply_msg.c, HOME-9), and a transfer request (its four slots
 * encoded by src/req_msg.c, HOME-14).  A failure report goes through
 * ud_r5_loop_fail.  The timer tick goes to the entry point directly: the
 * model schedules it at the firmware's own next deadline (reported in
 * every DONE, from the verified ud_r5_next_deadline); the loop's periodic
 * tick is parked, the model's clock being the only clock.
 *
 * Built with -DUD_FWLOOP_PLANT_DROP=N (uldma-r5-loop-plant.elf) the
 * firmware silently drops the N-th RAPF it is given (answering as if it had
 * taken it): the planted difference that the model's comparison must
 * catch.
 */
#include "loop_r5.h"
#include "semihost_r5.h"
#include "fwloop_proto.h"
#include "r5_timer.h"

#if !defined(UD_R5_HAVE_SCHED) || !defined(UD_R5_HAVE_REQ_MSG)
#error "the firmware-in-the-loop ELF needs r5_sched, fault_msg and req_msg"
#endif

#define UD_FW_OUTBUF 8u

static struct ud_r5_loop ud_fw_loop;
static struct ud_r5_sched ud_fw_sched;
static int32_t ud_fw_in = -1, ud_fw_out = -1;
static uint64_t ud_fw_now;		/* the model's time of this step   */
static uint32_t ud_fw_recno;		/* number of the current input     */
static uint32_t ud_fw_posts, ud_fw_notes;	/* outputs of this step    */
static uint32_t ud_fw_buf[UD_FW_OUTBUF][UD_FW_REC_WORDS];
static uint32_t ud_fw_nbuf;
#ifdef UD_FWLOOP_PLANT_DROP
static uint32_t ud_fw_events;
#endif

static void ud_fw_die(const char *why)
{
	ud_r5_sh_puts("uldma-r5-loop: ");
	ud_r5_sh_puts(why);
	ud_r5_sh_puts("\n");
	ud_r5_sh_exit(1);
}

static void ud_fw_flush(void)
{
	if (ud_fw_nbuf > 0u &&
	    !ud_r5_sh_write_all(ud_fw_out, ud_fw_buf, ud_fw_nbuf * UD_FW_REC_WORDS * 4u))
		ud_fw_die("write to the model failed");
	ud_fw_nbuf = 0;
}

/* A fresh output record of this kind, numbered with the current input. */
static uint32_t *ud_fw_rec(uint32_t kind)
{
	uint32_t *r, i;

	if (ud_fw_nbuf == UD_FW_OUTBUF)
		ud_fw_flush();
	r = ud_fw_buf[ud_fw_nbuf++];
	for (i = 0; i < UD_FW_REC_WORDS; i++)
		r[i] = 0;
	r[0] = kind;
	r[1] = ud_fw_recno;
	return r;
}

static void ud_fw_put64(uint32_t *r, uint32_t w, uint64_t v)
{
	r[w] = (uint32_t)v;
	r[w + 1u] = (uint32_t)(v >> 32);
}

static uint64_t ud_fw_get64(const uint32_t *r, uint32_t w)
{
	return (uint64_t)r[w] | ((uint64_t)r[w + 1u] << 32);
}

/* ------------------------------------------------------------ doors */
uint64_t ud_plat_now(void)
{
	return ud_fw_now;
}

void ud_plat_r5_post(uint16_t trid, uint16_t seq, uint8_t pd, uint8_t vc,
		     uint8_t kind, uint32_t node, uint64_t src, uint64_t dst,
		     uint32_t len)
{
	uint32_t *r = ud_fw_rec(UD_FW_OUT_POST);

	r[2] = trid;
	r[3] = seq;
	r[4] = pd;
	r[5] = vc;
	r[6] = kind;
	r[7] = node;
	ud_fw_put64(r, 8u, src);
	ud_fw_put64(r, 10u, dst);
	r[12] = len;
	ud_fw_posts++;
}

void ud_plat_r5_notify(uint8_t pd, uint8_t vc, uint8_t kind, ud_status status)
{
	uint32_t *r = ud_fw_rec(UD_FW_OUT_NOTIFY);

	r[2] = pd;
	r[3] = vc;
	r[4] = kind;
	r[5] = (uint32_t)status;
	ud_fw_notes++;
}

/* The home's clock is the model's: nothing to start. */
void ud_r5_clock_init(void)
{
}

/* ------------------------------------------------------------ steps */
static void ud_fw_done(int32_t rc)
{
	const struct ud_r5_sched_cnt *c = &ud_fw_sched.cnt;
	const int64_t cnt[UD_FW_NCNT] = {
		c->submits, c->read_reqs, c->acks, c->completions,
		c->rtx_nack, c->rtx_timeout, c->rtx_rapf, c->pauses,
		c->ign_inval, c->ign_unknown, c->ign_forged, c->ign_stale,
		c->aborts, c->spent,
	};
	uint64_t when = 0;
	uint32_t *r, i;
	int armed = 0;

	if (ud_fw_loop.sched != NULL)
		armed = ud_r5_next_deadline(ud_fw_sched.dense, ud_fw_sched.narmed,
					    ud_fw_sched.dl, &when);
	r = ud_fw_rec(UD_FW_OUT_DONE);
	r[2] = (uint32_t)rc;
	r[3] = armed ? 1u : 0u;
	ud_fw_put64(r, 4u, armed ? when : 0u);
	r[6] = ud_fw_posts;
	r[7] = ud_fw_notes;
	for (i = 0; i < UD_FW_NCNT; i++)
		ud_fw_put64(r, UD_FW_W_CNT + 2u * i, (uint64_t)cnt[i]);
	ud_fw_flush();
}

/* Producer side of the mailbox ring (r5_home.h): what the APU driver or
 * the mailbox's DMA does on the board. */
static void ud_fw_mbox_put(uint32_t w0, uint32_t w1)
{
	uint32_t h = ud_r5_mbox.head;

	ud_r5_mbox.slot[h % UD_R5_MBOX_SLOTS][0] = w0;
	ud_r5_mbox.slot[h % UD_R5_MBOX_SLOTS][1] = w1;
	ud_r5_dmb();
	ud_r5_mbox.head = h + 1u;
}

/* A message of n slots (w[0 .. 2n-1]), published with one head update. */
static void ud_fw_mbox_put_n(const uint32_t *w, uint32_t n)
{
	uint32_t h = ud_r5_mbox.head, i;

	for (i = 0; i < n; i++) {
		ud_r5_mbox.slot[(h + i) % UD_R5_MBOX_SLOTS][0] = w[2u * i];
		ud_r5_mbox.slot[(h + i) % UD_R5_MBOX_SLOTS][1] = w[2u * i + 1u];
	}
	ud_r5_dmb();
	ud_r5_mbox.head = h + n;
}

static int32_t ud_fw_init(const uint32_t *in)
{
	ud_status rc;

	ud_r5_mbox_init(&ud_r5_mbox);
	ud_r5_loop_init(&ud_fw_loop, &ud_r5_mbox);
	if (in[6] != UD_R5_SCHED_WIN)
		return UD_E_RANGE;
	rc = ud_r5_loop_attach(&ud_fw_loop, &ud_fw_sched, ud_fw_get64(in, 4u));
	/* The loop's own periodic tick is parked: the model sends TICK at
	 * the deadline each DONE reports. */
	ud_fw_loop.next_tick = UINT64_MAX;
	return rc;
}

#ifdef UD_FWLOOP_PLANT_DROP
/* The planted difference: the N-th RAPF vanishes. */
static bool ud_fw_plant_drop(void)
{
	return ++ud_fw_events == (uint32_t)(UD_FWLOOP_PLANT_DROP);
}
#else
static bool ud_fw_plant_drop(void)
{
	return false;
}
#endif

static int32_t ud_fw_step(const uint32_t *in)
{
	struct ud_r5_sched_req q;
	struct ud_r5_sched_ev ev;
	struct ud_ack_msg a;
	struct ud_req_msg r;
	uint32_t rw[UD_REQ_WORDS];
	uint32_t before, w0, w1;

	if (in[0] != UD_FW_IN_INIT && ud_fw_loop.sched == NULL)
		return UD_E_STATE;
	switch (in[0]) {
	case UD_FW_IN_INIT:
		return ud_fw_init(in);
	case UD_FW_IN_SUBMIT:
		q.pd = (uint8_t)in[4];
		q.vc = (uint8_t)in[5];
		q.kind = (uint8_t)in[6];
		q.node = in[7];
		q.src = ud_fw_get64(in, 8u);
		q.dst = ud_fw_get64(in, 10u);
		q.len = in[12];
		/* A transfer request the production way (HOME-14): encoded as
		 * its four mailbox slots by src/req_msg.c (the wired PDID the
		 * submitting process's PD, as the APU driver wires it), put in
		 * the ring with one head update, one loop pass decodes it and
		 * hands it to ud_r5_sched_submit.  Anything the encoder
		 * refuses (a field out of range, kind READ, a VA at or above
		 * 2^48) goes to the entry point directly, as the model's own
		 * R5 takes it. */
		if (in[4] < 256u && in[5] < 256u && q.kind == UD_R5_SCHED_WRITE) {
			r.type = (uint8_t)UD_REQ_XFER;
			r.pd = q.pd;
			r.vc = q.vc;
			r.wired_pd = q.pd;
			r.node = q.node;
			r.src = q.src;
			r.dst = q.dst;
			r.len = q.len;
			if (ud_req_encode(&r, rw) == UD_OK) {
				before = ud_r5_mbox.messages;
				ud_fw_mbox_put_n(rw, UD_REQ_SLOTS);
				ud_r5_loop_pass(&ud_fw_loop);
				if (ud_r5_mbox.messages != before + 1u ||
				    ud_r5_mbox.tail != ud_r5_mbox.head)
					ud_fw_die("the loop did not take the request from the mailbox");
				return ud_fw_loop.last;
			}
		}
		return ud_r5_sched_submit(&ud_fw_sched, &q, ud_fw_now);
	case UD_FW_IN_EVENT:
		/* An engine reply (ACK, NACK, PF-NACK) the production way:
		 * encoded as its two mailbox words by src/reply_msg.c, put in
		 * the ring, one loop pass decodes it and hands it to the
		 * scheduler (HOME-9).  Anything the encoder refuses (a field
		 * out of range, another kind) goes to the entry point
		 * directly, as the model's own R5 takes it. */
		a.code = in[4] == UD_R5_SCHED_EV_ACK ? UD_ACK_CODE_ACK :
			 in[4] == UD_R5_SCHED_EV_PFNACK ? UD_ACK_CODE_PFNACK :
			 in[4] == UD_R5_SCHED_EV_NACK ? UD_ACK_CODE_NACK : UD_ACK_CODE_LIM;
		a.trid = (uint16_t)in[5];
		a.seq = (uint16_t)in[6];
		if (in[5] < 65536u && in[6] < 65536u && ud_ack_encode(&a, &w0, &w1) == UD_OK) {
			before = ud_r5_mbox.messages;
			ud_fw_mbox_put(w0, w1);
			ud_r5_loop_pass(&ud_fw_loop);
			if (ud_r5_mbox.messages != before + 1u)
				ud_fw_die("the loop did not take the reply from the mailbox");
			return ud_fw_loop.last;
		}
		ev.kind = (uint8_t)in[4];
		ev.trid = (uint16_t)in[5];
		ev.seq = (uint16_t)in[6];
		ev.wired_pd = (uint16_t)in[7];
		ev.pd = (uint16_t)in[8];
		return ud_r5_sched_event(&ud_fw_sched, &ev, ud_fw_now);
	case UD_FW_IN_RAPF:
		if (ud_fw_plant_drop())
			return UD_OK;
		/* the production path: mailbox ring, one loop pass */
		before = ud_r5_mbox.messages;
		ud_fw_mbox_put(in[4], in[5]);
		ud_r5_loop_pass(&ud_fw_loop);
		if (ud_r5_mbox.messages != before + 1u)
			ud_fw_die("the loop did not take the RAPF from the mailbox");
		return ud_fw_loop.last;
	case UD_FW_IN_ABORT:
		return ud_r5_loop_fail(&ud_fw_loop, (uint16_t)in[4], (uint16_t)in[5],
				       (uint16_t)in[6], (ud_status)in[7]);
	case UD_FW_IN_TICK:
		return ud_r5_sched_tick(&ud_fw_sched, ud_fw_now);
	default:
		ud_fw_die("unknown input record");
	}
	return UD_E_INVAL;
}

void ud_r5_main(void)
{
	static const char in_name[] = UD_FW_IN, out_name[] = UD_FW_OUT;
	static uint32_t in[UD_FW_REC_WORDS];
	uint32_t *r;

	/* The model opens its ends with O_RDWR, so neither open blocks. */
	ud_fw_in = ud_r5_sh_open(in_name, sizeof(in_name) - 1u, 1u);	/* "rb" */
	ud_fw_out = ud_r5_sh_open(out_name, sizeof(out_name) - 1u, 5u);	/* "wb" */
	if (ud_fw_in < 0 || ud_fw_out < 0)
		ud_fw_die("cannot open the model's pipes");
	r = ud_fw_rec(UD_FW_OUT_HELLO);
	r[2] = UD_FW_MAGIC;
	r[3] = (uint32_t)sizeof(ud_fw_sched);
	ud_fw_flush();
	for (;;) {
		if (!ud_r5_sh_read_all(ud_fw_in, in, sizeof(in)))
			ud_fw_die("the model closed its pipe");
		if (in[1] != ud_fw_recno + 1u)
			ud_fw_die("input record out of sequence");
		ud_fw_recno = in[1];
		if (in[0] == UD_FW_IN_QUIT)
			ud_r5_sh_exit(0);
		ud_fw_now = ud_fw_get64(in, 2u);
		ud_fw_posts = 0;
		ud_fw_notes = 0;
		ud_fw_done(ud_fw_step(in));
	}
}

void ud_r5_exception(uint32_t kind, uint32_t lr)
{
	ud_r5_sh_puts("uldma-r5-loop: exception kind ");
	ud_r5_sh_putu(kind);
	ud_r5_sh_puts(" at lr ");
	ud_r5_sh_puthex(lr);
	ud_r5_sh_puts("\n");
	ud_r5_sh_exit(2);
}
