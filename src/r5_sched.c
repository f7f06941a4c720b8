/* SPDX-License-Identifier: MIT */
/*
 * r5_sched.c -- the R5 retransmit scheduler (seed 004_2c0be60bc8bfaeb5.txt,
 * 1.3.2 and 3.2.3.3).  Contracts in r5_sched.h, vocabulary in
 * spec/r5_sched.acsl, design in docs/r5_sched.md.
 */
#include "r5_sched.h" /* uldma-wp: -wp-prover cvc4,z3 */


/* Saturating counter increment: counters never wrap. */
/*@
  assigns \nothing;
  ensures sat: \result == ud_r5_sat(v);
*/
static int64_t sat_inc(int64_t v)
{
	return v < 9223372036854775807 ? v + 1 : v;
}

/* Saturating counter increase by n. */
/*@
  assigns \nothing;
  ensures sat: \result == ud_r5_sat_add(v, n);
*/
static int64_t sat_add(int64_t v, uint32_t n)
{
	return v < 9223372036854775807 - (int64_t)n ? v + (int64_t)n : 9223372036854775807;
}

/*@
  assigns \nothing;
  ensures next: \result == ud_r5_next_seq(q);
*/
static uint16_t next_seq(uint16_t q)
{
	return (uint16_t)((uint32_t)q + 1u < UD_R5_SCHED_SEQ_LIM ? (uint32_t)q + 1u : 0u);
}

/*@
  assigns \nothing;
  ensures deadline: \result == ud_r5_deadline(now, p);
*/
static uint64_t deadline(uint64_t now, uint64_t p)
{
	return now <= UD_U64_MAX - p ? now + p : UD_U64_MAX;
}

/* Arm transaction t: move it into the armed prefix of the sparse set. */
/*@
  requires valid: \valid(s);
  requires set: ud_r5_set_ok(s);
  requires t: t < 2048;
  requires unarmed: s->pos[t] >= s->narmed;
  assigns s->dense[0 .. 2047], s->pos[0 .. 2047], s->narmed;
  ensures set: ud_r5_set_ok(s);
  ensures armed: s->pos[t] < s->narmed;
  ensures count: s->narmed == \old(s->narmed) + 1;
  ensures like: ud_r5_chs_like{Pre,Post}(s);
  ensures wire: ud_r5_wire_ok{Pre}(s) ==> ud_r5_wire_ok(s);
  ensures others: \forall integer u; 0 <= u < 2048 && u != t ==>
    (s->pos[u] < s->narmed <==> \old(s->pos[u]) < \old(s->narmed));
*/
static void set_insert(struct ud_r5_sched *s, uint16_t t)
{
	uint32_t n = s->narmed;
	int16_t i = s->pos[t];
	int16_t u = s->dense[n];

	s->dense[i] = u;
	s->pos[u] = i;
	s->dense[n] = (int16_t)t;
	s->pos[t] = (int16_t)n;
	s->narmed = n + 1u;
}

/* Disarm transaction t: move it out of the armed prefix. */
/*@
  requires valid: \valid(s);
  requires set: ud_r5_set_ok(s);
  requires t: t < 2048;
  requires armed: s->pos[t] < s->narmed;
  assigns s->dense[0 .. 2047], s->pos[0 .. 2047], s->narmed;
  ensures set: ud_r5_set_ok(s);
  ensures unarmed: s->pos[t] >= s->narmed;
  ensures count: s->narmed == \old(s->narmed) - 1;
  ensures like: ud_r5_chs_like{Pre,Post}(s);
  ensures wire: ud_r5_wire_ok{Pre}(s) ==> ud_r5_wire_ok(s);
  ensures others: \forall integer u; 0 <= u < 2048 && u != t ==>
    (s->pos[u] < s->narmed <==> \old(s->pos[u]) < \old(s->narmed));
*/
static void set_remove(struct ud_r5_sched *s, uint16_t t)
{
	uint32_t n = s->narmed - 1u;
	int16_t i = s->pos[t];
	int16_t u = s->dense[n];

	s->dense[i] = u;
	s->pos[u] = i;
	s->dense[n] = (int16_t)t;
	s->pos[t] = (int16_t)n;
	s->narmed = n;
}

/* Hand slot t's current block [off, off + blen) of its transfer to the
 * engine with the slot's next sequence number, and arm its timer: the one
 * place a post happens (post_block_fr for a new block, retx for the same
 * block again).  One post-log entry, exactly this block; the slot's
 * sequence numbers stay fresh (ud_r5_wire_ok). */
/*@
  requires valid: \valid(s);
  requires t: t < 2048;
  requires seq: s->seq[t] < 16384;
  requires block: 0 < s->blen[t] <= 16384 &&
    s->off[t] + s->blen[t] <= s->x[t / 2].len &&
    s->x[t / 2].src + s->x[t / 2].len <= 18446744073709551615 &&
    s->x[t / 2].dst + s->x[t / 2].len <= 18446744073709551615;
  requires wire: ud_r5_wire_ok(s);
  requires budget: s->x[t / 2].nposts < UD_R5_SCHED_POSTS_MAX;
  requires room: ud_r5_npost < UD_R5_LOG;
  assigns s->seq[t], s->dl[t], s->st[t], s->x[t / 2].nposts, ud_env, ud_r5_last[t],
          ud_r5_npost, ud_r5_post_trid[ud_r5_npost], ud_r5_post_seq[ud_r5_npost],
          ud_r5_post_pd[ud_r5_npost], ud_r5_post_vc[ud_r5_npost],
          ud_r5_post_kind[ud_r5_npost], ud_r5_post_node[ud_r5_npost],
          ud_r5_post_src[ud_r5_npost], ud_r5_post_dst[ud_r5_npost],
          ud_r5_post_len[ud_r5_npost];
  ensures seq: s->seq[t] == ud_r5_next_seq(\old(s->seq[t]));
  ensures dl: s->dl[t] == ud_r5_deadline(now, s->period);
  ensures st: s->st[t] == UD_R5_SCHED_INFLIGHT;
  ensures nposts: s->x[t / 2].nposts == \old(s->x[t / 2].nposts) + 1;
  ensures logged: ud_r5_npost == \old(ud_r5_npost) + 1 &&
    ud_r5_logged_blk(s, \old(ud_r5_npost), t);
  ensures wire: ud_r5_wire_ok(s);
*/
static void send(struct ud_r5_sched *s, uint16_t t, uint64_t now)
{
	uint32_t c = (uint32_t)t / UD_R5_SCHED_WIN;
	uint16_t q = next_seq(s->seq[t]);

	/*@ assert c: c == t / 2 && c < 1024; */
	/*@ assert pre_t: ud_r5_fresh_tx(s, t); */
	/*@ assert q: q == ud_r5_next_seq(s->seq[t]) && q < 16384; */
	/*@ ghost ud_r5_last[t] = ud_r5_npost; */
	ud_plat_r5_post(t, q, (uint8_t)(c / UD_R5_SCHED_NVC),
			(uint8_t)(c % UD_R5_SCHED_NVC), s->x[c].kind, s->x[c].node,
			s->x[c].src + s->off[t], s->x[c].dst + s->off[t], (uint32_t)s->blen[t]);
	/*@ assert new_entry: ud_r5_npost == \at(ud_r5_npost, Pre) + 1 &&
	      ud_r5_post_trid[\at(ud_r5_npost, Pre)] == t &&
	      ud_r5_post_seq[\at(ud_r5_npost, Pre)] == q; */
	/*@ assert old_entries: \forall integer k; 0 <= k < \at(ud_r5_npost, Pre) ==>
	      ud_r5_post_trid[k] == \at(ud_r5_post_trid[k], Pre) &&
	      ud_r5_post_seq[k] == \at(ud_r5_post_seq[k], Pre); */
	/*@ assert old_t: \forall integer k; ud_r5_from[c] <= k < \at(ud_r5_npost, Pre) &&
	      ud_r5_post_trid[k] == t ==> ud_r5_post_seq[k] < 16384 &&
	      ud_r5_behind(ud_r5_post_seq[k], \at(s->seq[t], Pre)) < \at(s->x[t / 2].nposts, Pre) &&
	      ud_r5_behind(ud_r5_post_seq[k], q) == ud_r5_behind(ud_r5_post_seq[k], \at(s->seq[t], Pre)) + 1; */
	s->seq[t] = q;
	s->x[c].nposts = (uint16_t)(s->x[c].nposts + 1u);
	s->dl[t] = deadline(now, s->period);
	s->st[t] = (int8_t)UD_R5_SCHED_INFLIGHT;
	/*@ assert fresh_t: ud_r5_fresh_tx(s, t); */
	/*@ assert seq_kept: \forall integer u; 0 <= u < 2048 && u != t ==>
	      s->seq[u] == \at(s->seq[u], Pre) && ud_r5_last[u] == \at(ud_r5_last[u], Pre); */
	/*@ assert x_kept: \forall integer d; 0 <= d < 1024 ==>
	      s->x[d].nposts >= \at(s->x[d].nposts, Pre); */
	/*@ assert log_u: \forall integer u, k; 0 <= u < 2048 && u != t &&
	      ud_r5_from[u / 2] <= k < ud_r5_npost && ud_r5_post_trid[k] == u ==>
	      k < \at(ud_r5_npost, Pre) && \at(ud_r5_post_trid[k], Pre) == u &&
	      \at(ud_r5_post_seq[k], Pre) == ud_r5_post_seq[k]; */
	/*@ assert fresh_u: \forall integer u; 0 <= u < 2048 && u != t ==> ud_r5_fresh_tx(s, u); */
	/*@ assert fresh_all: \forall integer u; 0 <= u < 2048 ==> ud_r5_fresh_tx(s, u); */
}

/* Whether a slot in state v holds an armed timer (ud_r5_busy), as one
 * test: `st == INFLIGHT || st == PAUSED` inline gave the store after it
 * two paths, each carried by every later goal. */
/*@
  assigns \nothing;
  ensures busy: \result != 0 <==> ud_r5_busy(v);
*/
static int st_busy(int8_t v)
{
	return v == UD_R5_SCHED_INFLIGHT || v == UD_R5_SCHED_PAUSED;
}

/* Post the next block of channel c's transfer into slot t (fresh, or the
 * slot whose block was just acknowledged): new sequence number, fresh
 * retry budget, timer armed at now + period, handed to the engine (one
 * post-log entry: exactly this block). */
/*@
  requires valid: \valid(s);
  requires c: c < 1024;
  requires t: t == 2 * c || t == 2 * c + 1;
  requires more: s->x[c].posted < s->x[c].len <= 1073741824;
  requires nowrap: s->x[c].src + s->x[c].len <= 18446744073709551615 &&
                   s->x[c].dst + s->x[c].len <= 18446744073709551615;
  requires set: ud_r5_set_ok(s);
  requires armed_iff: ud_r5_busy(s->st[t]) <==> s->pos[t] < s->narmed;
  requires seq: s->seq[t] < 16384;
  requires wire: ud_r5_wire_ok(s);
  requires active: s->x[c].active != 0;
  requires budget: s->x[c].nposts < UD_R5_SCHED_POSTS_MAX;
  requires room: ud_r5_npost < UD_R5_LOG;
  assigns s->off[t], s->blen[t], s->seq[t], s->dl[t], s->st[t], s->ntry[t],
          s->x[c].posted, s->x[c].nposts, s->dense[0 .. 2047], s->pos[0 .. 2047],
          s->narmed, ud_env, ud_r5_last[t],
          ud_r5_npost, ud_r5_post_trid[ud_r5_npost], ud_r5_post_seq[ud_r5_npost],
          ud_r5_post_pd[ud_r5_npost], ud_r5_post_vc[ud_r5_npost],
          ud_r5_post_kind[ud_r5_npost], ud_r5_post_node[ud_r5_npost],
          ud_r5_post_src[ud_r5_npost], ud_r5_post_dst[ud_r5_npost],
          ud_r5_post_len[ud_r5_npost];
  ensures off: s->off[t] == \old(s->x[c].posted);
  ensures blen: s->blen[t] == ud_r5_blen(s->x[c].dst, \old(s->x[c].posted), s->x[c].len);
  ensures blen_pos: 0 < s->blen[t] <= 16384;
  ensures posted: s->x[c].posted == \old(s->x[c].posted) + s->blen[t];
  ensures seq: s->seq[t] == ud_r5_next_seq(\old(s->seq[t]));
  ensures dl: s->dl[t] == ud_r5_deadline(now, s->period);
  ensures st: s->st[t] == UD_R5_SCHED_INFLIGHT;
  ensures ntry: s->ntry[t] == 0;
  ensures nposts: s->x[c].nposts == \old(s->x[c].nposts) + 1;
  ensures logged: ud_r5_npost == \old(ud_r5_npost) + 1 &&
    ud_r5_logged_blk(s, \old(ud_r5_npost), t);
  ensures wire: ud_r5_wire_ok(s);
  ensures set: ud_r5_set_ok(s);
  ensures armed: s->pos[t] < s->narmed;
  ensures others: \forall integer u; 0 <= u < 2048 && u != t ==>
    (s->pos[u] < s->narmed <==> \old(s->pos[u]) < \old(s->narmed));
  ensures like_but: ud_r5_chs_like_but{Pre,Post}(s, c);
*/
static void post_block_fr(struct ud_r5_sched *s, uint32_t c, uint16_t t, uint64_t now)
{
	uint32_t p = s->x[c].posted;
	uint32_t room = UD_R5_SCHED_BLOCK - (uint32_t)((s->x[c].dst + p) % UD_R5_SCHED_BLOCK);
	uint32_t rem = s->x[c].len - p;
	uint32_t n = room < rem ? room : rem;

	/*@ assert room: room == 16384 - (s->x[c].dst + p) % 16384 && 1 <= room <= 16384; */
	/*@ assert n: n == ud_r5_blen(s->x[c].dst, p, s->x[c].len) && 0 < n <= 16384; */
	if (!st_busy(s->st[t]))
		set_insert(s, t);
	s->off[t] = p;
	s->blen[t] = (int32_t)n;
	s->x[c].posted = p + n;
	s->ntry[t] = 0;
	/*@ assert wire0: ud_r5_wire_ok(s); */
	send(s, t, now);
}

/* post_block_fr without its channel frame: the contract submit calls (a
 * quantified frame in the context of every later goal of submit makes
 * them time out; submit proves its frame directly). */
/*@
  requires valid: \valid(s);
  requires c: c < 1024;
  requires t: t == 2 * c || t == 2 * c + 1;
  requires more: s->x[c].posted < s->x[c].len <= 1073741824;
  requires nowrap: s->x[c].src + s->x[c].len <= 18446744073709551615 &&
                   s->x[c].dst + s->x[c].len <= 18446744073709551615;
  requires set: ud_r5_set_ok(s);
  requires armed_iff: ud_r5_busy(s->st[t]) <==> s->pos[t] < s->narmed;
  requires seq: s->seq[t] < 16384;
  requires wire: ud_r5_wire_ok(s);
  requires active: s->x[c].active != 0;
  requires budget: s->x[c].nposts < UD_R5_SCHED_POSTS_MAX;
  requires room: ud_r5_npost < UD_R5_LOG;
  assigns s->off[t], s->blen[t], s->seq[t], s->dl[t], s->st[t], s->ntry[t],
          s->x[c].posted, s->x[c].nposts, s->dense[0 .. 2047], s->pos[0 .. 2047],
          s->narmed, ud_env, ud_r5_last[t],
          ud_r5_npost, ud_r5_post_trid[ud_r5_npost], ud_r5_post_seq[ud_r5_npost],
          ud_r5_post_pd[ud_r5_npost], ud_r5_post_vc[ud_r5_npost],
          ud_r5_post_kind[ud_r5_npost], ud_r5_post_node[ud_r5_npost],
          ud_r5_post_src[ud_r5_npost], ud_r5_post_dst[ud_r5_npost],
          ud_r5_post_len[ud_r5_npost];
  ensures off: s->off[t] == \old(s->x[c].posted);
  ensures blen: s->blen[t] == ud_r5_blen(s->x[c].dst, \old(s->x[c].posted), s->x[c].len);
  ensures blen_pos: 0 < s->blen[t] <= 16384;
  ensures posted: s->x[c].posted == \old(s->x[c].posted) + s->blen[t];
  ensures seq: s->seq[t] == ud_r5_next_seq(\old(s->seq[t]));
  ensures dl: s->dl[t] == ud_r5_deadline(now, s->period);
  ensures st: s->st[t] == UD_R5_SCHED_INFLIGHT;
  ensures ntry: s->ntry[t] == 0;
  ensures nposts: s->x[c].nposts == \old(s->x[c].nposts) + 1;
  ensures logged: ud_r5_npost == \old(ud_r5_npost) + 1 &&
    ud_r5_logged_blk(s, \old(ud_r5_npost), t);
  ensures wire: ud_r5_wire_ok(s);
  ensures set: ud_r5_set_ok(s);
  ensures armed: s->pos[t] < s->narmed;
  ensures others: \forall integer u; 0 <= u < 2048 && u != t ==>
    (s->pos[u] < s->narmed <==> \old(s->pos[u]) < \old(s->narmed));
*/
static void post_block(struct ud_r5_sched *s, uint32_t c, uint16_t t, uint64_t now)
{
	post_block_fr(s, c, t, now);
}

/* Retransmit the block of busy transaction t: same block, next sequence
 * number, one more retry spent, its timer replaced (the old deadline can
 * no longer fire), handed to the engine (one post-log entry: exactly this
 * block). */
/*@
  requires valid: \valid(s);
  requires t: t < 2048;
  requires busy: ud_r5_busy(s->st[t]);
  requires seq: s->seq[t] < 16384;
  requires block: 0 < s->blen[t] <= 16384 &&
    s->off[t] + s->blen[t] <= s->x[t / 2].len &&
    s->x[t / 2].src + s->x[t / 2].len <= 18446744073709551615 &&
    s->x[t / 2].dst + s->x[t / 2].len <= 18446744073709551615;
  requires wire: ud_r5_wire_ok(s);
  requires active: s->x[t / 2].active != 0;
  requires can: ud_r5_can_retx(s, t);
  requires room: ud_r5_npost < UD_R5_LOG;
  assigns s->seq[t], s->dl[t], s->st[t], s->ntry[t], s->x[t / 2].nposts, ud_env,
          ud_r5_last[t],
          ud_r5_npost, ud_r5_post_trid[ud_r5_npost], ud_r5_post_seq[ud_r5_npost],
          ud_r5_post_pd[ud_r5_npost], ud_r5_post_vc[ud_r5_npost],
          ud_r5_post_kind[ud_r5_npost], ud_r5_post_node[ud_r5_npost],
          ud_r5_post_src[ud_r5_npost], ud_r5_post_dst[ud_r5_npost],
          ud_r5_post_len[ud_r5_npost];
  ensures retx: ud_r5_retx{Pre,Post}(s, t, now);
  ensures nposts: s->x[t / 2].nposts == \old(s->x[t / 2].nposts) + 1;
  ensures logged: ud_r5_npost == \old(ud_r5_npost) + 1 &&
    ud_r5_logged_blk(s, \old(ud_r5_npost), t);
  ensures wire: ud_r5_wire_ok(s);
*/
static void retx(struct ud_r5_sched *s, uint16_t t, uint64_t now)
{
	s->ntry[t] = (uint8_t)(s->ntry[t] + 1u);
	/*@ assert wire0: ud_r5_wire_ok(s); */
	send(s, t, now);
}

/* Take slot t out of the timer set if it is armed (set_remove), else
 * nothing: fail_xfer's two slots each in one call, where the test inline
 * joined two paths (the call and none) before everything after it. */
/*@
  requires valid: \valid(s);
  requires set: ud_r5_set_ok(s);
  requires t: t < 2048;
  requires arm: ud_r5_busy(s->st[t]) <==> s->pos[t] < s->narmed;
  assigns s->dense[0 .. 2047], s->pos[0 .. 2047], s->narmed;
  ensures set: ud_r5_set_ok(s);
  ensures unarmed: s->pos[t] >= s->narmed;
  ensures count: ud_r5_busy(s->st[t]) ? s->narmed == \old(s->narmed) - 1 :
    s->narmed == \old(s->narmed);
  ensures like: ud_r5_chs_like{Pre,Post}(s);
  ensures wire: ud_r5_wire_ok{Pre}(s) ==> ud_r5_wire_ok(s);
  ensures others: \forall integer u; 0 <= u < 2048 && u != t ==>
    (s->pos[u] < s->narmed <==> \old(s->pos[u]) < \old(s->narmed));
*/
static void unarm(struct ud_r5_sched *s, uint16_t t)
{
	if (st_busy(s->st[t]))
		set_remove(s, t);
}

/* The transfer on channel c fails with err: its busy slots leave the timer
 * set, both slots go idle, the channel is freed, and one completion
 * notification carries err.  Every other channel and every slot's block,
 * sequence number, deadline and budget are kept. */
/*@
  requires valid: \valid(s);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires c: c < 1024;
  requires live: s->x[c].active != 0 && s->x[c].complete == 0;
  requires room: ud_r5_nnote < UD_R5_LOG;
  assigns s->st[2 * c], s->st[2 * c + 1], s->x[c].active, s->narmed,
          s->pos[0 .. 2047], s->dense[0 .. 2047], ud_env,
          ud_r5_nnote, ud_r5_note_pd[ud_r5_nnote], ud_r5_note_vc[ud_r5_nnote],
          ud_r5_note_kind[ud_r5_nnote], ud_r5_note_status[ud_r5_nnote];
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures failed: ud_r5_failed{Pre,Post}(s, c, err);
  ensures steps: \forall integer t; 0 <= t < 2048 ==> ud_r5_step(\old(s->st[t]), s->st[t]);
  ensures others_tx: \forall integer t; 0 <= t < 2048 && t / 2 != c ==>
    ud_r5_tx_same{Pre,Post}(s, t);
  ensures params: s->win == \old(s->win) && s->period == \old(s->period);
*/
static void fail_xfer(struct ud_r5_sched *s, uint32_t c, ud_status err)
{
	uint16_t t0 = (uint16_t)(c * UD_R5_SCHED_WIN);
	uint16_t t1 = (uint16_t)(t0 + 1u);

	/*@ assert chc: ud_r5_ch_ok(s, c); */
	/*@ assert arm0: ud_r5_busy(s->st[t0]) <==> s->pos[t0] < s->narmed; */
	/*@ assert arm1: ud_r5_busy(s->st[t1]) <==> s->pos[t1] < s->narmed; */
	unarm(s, t0);
	/*@ assert un0: s->pos[t0] >= s->narmed; */
	/*@ assert arm1b: ud_r5_busy(s->st[t1]) <==> s->pos[t1] < s->narmed; */
	/*@ assert lb0: ud_r5_chs_like_but{Pre,Here}(s, c); */
	/*@ assert ar0: \forall integer u; 0 <= u < 2048 && u != t0 ==>
	      (s->pos[u] < s->narmed <==> \at(s->pos[u], Pre) < \at(s->narmed, Pre)); */
#ifdef __FRAMAC__
Mid:
#endif
	unarm(s, t1);
	/*@ assert unarmed: s->pos[t0] >= s->narmed && s->pos[t1] >= s->narmed; */
	/*@ assert lb1: ud_r5_chs_like_but{Mid,Here}(s, c); */
	/*@ assert lb: ud_r5_chs_like_but{Pre,Here}(s, c); */
	/*@ assert ar1: \forall integer u; 0 <= u < 2048 && u != t0 && u != t1 ==>
	      (s->pos[u] < s->narmed <==> \at(s->pos[u], Pre) < \at(s->narmed, Pre)); */
	/*@ assert wire0: ud_r5_wire_ok(s); */
#ifdef __FRAMAC__
Drop:
#endif
	ud_plat_r5_notify((uint8_t)(c / UD_R5_SCHED_NVC), (uint8_t)(c % UD_R5_SCHED_NVC),
			  s->x[c].kind, err);
	s->st[t0] = (int8_t)UD_R5_SCHED_IDLE;
	s->st[t1] = (int8_t)UD_R5_SCHED_IDLE;
	s->x[c].active = 0;
	/*@ assert x_o: \forall integer d; 0 <= d < 1024 && d != c ==> ud_r5_x_same{Drop,Here}(s, d); */
	/*@ assert sl_o: \forall integer u; 0 <= u < 2048 && u != t0 && u != t1 ==>
	      s->st[u] == \at(s->st[u], Drop) && s->off[u] == \at(s->off[u], Drop) &&
	      s->blen[u] == \at(s->blen[u], Drop); */
	/*@ assert win_o: s->win == \at(s->win, Drop); */
	/*@ assert lb2: ud_r5_chs_like_but{Drop,Here}(s, c); */
	/*@ assert others: ud_r5_chs_like_but{Pre,Here}(s, c); */
	/*@ assert st_oth: \forall integer u; 0 <= u < 2048 && u != t0 && u != t1 ==>
	      s->st[u] == \at(s->st[u], Pre) && s->seq[u] == \at(s->seq[u], Pre); */
	/*@ assert chs_others: ud_r5_chs_ok_but(s, c); */
	/*@ assert ch_c: ud_r5_ch_ok(s, c); */
	/*@ assert chs: ud_r5_chs_ok(s); */
	/*@ assert txs: ud_r5_tx_inv(s); */
	/*@ assert set: ud_r5_set_ok(s); */
}

/* The event paths of ud_r5_sched_event, one helper each, each with the
 * frame of an accepted event (ud_r5_ev_frame): ud_r5_sched_event then only
 * classifies and dispatches.  (One function holding every path gave each
 * of its goals every path's memory: 20 s of Qed per goal.) */

/* An accepted event that would post past a budget: the transfer of t's
 * channel fails with UD_R5_SCHED_E_SPENT. */
/*@
  requires valid: \valid(s);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires t: t < 2048;
  requires live: s->x[t / 2].active != 0 && s->x[t / 2].complete == 0;
  requires room: ud_r5_nnote < UD_R5_LOG;
  assigns s->st[t / 2 * 2 .. t / 2 * 2 + 1], s->x[t / 2].active, s->narmed,
          s->pos[0 .. 2047], s->dense[0 .. 2047], s->cnt.spent, ud_env,
          ud_r5_nnote, UD_R5_NOTE_AT(ud_r5_nnote);
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures failed: ud_r5_failed{Pre,Post}(s, t / 2, UD_R5_SCHED_E_SPENT);
  ensures rank: ud_r5_ended(s, t / 2);
  ensures frame: ud_r5_ev_frame{Pre,Post}(s, t);
  ensures counted: s->cnt.spent == ud_r5_sat(\old(s->cnt.spent));
*/
static void on_spent(struct ud_r5_sched *s, uint16_t t)
{
	uint32_t c = (uint32_t)t / UD_R5_SCHED_WIN;

	fail_xfer(s, c, UD_R5_SCHED_E_SPENT);
	s->cnt.spent = sat_inc(s->cnt.spent);
}

/* PF-NACK: slot t pauses (no retransmission; its armed timer stays, the
 * timeout path resumes it). */
/*@
  requires valid: \valid(s);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires t: t < 2048;
  requires inflight: s->st[t] == UD_R5_SCHED_INFLIGHT;
  assigns s->st[t], s->cnt.pauses;
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures paused: s->st[t] == UD_R5_SCHED_PAUSED;
  ensures rank: ud_r5_rank_lt{Pre,Post}(s, t / 2);
  ensures frame: ud_r5_ev_frame{Pre,Post}(s, t);
  ensures counted: s->cnt.pauses == ud_r5_sat(\old(s->cnt.pauses));
*/
static void on_pause(struct ud_r5_sched *s, uint16_t t)
{
	/*@ ghost uint32_t c = (uint32_t)t / UD_R5_SCHED_WIN; */

	/*@ assert chc: ud_r5_ch_ok(s, c); */
	s->st[t] = (int8_t)UD_R5_SCHED_PAUSED;
	/*@ assert like: ud_r5_chs_like_but{Pre,Here}(s, c); */
	/*@ assert ch_c: ud_r5_ch_ok(s, c); */
	/*@ assert chs: ud_r5_chs_ok(s); */
	s->cnt.pauses = sat_inc(s->cnt.pauses);
}

/* NACK or RAPF: slot t's block again (retx), within its budgets. */
/*@
  requires valid: \valid(s);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires t: t < 2048;
  requires busy: ud_r5_busy(s->st[t]);
  requires can: ud_r5_can_retx(s, t);
  requires room: ud_r5_npost < UD_R5_LOG;
  assigns s->st[t], s->seq[t], s->dl[t], s->ntry[t], s->x[t / 2].nposts, ud_env,
          ud_r5_last[t], ud_r5_npost, UD_R5_POST_AT(ud_r5_npost);
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures retransmitted: ud_r5_retx{Pre,Post}(s, t, now);
  ensures logged: ud_r5_npost == \old(ud_r5_npost) + 1 &&
    ud_r5_logged_blk(s, \old(ud_r5_npost), t);
  ensures rank: ud_r5_rank_lt{Pre,Post}(s, t / 2);
  ensures frame: ud_r5_ev_frame{Pre,Post}(s, t);
  ensures others: \forall integer u; 0 <= u < 2048 && u != t ==>
    ud_r5_tx_same{Pre,Post}(s, u);
  ensures xs: \forall integer c; 0 <= c < 1024 ==> ud_r5_x_same{Pre,Post}(s, c);
*/
static void on_resend(struct ud_r5_sched *s, uint16_t t, uint64_t now)
{
	/*@ ghost uint32_t c = (uint32_t)t / UD_R5_SCHED_WIN; */

	/*@ assert chc: ud_r5_ch_ok(s, c); */
	/*@ assert blk: ud_r5_block_ok(s, t); */
	retx(s, t, now);
	/*@ assert r_un: ud_r5_unacked(s, c) == ud_r5_unacked{Pre}(s, c); */
	/*@ assert r_left: ud_r5_left(s, c) < ud_r5_left{Pre}(s, c); */
	/*@ assert like: ud_r5_chs_like_but{Pre,Here}(s, c); */
	/*@ assert ch_c: ud_r5_ch_ok(s, c); */
	/*@ assert chs: ud_r5_chs_ok(s); */
	/*@ assert fr_st: \forall integer u; 0 <= u < 2048 ==>
	      ud_r5_step(\at(s->st[u], Pre), s->st[u]); */
	/*@ assert fr_tx: \forall integer u; 0 <= u < 2048 && u != t ==>
	      ud_r5_tx_same{Pre,Here}(s, u); */
	/*@ assert fr_x: \forall integer d; 0 <= d < 1024 && d != c ==>
	      ud_r5_x_same{Pre,Here}(s, d) && s->x[d].nposts == \at(s->x[d].nposts, Pre); */
}

/* Channel c's invariant from its parts after an ACK that hands slot t
 * the next block (on_ack_more): a lemma function (ghost; its proof is its
 * own goal, its conclusion joins only the goals after its call). */
/*@ ghost
  /@
    requires valid: \valid_read(s);
    requires slots: c < 1024 && (t == 2 * c || t == 2 * c + 1) && u == 4 * c + 1 - t;
    requires x: s->x[c].active != 0 && 0 < s->x[c].len <= 1073741824 &&
      s->x[c].src + s->x[c].len <= 18446744073709551615 &&
      s->x[c].dst + s->x[c].len <= 18446744073709551615 &&
      s->x[c].kind <= 1 && s->x[c].complete == 0 &&
      s->x[c].posted <= s->x[c].len;
    requires blk: s->st[t] == 1 && 0 < s->blen[t] <= 16384 &&
      s->off[t] + s->blen[t] == s->x[c].posted;
    requires sum: s->x[c].acked + s->blen[t] + ud_r5_out(s, u) == s->x[c].posted;
    requires sib: ud_r5_slot_ok(s, c, u);
    requires win: 1 <= s->win <= 2 && (s->win < 2 ==> t == 2 * c && s->st[u] == 0);
    requires busy: s->x[c].posted < s->x[c].len && s->win == 2 ==> ud_r5_busy(s->st[u]);
    assigns \nothing;
    ensures ok: ud_r5_ch_ok(s, c);
  @/
  static void ack_more_ok(struct ud_r5_sched *s, uint32_t c, uint32_t t, uint32_t u) { }
*/

/* The work of on_ack_more: the acknowledged bytes counted, then the slot
 * takes the next block (post_block_fr).  Its frame in three parts; on_ack_more
 * joins them into ud_r5_ev_frame in a small context. */
/*@
  requires valid: \valid(s);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires t: t < 2048;
  requires inflight: s->st[t] == UD_R5_SCHED_INFLIGHT;
  requires more: s->x[t / 2].posted < s->x[t / 2].len;
  requires budget: s->x[t / 2].nposts < UD_R5_SCHED_POSTS_MAX;
  requires room: ud_r5_npost < UD_R5_LOG;
  assigns s->st[t], s->seq[t], s->off[t], s->blen[t], s->dl[t], s->ntry[t],
          s->x[t / 2].posted, s->x[t / 2].nposts, s->x[t / 2].acked,
          s->narmed, s->pos[0 .. 2047], s->dense[0 .. 2047], ud_env,
          ud_r5_last[t], ud_r5_npost, UD_R5_POST_AT(ud_r5_npost);
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures acked: s->x[t / 2].acked == \old(s->x[t / 2].acked) + \old(s->blen[t]);
  ensures next_block: s->st[t] == UD_R5_SCHED_INFLIGHT &&
      s->off[t] == \old(s->x[t / 2].posted) &&
      s->off[t] > \old(s->off[t]) &&
      s->blen[t] == ud_r5_blen(s->x[t / 2].dst, \old(s->x[t / 2].posted), s->x[t / 2].len) &&
      s->seq[t] == ud_r5_next_seq(\old(s->seq[t]));
  ensures logged: ud_r5_npost == \old(ud_r5_npost) + 1 &&
    ud_r5_logged_blk(s, \old(ud_r5_npost), t);
  ensures incomplete: s->x[t / 2].complete == 0 && s->x[t / 2].acked < s->x[t / 2].len;
  ensures rank: ud_r5_rank_lt{Pre,Post}(s, t / 2);
  ensures fr_st: \forall integer v; 0 <= v < 2048 ==>
    ud_r5_step(\old(s->st[v]), s->st[v]);
  ensures fr_tx: \forall integer v; 0 <= v < 2048 && v != t ==>
    ud_r5_tx_same{Pre,Post}(s, v);
  ensures fr_x: \forall integer d; 0 <= d < 1024 && d != t / 2 ==>
    ud_r5_x_same{Pre,Post}(s, d) && s->x[d].nposts == \old(s->x[d].nposts);
*/
static void ack_next_block(struct ud_r5_sched *s, uint16_t t, uint64_t now)
{
	uint32_t c = (uint32_t)t / UD_R5_SCHED_WIN;
	uint32_t b;
	/*@ ghost uint32_t u = 4u * c + 1u - t; */

	/*@ assert chc: ud_r5_ch_ok(s, c); */
	/*@ assert blk: ud_r5_block_ok(s, t); */
	/*@ assert sum0: s->x[c].acked + s->blen[t] + ud_r5_out(s, u) == s->x[c].posted; */
	b = (uint32_t)s->blen[t];
	/* the acknowledged bytes first, then the next block (post_block_fr,
	 * which states its own frame) */
	s->x[c].acked = s->x[c].acked + b;
	/*@ assert x_o: \forall integer d; 0 <= d < 1024 && d != c ==> ud_r5_x_same{Pre,Here}(s, d); */
	/*@ assert sl_o: \forall integer v; 0 <= v < 2048 ==> s->st[v] == \at(s->st[v], Pre) &&
	      s->off[v] == \at(s->off[v], Pre) && s->blen[v] == \at(s->blen[v], Pre); */
	/*@ assert like0: ud_r5_chs_like_but{Pre,Here}(s, c); */
	/*@ assert txs0: ud_r5_tx_inv(s); */
#ifdef __FRAMAC__
Mid:
#endif
	post_block_fr(s, c, t, now);
	/*@ assert like1: ud_r5_chs_like_but{Mid,Here}(s, c); */
	/*@ assert like: ud_r5_chs_like_but{Pre,Here}(s, c); */
	/*@ assert sib_ne: u != t && 0 <= u < 2048 && u / 2 == c; */
	/*@ assert sib_tx: ud_r5_tx_same{Pre,Here}(s, u); */
	/*@ assert sib_out: ud_r5_out(s, u) == ud_r5_out{Pre}(s, u); */
	/*@ assert sib_pos: s->x[c].posted >= ud_r5_posted{Pre}(s, c); */
	/*@ assert sib: ud_r5_slot_ok(s, c, u); */
	/*@ assert sum: s->x[c].acked + s->blen[t] + ud_r5_out(s, u) == s->x[c].posted; */
	/*@ ghost ack_more_ok(s, c, t, u); */
	/*@ assert ch_c: ud_r5_ch_ok(s, c); */
	/*@ assert chs: ud_r5_chs_ok(s); */
	/*@ assert txs_t: s->st[t] == 1 && s->seq[t] < 16384 && s->pos[t] < s->narmed; */
	/*@ assert txs: ud_r5_tx_inv(s); */
	/*@ assert set: ud_r5_set_ok(s); */
	/*@ assert params: 1 <= s->win <= 2 && 1 <= s->period; */
	/*@ assert inv: ud_r5_inv(s); */
	/*@ assert fr_st: \forall integer v; 0 <= v < 2048 ==>
	      ud_r5_step(\at(s->st[v], Pre), s->st[v]); */
	/*@ assert fr_tx: \forall integer v; 0 <= v < 2048 && v != t ==>
	      ud_r5_tx_same{Pre,Here}(s, v); */
	/*@ assert fr_x: \forall integer d; 0 <= d < 1024 && d != c ==>
	      ud_r5_x_same{Pre,Here}(s, d) && s->x[d].nposts == \at(s->x[d].nposts, Pre); */
}
/* ACK of slot t's block while the transfer has bytes left to post: the
 * slot takes the next block (post_block_fr), then the acknowledged bytes
 * are counted. */
/*@
  requires valid: \valid(s);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires t: t < 2048;
  requires inflight: s->st[t] == UD_R5_SCHED_INFLIGHT;
  requires more: s->x[t / 2].posted < s->x[t / 2].len;
  requires budget: s->x[t / 2].nposts < UD_R5_SCHED_POSTS_MAX;
  requires room: ud_r5_npost < UD_R5_LOG;
  assigns s->st[t], s->seq[t], s->off[t], s->blen[t], s->dl[t], s->ntry[t],
          s->x[t / 2].posted, s->x[t / 2].nposts, s->x[t / 2].acked,
          s->narmed, s->pos[0 .. 2047], s->dense[0 .. 2047], s->cnt.acks, ud_env,
          ud_r5_last[t], ud_r5_npost, UD_R5_POST_AT(ud_r5_npost);
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures acked: s->x[t / 2].acked == \old(s->x[t / 2].acked) + \old(s->blen[t]);
  ensures next_block: s->st[t] == UD_R5_SCHED_INFLIGHT &&
      s->off[t] == \old(s->x[t / 2].posted) &&
      s->off[t] > \old(s->off[t]) &&
      s->blen[t] == ud_r5_blen(s->x[t / 2].dst, \old(s->x[t / 2].posted), s->x[t / 2].len) &&
      s->seq[t] == ud_r5_next_seq(\old(s->seq[t]));
  ensures logged: ud_r5_npost == \old(ud_r5_npost) + 1 &&
    ud_r5_logged_blk(s, \old(ud_r5_npost), t);
  ensures incomplete: s->x[t / 2].complete == 0 && s->x[t / 2].acked < s->x[t / 2].len;
  ensures rank: ud_r5_rank_lt{Pre,Post}(s, t / 2);
  ensures frame: ud_r5_ev_frame{Pre,Post}(s, t);
  ensures counted: s->cnt.acks == ud_r5_sat(\old(s->cnt.acks));
*/
static void on_ack_more(struct ud_r5_sched *s, uint16_t t, uint64_t now)
{
	ack_next_block(s, t, now);
	s->cnt.acks = sat_inc(s->cnt.acks);
}

/* ACK of slot t's block when nothing is left to post: the slot is done
 * (its timer disarmed); the transfer completes, with one notification,
 * when every byte is acknowledged. */
/*@
  requires valid: \valid(s);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires t: t < 2048;
  requires inflight: s->st[t] == UD_R5_SCHED_INFLIGHT;
  requires last: s->x[t / 2].posted == s->x[t / 2].len;
  requires room: ud_r5_nnote < UD_R5_LOG;
  assigns s->st[t], s->x[t / 2].acked, s->x[t / 2].complete,
          s->narmed, s->pos[0 .. 2047], s->dense[0 .. 2047],
          s->cnt.acks, s->cnt.completions, ud_env,
          ud_r5_nnote, UD_R5_NOTE_AT(ud_r5_nnote);
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures acked: s->x[t / 2].acked == \old(s->x[t / 2].acked) + \old(s->blen[t]);
  ensures done: s->st[t] == UD_R5_SCHED_DONE;
  ensures complete_once: \old(s->x[t / 2].complete) == 0 &&
    (s->x[t / 2].complete != 0 <==> s->x[t / 2].acked == s->x[t / 2].len);
  ensures noted: s->x[t / 2].complete != 0 ?
    ud_r5_nnote == \old(ud_r5_nnote) + 1 &&
      ud_r5_noted(s, \old(ud_r5_nnote), t / 2, UD_OK) :
    ud_r5_nnote == \old(ud_r5_nnote);
  ensures rank: ud_r5_rank_lt{Pre,Post}(s, t / 2);
  ensures frame: ud_r5_ev_frame{Pre,Post}(s, t);
  ensures counted: s->cnt.acks == ud_r5_sat(\old(s->cnt.acks)) &&
    s->cnt.completions == (s->x[t / 2].complete != 0 ?
      ud_r5_sat(\old(s->cnt.completions)) : \old(s->cnt.completions));
*/
static void on_ack_last(struct ud_r5_sched *s, uint16_t t)
{
	uint32_t c = (uint32_t)t / UD_R5_SCHED_WIN;
	uint32_t b;

	/*@ assert chc: ud_r5_ch_ok(s, c); */
	/*@ assert blk: ud_r5_block_ok(s, t); */
	b = (uint32_t)s->blen[t];
	set_remove(s, t);
	/*@ assert lb0: ud_r5_chs_like_but{Pre,Here}(s, c); */
#ifdef __FRAMAC__
Drop:
#endif
	s->st[t] = (int8_t)UD_R5_SCHED_DONE;
	s->x[c].acked = s->x[c].acked + b;
	if (s->x[c].acked == s->x[c].len) {
		s->x[c].complete = 1;
		ud_plat_r5_notify((uint8_t)(c / UD_R5_SCHED_NVC),
				  (uint8_t)(c % UD_R5_SCHED_NVC), s->x[c].kind, UD_OK);
		s->cnt.completions = sat_inc(s->cnt.completions);
	}
	/*@ assert x_o: \forall integer d; 0 <= d < 1024 && d != c ==> ud_r5_x_same{Drop,Here}(s, d); */
	/*@ assert sl_o: \forall integer v; 0 <= v < 2048 && v != t ==>
	      s->st[v] == \at(s->st[v], Drop) && s->off[v] == \at(s->off[v], Drop) &&
	      s->blen[v] == \at(s->blen[v], Drop); */
	/*@ assert win_o: s->win == \at(s->win, Drop); */
	/*@ assert lb2: ud_r5_chs_like_but{Drop,Here}(s, c); */
	/*@ assert like: ud_r5_chs_like_but{Pre,Here}(s, c); */
	/*@ assert ch_c: ud_r5_ch_ok(s, c); */
	/*@ assert chs: ud_r5_chs_ok(s); */
	s->cnt.acks = sat_inc(s->cnt.acks);
	/*@ assert fr_st: \forall integer v; 0 <= v < 2048 ==>
	      ud_r5_step(\at(s->st[v], Pre), s->st[v]); */
	/*@ assert fr_tx: \forall integer v; 0 <= v < 2048 && v != t ==>
	      ud_r5_tx_same{Pre,Here}(s, v); */
	/*@ assert fr_x: \forall integer d; 0 <= d < 1024 && d != c ==>
	      ud_r5_x_same{Pre,Here}(s, d) && s->x[d].nposts == \at(s->x[d].nposts, Pre); */
}

ud_status ud_r5_sched_init(struct ud_r5_sched *s, uint32_t win, uint64_t period)
{
	uint32_t i;

	if (win < 1u || win > UD_R5_SCHED_WIN || period < 1u)
		return UD_E_RANGE;
	s->win = win;
	s->period = period;
	s->narmed = 0;
	s->cnt.submits = 0;
	s->cnt.read_reqs = 0;
	s->cnt.acks = 0;
	s->cnt.completions = 0;
	s->cnt.rtx_nack = 0;
	s->cnt.rtx_timeout = 0;
	s->cnt.rtx_rapf = 0;
	s->cnt.pauses = 0;
	s->cnt.ign_inval = 0;
	s->cnt.ign_unknown = 0;
	s->cnt.ign_forged = 0;
	s->cnt.ign_stale = 0;
	s->cnt.aborts = 0;
	s->cnt.spent = 0;
	/*@
	  loop invariant i: 0 <= i <= 2048;
	  loop invariant st: \forall integer t; 0 <= t < i ==>
	    s->st[t] == 0 && s->seq[t] == 0 && s->pos[t] == t && s->dense[t] == t &&
	    s->ntry[t] == 0;
	  loop assigns i, s->st[0 .. 2047], s->seq[0 .. 2047], s->off[0 .. 2047],
	    s->blen[0 .. 2047], s->dl[0 .. 2047], s->pos[0 .. 2047], s->dense[0 .. 2047],
	    s->ntry[0 .. 2047];
	  loop variant 2048 - i;
	*/
	for (i = 0; i < UD_R5_SCHED_NTX; i++) {
		s->st[i] = (int8_t)UD_R5_SCHED_IDLE;
		s->seq[i] = 0;
		s->off[i] = 0;
		s->blen[i] = 0;
		s->dl[i] = 0;
		s->pos[i] = (int16_t)i;
		s->dense[i] = (int16_t)i;
		s->ntry[i] = 0;
	}
	/*@
	  loop invariant i: 0 <= i <= 1024;
	  loop invariant x: \forall integer c; 0 <= c < i ==>
	    s->x[c].active == 0 && s->x[c].nposts == 0 && ud_r5_from[c] == ud_r5_npost;
	  loop assigns i, s->x[0 .. 1023], ud_r5_from[0 .. 1023];
	  loop variant 1024 - i;
	*/
	for (i = 0; i < UD_R5_SCHED_NCH; i++) {
		s->x[i].active = 0;
		s->x[i].complete = 0;
		s->x[i].kind = 0;
		s->x[i].node = 0;
		s->x[i].src = 0;
		s->x[i].dst = 0;
		s->x[i].len = 0;
		s->x[i].posted = 0;
		s->x[i].acked = 0;
		s->x[i].nposts = 0;
		/*@ ghost ud_r5_from[i] = ud_r5_npost; */
	}
	/*@ assert params: s->win == win && s->period == period && s->narmed == 0; */
	/*@ assert set: ud_r5_set_ok(s); */
	/*@ assert txs: ud_r5_tx_inv(s); */
	/*@ assert chs: ud_r5_chs_ok(s); */
	/*@ assert w_ntry: \forall integer t; 0 <= t < 2048 ==> s->ntry[t] <= UD_R5_SCHED_RETRY; */
	/*@ assert w_np: \forall integer c; 0 <= c < 1024 ==> s->x[c].nposts <= UD_R5_SCHED_POSTS_MAX; */
	/*@ assert w_from: \forall integer t; 0 <= t < 2048 ==> ud_r5_from[t / 2] == ud_r5_npost; */
	/*@ assert w_fresh: \forall integer t; 0 <= t < 2048 ==> ud_r5_fresh_tx(s, t); */
	/*@ assert wire: ud_r5_wire_ok(s); */
	return UD_OK;
}

/* Whether channel c posts a second opening block (a window of two, and
 * bytes left after the first), as one test: post_opening's `&&` inline
 * joined three paths after the second post. */
/*@
  requires valid: \valid_read(s);
  requires c: c < 1024;
  assigns \nothing;
  ensures second: \result != 0 <==> (s->win == 2 && s->x[c].posted < s->x[c].len);
*/
static int second_fits(const struct ud_r5_sched *s, uint32_t c)
{
	return s->win == 2u && s->x[c].posted < s->x[c].len;
}

/* Post the opening blocks of channel c's transfer, just recorded: the first
 * block into slot 2c and, with a window of two and more to send, the
 * second into slot 2c+1.  Its own function so that start_xfer sees one
 * call whose assigns frame every other channel and slot (the frames of
 * two calls in one context had made the later goals time out). */
/*@
  requires valid: \valid(s);
  requires c: c < 1024;
  requires open: s->x[c].active == 1 && s->x[c].complete == 0 &&
    s->x[c].acked == 0 && s->x[c].posted == 0 && s->x[c].nposts == 0 &&
    0 < s->x[c].len <= UD_R5_SCHED_MAX_LEN && s->x[c].kind <= 1 &&
    s->x[c].src + s->x[c].len <= 18446744073709551615 &&
    s->x[c].dst + s->x[c].len <= 18446744073709551615;
  requires idle: s->st[2 * c] == UD_R5_SCHED_IDLE && s->st[2 * c + 1] == UD_R5_SCHED_IDLE;
  requires win: 1 <= s->win <= 2;
  requires set: ud_r5_set_ok(s);
  requires txs: ud_r5_tx_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires room: ud_r5_npost <= UD_R5_LOG - 2;
  assigns s->off[2 * c], s->off[2 * c + 1], s->blen[2 * c], s->blen[2 * c + 1],
          s->seq[2 * c], s->seq[2 * c + 1], s->dl[2 * c], s->dl[2 * c + 1],
          s->st[2 * c], s->st[2 * c + 1], s->ntry[2 * c], s->ntry[2 * c + 1],
          s->x[c].posted, s->x[c].nposts, s->dense[0 .. 2047], s->pos[0 .. 2047],
          s->narmed, ud_env, ud_r5_last[2 * c], ud_r5_last[2 * c + 1],
          ud_r5_npost, ud_r5_post_trid[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_seq[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_pd[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_vc[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_kind[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_node[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_src[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_dst[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_len[ud_r5_npost .. ud_r5_npost + 1];
  ensures first_block: s->st[2 * c] == UD_R5_SCHED_INFLIGHT && s->off[2 * c] == 0 &&
    s->blen[2 * c] == ud_r5_blen(s->x[c].dst, 0, s->x[c].len);
  ensures second_block: s->win == 2 && ud_r5_blen(s->x[c].dst, 0, s->x[c].len) < s->x[c].len ==>
    s->st[2 * c + 1] == UD_R5_SCHED_INFLIGHT &&
    s->off[2 * c + 1] == ud_r5_blen(s->x[c].dst, 0, s->x[c].len) &&
    s->blen[2 * c + 1] ==
      ud_r5_blen(s->x[c].dst, ud_r5_blen(s->x[c].dst, 0, s->x[c].len), s->x[c].len);
  ensures no_second: !(s->win == 2 && ud_r5_blen(s->x[c].dst, 0, s->x[c].len) < s->x[c].len) ==>
    s->st[2 * c + 1] == UD_R5_SCHED_IDLE;
  ensures logged_first: ud_r5_logged_blk(s, \old(ud_r5_npost), 2 * c);
  ensures logged_second: s->win == 2 && ud_r5_blen(s->x[c].dst, 0, s->x[c].len) < s->x[c].len ==>
    ud_r5_logged_blk(s, \old(ud_r5_npost) + 1, 2 * c + 1);
  ensures logged_count: ud_r5_npost == \old(ud_r5_npost) +
    (s->win == 2 && ud_r5_blen(s->x[c].dst, 0, s->x[c].len) < s->x[c].len ? 2 : 1);
  ensures ch: ud_r5_ch_ok(s, c);
  ensures set: ud_r5_set_ok(s);
  ensures txs: ud_r5_tx_inv(s);
  ensures wire: ud_r5_wire_ok(s);
*/
static void post_opening(struct ud_r5_sched *s, uint32_t c, uint64_t now)
{
	uint16_t t0 = (uint16_t)(c * UD_R5_SCHED_WIN);
	uint16_t t1 = (uint16_t)(t0 + 1u);

	/*@ assert unarmed: s->pos[t0] >= s->narmed && s->pos[t1] >= s->narmed; */
	post_block(s, c, t0, now);
	/*@ assert logged0: ud_r5_logged_blk(s, \at(ud_r5_npost, Pre), t0); */
	/*@ assert first: s->st[t0] == 1 && s->off[t0] == 0 &&
	      s->blen[t0] == ud_r5_blen(s->x[c].dst, 0, s->x[c].len); */
	/*@ assert posted1: s->x[c].posted == s->blen[t0] && s->x[c].nposts == 1; */
	/*@ assert txs1: ud_r5_tx_inv(s); */
	if (second_fits(s, c)) {
		post_block(s, c, t1, now);
		/*@ assert logged0b: ud_r5_logged_blk(s, \at(ud_r5_npost, Pre), t0); */
		/*@ assert first_kept: s->st[t0] == 1 && s->off[t0] == 0 &&
		      s->blen[t0] == ud_r5_blen(s->x[c].dst, 0, s->x[c].len); */
		/*@ assert posted2: s->x[c].posted == s->blen[t0] + s->blen[t1]; */
	}
	/*@ assert txs: ud_r5_tx_inv(s); */
}

/* Open channel c (free) for request r and post its first blocks: the ok
 * path of ud_r5_sched_submit, in its own function so that the goals of
 * submit see one call instead of every store (each submit postcondition
 * had cost 90 s of WP's simplifier). */
/*@
  requires valid: \valid(s) && \valid_read(r) && \separated(s, r);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires room: ud_r5_npost <= UD_R5_LOG - 2;
  requires req: r->pd < 16 && r->vc < 64 && r->kind <= 1 &&
    0 < r->len <= UD_R5_SCHED_MAX_LEN &&
    r->src + r->len <= 18446744073709551615 && r->dst + r->len <= 18446744073709551615;
  requires c: c == r->pd * 64 + r->vc;
  requires free: !(s->x[c].active != 0 && s->x[c].complete == 0);
  assigns s->st[0 .. 2047], s->seq[0 .. 2047], s->off[0 .. 2047],
          s->blen[0 .. 2047], s->dl[0 .. 2047], s->narmed,
          s->pos[0 .. 2047], s->dense[0 .. 2047], s->ntry[0 .. 2047], s->x[0 .. 1023],
          ud_env, ud_r5_from[0 .. 1023], ud_r5_last[0 .. 2047],
          ud_r5_npost, ud_r5_post_trid[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_seq[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_pd[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_vc[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_kind[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_node[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_src[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_dst[ud_r5_npost .. ud_r5_npost + 1],
          ud_r5_post_len[ud_r5_npost .. ud_r5_npost + 1];
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures steps: \forall integer t; 0 <= t < 2048 ==> ud_r5_step(\old(s->st[t]), s->st[t]);
  ensures xfer: s->x[r->pd * 64 + r->vc].active == 1 &&
    s->x[r->pd * 64 + r->vc].complete == 0 &&
    s->x[r->pd * 64 + r->vc].acked == 0 &&
    s->x[r->pd * 64 + r->vc].len == r->len &&
    s->x[r->pd * 64 + r->vc].src == r->src &&
    s->x[r->pd * 64 + r->vc].dst == r->dst &&
    s->x[r->pd * 64 + r->vc].node == r->node &&
    s->x[r->pd * 64 + r->vc].kind == r->kind;
  ensures first_block: s->st[(r->pd * 64 + r->vc) * 2] == UD_R5_SCHED_INFLIGHT &&
    s->off[(r->pd * 64 + r->vc) * 2] == 0 &&
    s->blen[(r->pd * 64 + r->vc) * 2] == ud_r5_blen(r->dst, 0, r->len);
  ensures second_block: s->win == 2 && ud_r5_blen(r->dst, 0, r->len) < r->len ==>
    s->st[(r->pd * 64 + r->vc) * 2 + 1] == UD_R5_SCHED_INFLIGHT &&
    s->off[(r->pd * 64 + r->vc) * 2 + 1] == ud_r5_blen(r->dst, 0, r->len) &&
    s->blen[(r->pd * 64 + r->vc) * 2 + 1] ==
      ud_r5_blen(r->dst, ud_r5_blen(r->dst, 0, r->len), r->len);
  ensures logged_first: ud_r5_logged_blk(s, \old(ud_r5_npost), (r->pd * 64 + r->vc) * 2);
  ensures logged_second: s->win == 2 && ud_r5_blen(r->dst, 0, r->len) < r->len ==>
    ud_r5_logged_blk(s, \old(ud_r5_npost) + 1, (r->pd * 64 + r->vc) * 2 + 1);
  ensures logged_count: ud_r5_npost == \old(ud_r5_npost) +
    (s->win == 2 && ud_r5_blen(r->dst, 0, r->len) < r->len ? 2 : 1);
  ensures fresh_from: ud_r5_from[r->pd * 64 + r->vc] == \old(ud_r5_npost);
  ensures others_tx: \forall integer t; 0 <= t < 2048 && t / 2 != r->pd * 64 + r->vc ==>
    ud_r5_tx_same{Pre,Post}(s, t);
  ensures others_x: \forall integer d; 0 <= d < 1024 && d != r->pd * 64 + r->vc ==>
    ud_r5_x_same{Pre,Post}(s, d) && s->x[d].nposts == \old(s->x[d].nposts);
  ensures req_kept: r->pd < 16 && r->vc < 64;
*/
static void start_xfer(struct ud_r5_sched *s, const struct ud_r5_sched_req *r, uint32_t c,
		       uint64_t now)
{
	uint16_t t0, t1;

	/*@ assert not_busy: !(s->x[r->pd * 64 + r->vc].active != 0 &&
	                       s->x[r->pd * 64 + r->vc].complete == 0); */
	t0 = (uint16_t)(c * UD_R5_SCHED_WIN);
	t1 = (uint16_t)(t0 + 1u);
	/*@ assert chc: ud_r5_ch_ok(s, c); */
	/* A completed transfer's slots are DONE or IDLE, never armed. */
	/*@ assert quiet: !ud_r5_busy(s->st[t0]) && !ud_r5_busy(s->st[t1]); */
	/*@ assert was: (s->st[t0] == 0 || s->st[t0] == 3) && (s->st[t1] == 0 || s->st[t1] == 3); */
	s->st[t0] = (int8_t)UD_R5_SCHED_IDLE;
	s->st[t1] = (int8_t)UD_R5_SCHED_IDLE;
	/*@ assert txs0: ud_r5_tx_inv(s); */
	s->x[c].active = 1;
	s->x[c].complete = 0;
	s->x[c].kind = r->kind;
	s->x[c].node = r->node;
	s->x[c].src = r->src;
	s->x[c].dst = r->dst;
	s->x[c].len = r->len;
	s->x[c].posted = 0;
	s->x[c].acked = 0;
	s->x[c].nposts = 0;
	/*@ ghost ud_r5_from[c] = ud_r5_npost; */
	/*@ assert txs1: ud_r5_tx_inv(s); */
	/*@ assert wire1: ud_r5_wire_ok(s); */
	/*@ assert xo: \forall integer d; 0 <= d < 1024 && d != c ==> ud_r5_x_same{Pre,Here}(s, d); */
#ifdef __FRAMAC__
Open:
#endif
	post_opening(s, c, now);
	/*@ assert xo1: \forall integer d; 0 <= d < 1024 && d != c ==> ud_r5_x_same{Open,Here}(s, d); */
	/*@ assert xo2: \forall integer d; 0 <= d < 1024 && d != c ==> ud_r5_x_same{Pre,Here}(s, d); */
	/*@ assert tid: c == r->pd * 64 + r->vc && t0 == (r->pd * 64 + r->vc) * 2 &&
	      t1 == (r->pd * 64 + r->vc) * 2 + 1; */
	/*@ assert x_all: s->x[c].active == 1 && s->x[c].complete == 0 && s->x[c].acked == 0 &&
	      s->x[c].len == r->len && s->x[c].src == r->src && s->x[c].dst == r->dst &&
	      s->x[c].node == r->node && s->x[c].kind == r->kind; */
	/*@ assert st_new: s->st[t0] == 1 && (s->st[t1] == 0 || s->st[t1] == 1); */
	/*@ assert st_old: \let u0 = t0; \let u1 = t1;
	      (\at(s->st[u0], Pre) == 0 || \at(s->st[u0], Pre) == 3) &&
	      (\at(s->st[u1], Pre) == 0 || \at(s->st[u1], Pre) == 3); */
	/*@ assert parts: 0 <= c < 1024 &&
	      (\forall integer d; 0 <= d < 1024 && d != c ==> ud_r5_x_same{Pre,Here}(s, d)) &&
	      \at(s->win, Pre) == s->win &&
	      (\forall integer u; 0 <= u < 2048 && u != 2 * c && u != 2 * c + 1 ==>
	         \at(s->st[u], Pre) == s->st[u] && \at(s->off[u], Pre) == s->off[u] &&
	         \at(s->blen[u], Pre) == s->blen[u]); */
	/*@ assert use_intro: ud_r5_use_like_but_intro(c); */
	/*@ assert others: ud_r5_chs_like_but{Pre,Here}(s, c); */
	/*@ assert chs_others: ud_r5_chs_ok_but(s, c); */
	/*@ assert chs: ud_r5_chs_ok(s); */
}

/* Whether channel c holds a transfer still running, as one test (inline,
 * the `&&` gave start_xfer's call two paths in every goal of submit). */
/*@
  requires valid: \valid_read(s);
  requires c: c < 1024;
  assigns \nothing;
  ensures busy: \result != 0 <==> (s->x[c].active != 0 && s->x[c].complete == 0);
*/
static int ch_busy(const struct ud_r5_sched *s, uint32_t c)
{
	return s->x[c].active != 0u && s->x[c].complete == 0u;
}

/* What ud_r5_sched_submit says of request r before it looks at the
 * scheduler (its behaviors range, bad_len, wrap, and the rest), decided
 * in a function of its own: submit then returns on one test of the
 * answer, where each `||` inline had been one more return path in every
 * goal of submit. */
/*@
  requires valid: \valid_read(r);
  assigns \nothing;
  ensures good: \result == UD_OK ==> r->pd < 16 && r->vc < 64 && r->kind <= 1 &&
    0 < r->len <= UD_R5_SCHED_MAX_LEN &&
    r->src + r->len <= 18446744073709551615 && r->dst + r->len <= 18446744073709551615;
  behavior range:
    assumes r->pd >= 16 || r->vc >= 64 || r->kind > 1;
    ensures range: \result == UD_E_RANGE;
  behavior bad_len:
    assumes !(r->pd >= 16 || r->vc >= 64 || r->kind > 1);
    assumes r->len == 0 || r->len > UD_R5_SCHED_MAX_LEN;
    ensures inval: \result == UD_E_INVAL;
  behavior wrap:
    assumes !(r->pd >= 16 || r->vc >= 64 || r->kind > 1);
    assumes !(r->len == 0 || r->len > UD_R5_SCHED_MAX_LEN);
    assumes r->src + r->len > 18446744073709551615 || r->dst + r->len > 18446744073709551615;
    ensures overflow: \result == UD_E_OVERFLOW;
  behavior ok:
    assumes !(r->pd >= 16 || r->vc >= 64 || r->kind > 1);
    assumes !(r->len == 0 || r->len > UD_R5_SCHED_MAX_LEN);
    assumes !(r->src + r->len > 18446744073709551615 || r->dst + r->len > 18446744073709551615);
    ensures ok: \result == UD_OK;
  complete behaviors;
  disjoint behaviors;
*/
static ud_status req_check(const struct ud_r5_sched_req *r)
{
	if (r->pd >= UD_R5_SCHED_NPD || r->vc >= UD_R5_SCHED_NVC || r->kind > UD_R5_SCHED_READ)
		return UD_E_RANGE;
	if (r->len == 0u || r->len > UD_R5_SCHED_MAX_LEN)
		return UD_E_INVAL;
	if (r->src > UD_U64_MAX - r->len || r->dst > UD_U64_MAX - r->len)
		return UD_E_OVERFLOW;
	return UD_OK;
}

ud_status ud_r5_sched_submit(struct ud_r5_sched *s, const struct ud_r5_sched_req *r,
			     uint64_t now)
{
	uint32_t c;
	ud_status v = req_check(r);

	if (v != UD_OK)
		return v;
	c = (uint32_t)r->pd * UD_R5_SCHED_NVC + r->vc;
	if (ch_busy(s, c))
		return UD_E_BUSY;
	start_xfer(s, r, c, now);
	s->cnt.submits = sat_inc(s->cnt.submits);
	/*@ assert accepted: r->pd < 16 && r->vc < 64 &&
	      s->x[r->pd * 64 + r->vc].kind == r->kind &&
	      s->x[r->pd * 64 + r->vc].src == r->src &&
	      s->x[r->pd * 64 + r->vc].dst == r->dst &&
	      s->x[r->pd * 64 + r->vc].node == r->node &&
	      s->x[r->pd * 64 + r->vc].len == r->len; */
	return UD_OK;
}

/* What ud_r5_sched_event does with event e (ud_r5_classify), decided in
 * a function of its own: the event's own body then branches on one value
 * at a time.  (Its tests inline, each `||` joined two paths into one
 * continuation that every later goal of the event carried once per path:
 * 11-17 s of Qed on each of its postconditions.) */
/*@
  requires valid: \valid_read(s) && \valid_read(e);
  assigns \nothing;
  ensures verdict: \result == ud_r5_classify(s, *e);
  ensures ok: \result == UD_OK ==> 1 <= e->kind <= 4 && e->trid < 2048 &&
    s->st[e->trid] != 0 && s->st[e->trid] != 3 && e->seq == s->seq[e->trid] &&
    (e->kind != 4 ==> s->st[e->trid] != 2) &&
    (e->kind == 4 ==> e->wired_pd == ud_r5_pd_of(e->trid) && e->pd == e->wired_pd);
*/
static ud_status ev_verdict(const struct ud_r5_sched *s, const struct ud_r5_sched_ev *e)
{
	if (e->kind < UD_R5_SCHED_EV_ACK || e->kind > UD_R5_SCHED_EV_RAPF)
		return UD_E_INVAL;
	if (e->trid >= UD_R5_SCHED_NTX || s->st[e->trid] == UD_R5_SCHED_IDLE)
		return UD_E_NOENT;
	/* The PDID wired by the packetizer must be the transaction's PD, and
	 * the PDID the sender wrote must agree with it (seed 004, 3.2.3.3:
	 * "check the wired protection domain and the one sent/given by the
	 * user"). */
	if (e->kind == UD_R5_SCHED_EV_RAPF &&
	    (e->wired_pd != e->trid / (UD_R5_SCHED_NVC * UD_R5_SCHED_WIN) || e->pd != e->wired_pd))
		return UD_E_FORGED;
	if (e->seq != s->seq[e->trid] || s->st[e->trid] == UD_R5_SCHED_DONE ||
	    (e->kind != UD_R5_SCHED_EV_RAPF && s->st[e->trid] == UD_R5_SCHED_PAUSED))
		return UD_E_STALE;
	return UD_OK;
}

/* Whether accepted event e would post past a budget (ud_r5_spends): a
 * retransmission past the block's retry budget, or a post past the
 * transfer's post budget (its sequence numbers would come round).  Its
 * own function for the same reason as ev_verdict. */
/*@
  requires valid: \valid_read(s) && \valid_read(e);
  requires acc: 1 <= e->kind <= 4 && e->trid < 2048;
  assigns \nothing;
  ensures spends: \result != 0 <==> ud_r5_spends(s, *e);
  ensures can: \result == 0 && (e->kind == 2 || e->kind == 4) ==> ud_r5_can_retx(s, e->trid);
  ensures budget: \result == 0 && e->kind == 1 &&
    s->x[e->trid / 2].posted < s->x[e->trid / 2].len ==>
    s->x[e->trid / 2].nposts < UD_R5_SCHED_POSTS_MAX;
*/
static int ev_spends(const struct ud_r5_sched *s, const struct ud_r5_sched_ev *e)
{
	uint32_t c = (uint32_t)e->trid / UD_R5_SCHED_WIN;

	if (e->kind == UD_R5_SCHED_EV_NACK || e->kind == UD_R5_SCHED_EV_RAPF) {
		if (s->ntry[e->trid] < UD_R5_SCHED_RETRY && s->x[c].nposts < UD_R5_SCHED_POSTS_MAX)
			return 0;
		return 1;
	}
	if (e->kind == UD_R5_SCHED_EV_ACK && s->x[c].posted < s->x[c].len &&
	    s->x[c].nposts >= UD_R5_SCHED_POSTS_MAX)
		return 1;
	return 0;
}

ud_status ud_r5_sched_event(struct ud_r5_sched *s, const struct ud_r5_sched_ev *e,
			    uint64_t now)
{
	uint16_t t;
	uint32_t c;
	ud_status v = ev_verdict(s, e);

	/* Ignored events: counted, verdict returned, nothing else changes. */
	if (v == UD_E_INVAL) {
		s->cnt.ign_inval = sat_inc(s->cnt.ign_inval);
		return v;
	}
	if (v == UD_E_NOENT) {
		s->cnt.ign_unknown = sat_inc(s->cnt.ign_unknown);
		return v;
	}
	if (v == UD_E_FORGED) {
		s->cnt.ign_forged = sat_inc(s->cnt.ign_forged);
		return v;
	}
	if (v != UD_OK) {
		s->cnt.ign_stale = sat_inc(s->cnt.ign_stale);
		return v;
	}
	t = e->trid;
	c = (uint32_t)t / UD_R5_SCHED_WIN;
	/*@ assert chc: ud_r5_ch_ok(s, c); */
	/*@ assert live: s->x[c].active != 0 && s->x[c].complete == 0; */
	/*@ assert fresh: ud_r5_fresh_tx(s, t); */
	/*@ assert only: ud_r5_only_current(s, t, e->seq); */
	/* A retransmission past the block's retry budget, or a post past the
	 * transfer's post budget: the transfer fails instead. */
	if (ev_spends(s, e)) {
		on_spent(s, t);
		return UD_OK;
	}
	switch (e->kind) {
	case UD_R5_SCHED_EV_ACK:
		if (s->x[c].posted < s->x[c].len)
			on_ack_more(s, t, now);
		else
			on_ack_last(s, t);
		break;
	case UD_R5_SCHED_EV_NACK:
		on_resend(s, t, now);
		s->cnt.rtx_nack = sat_inc(s->cnt.rtx_nack);
		break;
	case UD_R5_SCHED_EV_PFNACK:
		on_pause(s, t);
		break;
	default: /* UD_R5_SCHED_EV_RAPF: cancel the timer, retransmit */
		on_resend(s, t, now);
		s->cnt.rtx_rapf = sat_inc(s->cnt.rtx_rapf);
		break;
	}
	return UD_OK;
}

/* One step of the tick: on_resend (the event path's helper) for an
 * expired slot t, with what the tick's loop reads of it as named
 * predicates (spec/r5_sched.acsl, "the timer tick's pass"): each of the
 * loop's invariants is then carried across the step by one lemma. */
/*@
  requires valid: \valid(s);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires t: t < 2048;
  requires busy: ud_r5_busy(s->st[t]);
  requires can: ud_r5_can_retx(s, t);
  requires room: ud_r5_npost < UD_R5_LOG;
  assigns s->st[t], s->seq[t], s->dl[t], s->ntry[t], s->x[t / 2].nposts, ud_env,
          ud_r5_last[t], ud_r5_npost, UD_R5_POST_AT(ud_r5_npost);
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures retransmitted: ud_r5_retx{Pre,Post}(s, t, now);
  ensures logged: ud_r5_npost == \old(ud_r5_npost) + 1 &&
    ud_r5_post_trid[\old(ud_r5_npost)] == t &&
    ud_r5_logged_at{Pre,Post}(s, \old(ud_r5_npost), t);
  ensures one: ud_r5_posted_one{Pre,Post}(t);
  ensures trid_kept: ud_r5_trid_kept{Pre,Post}(\old(ud_r5_npost));
  ensures log_kept: ud_r5_log_kept{Pre,Post}(\old(ud_r5_npost));
  ensures others: ud_r5_txs_same_but{Pre,Post}(s, t);
  ensures xs: ud_r5_xs_same{Pre,Post}(s);
  ensures period: s->period == \old(s->period);
*/
static void tick_resend(struct ud_r5_sched *s, uint16_t t, uint64_t now)
{
	on_resend(s, t, now);
}

/* The tick's failure: channel c's transfer fails (fail_xfer), with what
 * the tick's postconditions read of the rest as named predicates. */
/*@
  requires valid: \valid(s);
  requires inv: ud_r5_inv(s);
  requires wire: ud_r5_wire_ok(s);
  requires c: c < 1024;
  requires live: s->x[c].active != 0 && s->x[c].complete == 0;
  requires room: ud_r5_nnote < UD_R5_LOG;
  assigns s->st[2 * c], s->st[2 * c + 1], s->x[c].active, s->narmed,
          s->pos[0 .. 2047], s->dense[0 .. 2047], ud_env,
          ud_r5_nnote, ud_r5_note_pd[ud_r5_nnote], ud_r5_note_vc[ud_r5_nnote],
          ud_r5_note_kind[ud_r5_nnote], ud_r5_note_status[ud_r5_nnote];
  ensures inv: ud_r5_inv(s);
  ensures wire: ud_r5_wire_ok(s);
  ensures failed: ud_r5_failed{Pre,Post}(s, c, UD_R5_SCHED_E_SPENT);
  ensures steps: ud_r5_steps{Pre,Post}(s);
  ensures others: ud_r5_txs_same_ch{Pre,Post}(s, c);
  ensures kept: ud_r5_blks_kept{Pre,Post}(s);
*/
static void tick_fail(struct ud_r5_sched *s, uint32_t c)
{
	fail_xfer(s, c, UD_R5_SCHED_E_SPENT);
}

/* Whether slot t may post once more (ud_r5_can_retx): the tick's test, in
 * a function of its own so that its memory accesses are proved here. */
/*@
  requires valid: \valid_read(s);
  requires t: t < 2048;
  assigns \nothing;
  ensures can: \result != 0 <==> ud_r5_can_retx(s, t);
*/
static int tick_can_retx(const struct ud_r5_sched *s, uint16_t t)
{
	return s->ntry[t] < UD_R5_SCHED_RETRY &&
	       s->x[t / UD_R5_SCHED_WIN].nposts < UD_R5_SCHED_POSTS_MAX;
}

int32_t ud_r5_sched_tick(struct ud_r5_sched *s, uint64_t now)
{
	uint32_t i;
	uint32_t n = s->narmed;
	int32_t bad = -1;
	uint32_t k = 0;

	/* Each step is tick_resend (on_resend, an event path's helper): the
	 * invariant and the wire state hold at every step, the armed set does
	 * not move.  The invariants tx .. covered are named predicates
	 * (spec/r5_sched.acsl, "the timer tick's pass"), each carried across
	 * a step by one lemma, loaded by its marker (ud_r5_use_*). */
	/*@
	  loop invariant i: 0 <= i <= n;
	  loop invariant bad: bad == -1;
	  loop invariant inv: ud_r5_inv(s);
	  loop invariant wire: ud_r5_wire_ok(s);
	  loop invariant period: s->period == \at(s->period, Pre);
	  loop invariant tx: ud_r5_tick_tx{Pre,Here}(s, i, now);
	  loop invariant x_kept: ud_r5_xs_same{Pre,Here}(s);
	  loop invariant npost: \at(ud_r5_npost, Pre) <= ud_r5_npost <= \at(ud_r5_npost, Pre) + i;
	  loop invariant logged: ud_r5_tick_log{Pre,Here}(s, now);
	  loop invariant pos: ud_r5_tick_pos{Pre,Here}(s, i);
	  loop invariant distinct: ud_r5_tick_distinct{Pre,Here};
	  loop invariant covered: ud_r5_tick_cov{Pre,Here}(s, i, now);
	  loop invariant k: k == ud_r5_npost - \at(ud_r5_npost, Pre);
	  loop assigns i, bad, k, s->st[0 .. 2047], s->seq[0 .. 2047],
	    s->dl[0 .. 2047], s->ntry[0 .. 2047], s->x[0 .. 1023].nposts,
	    ud_env, ud_r5_last[0 .. 2047], ud_r5_npost,
	    UD_R5_POST_AT(\at(ud_r5_npost, Pre) .. \at(ud_r5_npost, Pre) + 2047);
	  loop variant n - i;
	*/
	for (i = 0; i < n; i++) {
		uint16_t t = (uint16_t)s->dense[i];

		/*@ assert at_i: t < 2048 && s->pos[t] == i; */
		/*@ assert armed: ud_r5_busy(s->st[t]); */
		/*@ assert same: ud_r5_use_tick_at(0) && ud_r5_tx_same{Pre,Here}(s, t); */
		if (s->dl[t] <= now) {
			/*@ assert exp: ud_r5_expired{Pre}(s, t, now); */
			if (!tick_can_retx(s, t)) {
				/*@ assert ch_t: ud_r5_ch_ok(s, t / 2); */
				/*@ assert t2: t == 2 * (t / 2) || t == 2 * (t / 2) + 1; */
				/*@ assert live_t: ud_r5_use_live(0) && s->x[t / 2].active != 0 &&
				      s->x[t / 2].complete == 0; */
				bad = (int32_t)(t / UD_R5_SCHED_WIN);
				break;
			}
			tick_resend(s, t, now);
			/*@ assert s_cov: ud_r5_use_cov_step(0) && ud_r5_tick_cov{Pre,Here}(s, i + 1, now); */
			/*@ assert s_keep: ud_r5_use_log_step(0) &&
			      ud_r5_tick_log_upto{Pre,Here}(s, now, \at(ud_r5_npost, LoopCurrent)); */
			/*@ assert s_x: ud_r5_use_xs_trans(0) && ud_r5_xs_same{Pre,Here}(s); */
			/*@ assert s_tx: ud_r5_use_tx_step(0) && ud_r5_tick_tx{Pre,Here}(s, i + 1, now); */
			/*@ assert s_new: ud_r5_use_logged_from(0) &&
			      ud_r5_logged_at{Pre,Here}(s, \at(ud_r5_npost, LoopCurrent), t); */
			/*@ assert s_log: ud_r5_use_log_step2(0) && ud_r5_tick_log{Pre,Here}(s, now); */
			/*@ assert s_pos: ud_r5_use_pos_step(0) && ud_r5_tick_pos{Pre,Here}(s, i + 1); */
			/*@ assert s_dist: ud_r5_use_distinct_step(0) && ud_r5_tick_distinct{Pre,Here}; */
			k++;
		} else {
			/*@ assert n_exp: !ud_r5_expired{Pre}(s, t, now); */
			/*@ assert n_tx: ud_r5_use_skip(0) && ud_r5_tick_tx{Pre,Here}(s, i + 1, now); */
			/*@ assert n_pos: ud_r5_tick_pos{Pre,Here}(s, i + 1); */
			/*@ assert n_cov: ud_r5_tick_cov{Pre,Here}(s, i + 1, now); */
		}
	}
	/* the timeouts counted once, after the loop (no store to the
	 * counters inside it: its frame is tick_resend's alone) */
	s->cnt.rtx_timeout = sat_add(s->cnt.rtx_timeout, k);
	if (bad >= 0) {
		/*@ assert live: s->x[bad].active != 0 && s->x[bad].complete == 0; */
		/*@ assert xb: \let b = bad; \at(s->x[b].active, Pre) != 0 && \at(s->x[b].complete, Pre) == 0 &&
		      \at(s->x[b].kind, Pre) == s->x[b].kind &&
		      ud_r5_nnote == \at(ud_r5_nnote, Pre); */
		/*@ assert f_blk0: ud_r5_use_blk(0) && ud_r5_tick_blk{Pre,Here}(s, i, now); */
		tick_fail(s, (uint32_t)bad);
		/*@ assert fb: ud_r5_failed{Pre,Here}(s, bad, UD_R5_SCHED_E_SPENT); */
		/*@ assert f_res: ud_r5_use_res(0) && ud_r5_tick_res{Pre,Here}(s, i, bad, now); */
		/*@ assert f_blk: ud_r5_tick_blk{Pre,Here}(s, i, now); */
		/*@ assert f_steps: ud_r5_use_steps(0) && ud_r5_steps{Pre,Here}(s); */
		s->cnt.spent = sat_inc(s->cnt.spent);
	} else {
		/*@ assert e_res: ud_r5_use_res(0) && ud_r5_tick_res{Pre,Here}(s, i, -1, now); */
		/*@ assert e_blk: ud_r5_use_blk(0) && ud_r5_tick_blk{Pre,Here}(s, i, now); */
		/*@ assert e_steps: ud_r5_use_steps(0) && ud_r5_steps{Pre,Here}(s); */
		/*@ assert e_all: ud_r5_use_end(0) && \forall integer t; 0 <= t < 2048 ==>
		      ud_r5_busy(\at(s->st[t], Pre)) && \at(s->dl[t], Pre) <= now ==>
		      ud_r5_retx{Pre,Here}(s, t, now); */
		/*@ assert e_quiet: \forall integer c; 0 <= c < 1024 ==>
		      s->x[c].active == \at(s->x[c].active, Pre); */
	}
	/* the two paths joined, as atoms; the postconditions from them */
	/*@ assert m_steps: ud_r5_steps{Pre,Here}(s); */
	/*@ assert m_blk: ud_r5_tick_blk{Pre,Here}(s, i, now); */
	/*@ assert m_res: ud_r5_tick_res{Pre,Here}(s, i, bad, now); */
	/*@ assert m_log: ud_r5_tick_log{Pre,Here}(s, now); */
	/*@ assert m_pos: ud_r5_tick_pos{Pre,Here}(s, i); */
	/*@ assert m_lpb: ud_r5_tick_lpb{Pre,Here}(s, i, now); */
	/*@ assert end: ud_r5_use_end(0); */
	return bad;
}

/* What ud_r5_sched_abort does with its arguments
 * (ud_r5_abort_verdict), decided in a function of its own like
 * ev_verdict: the abort then branches on one value at a time, and its
 * goals carry one test of the verdict where they carried the memory
 * reads of every test inline. */
/*@
  requires valid: \valid_read(s);
  assigns \nothing;
  ensures verdict: \result == ud_r5_abort_verdict(s, pd, trid, seq, err);
  ensures ok: \result == UD_OK ==> err < 0 && trid < 2048 && s->st[trid] != 0 &&
    s->st[trid] != 3 && seq == s->seq[trid] && pd == ud_r5_pd_of(trid);
*/
static ud_status ab_verdict(const struct ud_r5_sched *s, uint16_t pd, uint16_t trid,
			    uint16_t seq, ud_status err)
{
	if (err >= 0)
		return UD_E_INVAL;
	if (trid >= UD_R5_SCHED_NTX || s->st[trid] == UD_R5_SCHED_IDLE)
		return UD_E_NOENT;
	if (pd != trid / (UD_R5_SCHED_NVC * UD_R5_SCHED_WIN))
		return UD_E_FORGED;
	if (seq != s->seq[trid] || s->st[trid] == UD_R5_SCHED_DONE)
		return UD_E_STALE;
	return UD_OK;
}

/* The abort path: see r5_sched.h. */
ud_status ud_r5_sched_abort(struct ud_r5_sched *s, uint16_t pd, uint16_t trid, uint16_t seq,
			    ud_status err)
{
	uint32_t c;
	ud_status v = ab_verdict(s, pd, trid, seq, err);

	/* Ignored: counted, verdict returned, nothing else changes. */
	if (v == UD_E_INVAL) {
		s->cnt.ign_inval = sat_inc(s->cnt.ign_inval);
		return v;
	}
	if (v == UD_E_NOENT) {
		s->cnt.ign_unknown = sat_inc(s->cnt.ign_unknown);
		return v;
	}
	if (v == UD_E_FORGED) {
		s->cnt.ign_forged = sat_inc(s->cnt.ign_forged);
		return v;
	}
	if (v != UD_OK) {
		s->cnt.ign_stale = sat_inc(s->cnt.ign_stale);
		return v;
	}
	c = (uint32_t)trid / UD_R5_SCHED_WIN;
	/*@ assert chc: ud_r5_ch_ok(s, c); */
	/*@ assert blk: ud_r5_block_ok(s, trid); */
	/*@ assert live: s->x[c].active != 0 && s->x[c].complete == 0; */
	/*@ assert fresh: ud_r5_fresh_tx(s, trid); */
	/*@ assert only: ud_r5_only_current(s, trid, seq); */
	fail_xfer(s, c, err);
	s->cnt.aborts = sat_inc(s->cnt.aborts);
	return UD_OK;
}

ud_status ud_r5_sched_read_req(struct ud_r5_sched *s, const struct ud_r5_sched_rreq *q,
			       uint64_t now)
{
	struct ud_r5_sched_req r;
	ud_status rc;

	if (q->wired_pd != q->pd) {
		s->cnt.ign_forged = sat_inc(s->cnt.ign_forged);
		return UD_E_FORGED;
	}
	r.pd = q->pd;
	r.vc = q->vc;
	r.kind = (uint8_t)UD_R5_SCHED_READ;
	r.node = q->node;
	r.src = q->src;
	r.dst = q->dst;
	r.len = q->len;
	/*@ assert copied: r.pd == q->pd && r.vc == q->vc && r.kind == 1 && r.node == q->node &&
	      r.src == q->src && r.dst == q->dst && r.len == q->len; */
	rc = ud_r5_sched_submit(s, &r, now);
	if (rc == UD_OK)
		s->cnt.read_reqs = sat_inc(s->cnt.read_reqs);
	return rc;
}
