// SPDX-License-Identifier: MIT
// ud_fault_fifo_formal.sv -- formal wrapper of hw/ud_fault_fifo.v (BMC and
// k-induction with yosys + yosys-smtbmc + z3; hw/formal/run.sh, `make hw`).
//
// The properties are those WP proves on the C model (src/fault_fifo.h):
//   bound    count never exceeds the depth            (ud_ff_inv: count <= 512)
//   push     queued / duplicate / full, per status    (ud_ff_push behaviors)
//   ovf      a push into a full FIFO is dropped, counted (saturating) and
//            sets the sticky flag; sticky iff count != 0  (ud_ff_push:counted,
//            sticky, queue_intact; ud_ff_inv_meta)
//   fsm      LOW delivers and arms; LOW empty = 0/EMPTY; LOW twice = 0/SEQ and
//            disarms; HIGH without a delivered LOW = 0/SEQ, nothing popped;
//            LOW then HIGH pops exactly one entry  (ud_ff_read_lo, read_hi)
//   clr      clear returns the count and zeroes it   (ud_ff_clear_overflow)
//   track    an arbitrary entry (anyconst fields, pushed at a cycle the solver
//            picks) stays intact in storage while queued -- whatever else
//            is pushed, dropped or read -- and comes out exactly after the
//            entries queued before it: its LOW word on the LOW read and its
//            HIGH word on the popping HIGH read  (ud_ff_push:older_kept,
//            ud_ff_read_lo:word, ud_ff_read_hi:word, rest_kept)
//   inv      the RTL's internal state agrees with the wrapper's reference
//            (tail = head + count, FSM state, duplicate-filter key): the
//            induction strengtheners, also asserted.
//   dupc     a push dropped as a duplicate is counted (saturating); nothing
//            else moves the counter; reset zeroes it
//   dedup    (DEDUP = 1, the live-entry dedup; a and b are two arbitrary
//            slots, anyconst) every live slot holds a well-formed entry;
//            no two live entries have the same key; a push whose key a live
//            entry has is dropped (complete); a dropped push had a live
//            duplicate -- the RTL names the slot it matched, the wrapper
//            checks that slot is live and has the key (sound).  The key
//            is read from the stored words field by field (Table 3.2),
//            liveness from head/tail/count, both written here afresh.
//
// Assumptions are only on the environment's inputs: reset in the first
// cycle, at most one operation per clock (the RTL's documented interface).
// Every other input, f_pick included, is free in every cycle.
`default_nettype none
module ud_fault_fifo_formal #(
    parameter AW = 9,
    parameter DEDUP = 0
) (
    input wire        clk,
    input wire        rst,
    input wire        push,
    input wire [21:0] src,
    input wire [13:0] trid,
    input wire [13:0] seq,
    input wire [15:0] pdid,
    input wire [3:0]  proc,
    input wire [26:0] vpn,
    input wire [1:0]  exa,
    input wire        rd_lo,
    input wire        rd_hi,
    input wire        clr_ovf,
    input wire        f_pick            // solver's choice of the tracked push
);
    localparam DEPTH = 1 << AW;

    wire [63:0] rdata;
    wire [1:0]  rstat, pstat;
    wire [AW:0] count;
    wire [31:0] ovf_count;
    wire        ovf_sticky;
    wire [31:0] dup_count;
    wire        f_dup_dut;
    wire [AW-1:0] f_dup_slot;
    wire [63:0] f_pa_lo, f_pa_hi, f_pb_lo, f_pb_hi;
    wire [AW-1:0] f_head, f_tail, f_peek_addr;
    wire        f_low_read, f_last_valid;
    wire [81:0] f_last_key;
    wire [63:0] f_peek_lo, f_peek_hi;

    (* anyconst *) reg [AW-1:0] f_pa;   // two arbitrary slots (dedup)
    (* anyconst *) reg [AW-1:0] f_pb;
    wire [63:0] f_pw_lo, f_pw_hi;       // the slot the RTL said it matched
    reg  [AW-1:0] f_pw;                 // (registered: a dropped push writes
    always @(posedge clk) f_pw <= f_dup_slot;   // nothing, so the slot is
                                        // read one cycle later unchanged)

    ud_fault_fifo #(.AW(AW), .DEDUP(DEDUP)) dut (
        .clk(clk), .rst(rst), .push(push), .src(src), .trid(trid), .seq(seq),
        .pdid(pdid), .proc(proc), .vpn(vpn), .exa(exa), .rd_lo(rd_lo),
        .rd_hi(rd_hi), .clr_ovf(clr_ovf), .rdata(rdata), .rstat(rstat),
        .pstat(pstat), .count(count), .ovf_count(ovf_count),
        .ovf_sticky(ovf_sticky), .dup_count(dup_count),
        .f_dup(f_dup_dut), .f_dup_slot(f_dup_slot),
        .f_peek2_addr(f_pa), .f_peek2_lo(f_pa_lo), .f_peek2_hi(f_pa_hi),
        .f_peek3_addr(f_pb), .f_peek3_lo(f_pb_lo), .f_peek3_hi(f_pb_hi),
        .f_peek4_addr(f_pw), .f_peek4_lo(f_pw_lo), .f_peek4_hi(f_pw_hi),
        .f_head(f_head), .f_tail(f_tail),
        .f_low_read(f_low_read), .f_last_valid(f_last_valid),
        .f_last_key(f_last_key), .f_peek_addr(f_peek_addr),
        .f_peek_lo(f_peek_lo), .f_peek_hi(f_peek_hi));

    // ------------------------------------------------------------ Table 3.2
    // The packing written field by field from docs/fault_fifo.md (bit
    // positions), independently of the RTL's concatenations.
    function [63:0] pack_lo(input [21:0] s, input [13:0] t, input [13:0] q);
        begin
            pack_lo = 64'd0;
            pack_lo[0]     = 1'b1;        // row 1 Valid
            pack_lo[5:4]   = t[13:12];    // tr_ID MSB
            pack_lo[29:8]  = s;           // src_ID
            pack_lo[32]    = 1'b1;        // row 2 Valid
            pack_lo[49:36] = q;           // seq_num
            pack_lo[63:52] = t[11:0];     // tr_ID LSB
        end
    endfunction
    function [63:0] pack_hi(input [15:0] d, input [3:0] p, input [26:0] v,
                            input [1:0] x);
        begin
            pack_hi = 64'd0;
            pack_hi[0]     = 1'b1;        // row 3 Valid
            pack_hi[2:1]   = x;           // EXA_ACK
            pack_hi[10:4]  = v[26:20];    // IOVA[26:20]  (IOVA[27] = hi[11] = 0)
            pack_hi[15:12] = p;           // IOVA[31:28]: process index
            pack_hi[31:16] = d;           // PDID
            pack_hi[32]    = 1'b1;        // row 4 Valid
            pack_hi[63:44] = v[19:0];     // IOVA[19:0]
        end
    endfunction

    // The duplicate key of a stored entry, read field by field (Table 3.2):
    // {src_ID, tr_ID, seq_num, process, VPN}.  PDID and EXA_ACK are not key.
    function [80:0] key_of(input [63:0] lo, input [63:0] hi);
        key_of = {lo[29:8], lo[5:4], lo[63:52], lo[49:36], hi[15:12],
                  hi[10:4], hi[63:44]};
    endfunction
    // Well formed: re-packing the fields gives the words back (constant
    // and Valid bits as Table 3.2 has them).
    function wf(input [63:0] lo, input [63:0] hi);
        wf = pack_lo(lo[29:8], {lo[5:4], lo[63:52]}, lo[49:36]) == lo &&
             pack_hi(hi[31:16], hi[15:12], {hi[10:4], hi[63:44]}, hi[2:1]) == hi;
    endfunction
    // Slot x holds a live entry: between head (included) and tail, or every
    // slot when full.
    function live(input [AW-1:0] x, input [AW-1:0] h, input [AW-1:0] t,
                  input [AW:0] c);
        live = c == DEPTH ? 1'b1 : c == 0 ? 1'b0 :
               h < t ? (h <= x && x < t) : (x >= h || x < t);
    endfunction

    // ------------------------------------------------------------ environment
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;

    always @(*) begin
        if (!f_past_valid)
            assume(rst);
        assume({2'b00, push} + {2'b00, rd_lo} + {2'b00, rd_hi} + {2'b00, clr_ovf} <= 3'd1);
    end

    // ------------------------------------------------------------ reference
    // The wrapper's own view of the read FSM and of the duplicate filter,
    // driven only by the inputs and the occupancy the DUT reports.
    reg        f_armed = 1'b0;       // a LOW read delivered, no read since
    reg        f_lkv = 1'b0;         // a push was queued since reset
    reg [81:0] f_lkey;               // its key {src, trid, seq, iova}

    wire [31:0] in_iova = {proc, 1'b0, vpn};
    wire [81:0] in_key  = {src, trid, seq, in_iova};
    wire [80:0] in_fkey = {src, trid, seq, proc, vpn};
    // The duplicate decision: DEDUP = 0, the wrapper's own last-pushed
    // register; DEDUP = 1, the RTL's (its soundness and completeness are
    // the dedup assertions below).
    wire f_dup        = push && (DEDUP != 0 ? f_dup_dut : f_lkv && f_lkey == in_key);
    wire f_full       = count == DEPTH;
    wire f_push_ok    = push && !f_dup && !f_full;
    wire f_push_full  = push && !f_dup && f_full;
    wire f_lo_ok      = rd_lo && !f_armed && count != 0;
    wire f_lo_empty   = rd_lo && !f_armed && count == 0;
    wire f_lo_twice   = rd_lo && f_armed;
    wire f_hi_pop     = rd_hi && f_armed;
    wire f_hi_first   = rd_hi && !f_armed;
    wire f_idle       = !push && !rd_lo && !rd_hi && !clr_ovf;

    always @(posedge clk) begin
        if (rst) begin
            f_armed <= 1'b0;
            f_lkv <= 1'b0;
        end else begin
            if (f_lo_ok)
                f_armed <= 1'b1;
            else if (rd_lo || rd_hi)
                f_armed <= 1'b0;
            if (f_push_ok) begin
                f_lkv <= 1'b1;
                f_lkey <= in_key;
            end
        end
    end

    // ------------------------------------------------------------ tracked entry
    (* anyconst *) reg [21:0] t_src;
    (* anyconst *) reg [13:0] t_trid;
    (* anyconst *) reg [13:0] t_seq;
    (* anyconst *) reg [15:0] t_pdid;
    (* anyconst *) reg [3:0]  t_proc;
    (* anyconst *) reg [26:0] t_vpn;
    (* anyconst *) reg [1:0]  t_exa;
    wire [63:0] t_lo = pack_lo(t_src, t_trid, t_seq);
    wire [63:0] t_hi = pack_hi(t_pdid, t_proc, t_vpn, t_exa);

    localparam T_NONE = 2'd0, T_QUEUED = 2'd1, T_OUT = 2'd2;
    reg [1:0]  t_state = T_NONE;
    reg [AW:0] t_ahead;              // entries queued before it
    wire t_is_in = src == t_src && trid == t_trid && seq == t_seq &&
                   pdid == t_pdid && proc == t_proc && vpn == t_vpn && exa == t_exa;
    wire t_take  = t_state == T_NONE && f_pick && f_push_ok && t_is_in;
    wire t_front = t_state == T_QUEUED && t_ahead == 0;

    always @(posedge clk) begin
        if (rst) begin
            t_state <= T_NONE;
        end else if (t_take) begin
            t_state <= T_QUEUED;
            t_ahead <= count;
        end else if (t_state == T_QUEUED && f_hi_pop) begin
            if (t_ahead == 0)
                t_state <= T_OUT;
            else
                t_ahead <= t_ahead - 1'b1;
        end
    end
    // The slot the tracked entry must be in: head + entries ahead.
    assign f_peek_addr = f_head + t_ahead[AW-1:0];

    wire a_live = live(f_pa, f_head, f_tail, count);
    wire b_live = live(f_pb, f_head, f_tail, count);

    // ------------------------------------------------------------ invariants
    // (from the cycle after the first reset on: registers start unknown)
    always @(*) begin
        if (f_past_valid) begin
            bound: assert(count <= DEPTH);
            ovf_sticky_iff: assert(ovf_sticky == (ovf_count != 0));
            if (t_state == T_QUEUED) begin
                track_pos: assert(t_ahead < count);
                track_intact: assert(f_peek_lo == t_lo && f_peek_hi == t_hi);
            end
            inv_ring: assert(f_tail == f_head + count[AW-1:0]);
            inv_fsm: assert(f_low_read == f_armed);
            inv_fsm_nonempty: assert(!f_armed || count != 0);
            inv_filter: assert(f_last_valid == f_lkv &&
                               (!f_lkv || f_last_key == f_lkey));
            if (DEDUP != 0) begin
                dd_wf: assert((!a_live || wf(f_pa_lo, f_pa_hi)) &&
                              (!b_live || wf(f_pb_lo, f_pb_hi)));
                dd_distinct: assert(!(a_live && b_live && f_pa != f_pb &&
                                      key_of(f_pa_lo, f_pa_hi) == key_of(f_pb_lo, f_pb_hi)));
                if (push && a_live && key_of(f_pa_lo, f_pa_hi) == in_fkey)
                    dd_complete: assert(f_dup_dut);
            end
        end
    end

    // ------------------------------------------------------------ steps
    always @(posedge clk) if (f_past_valid) begin
        if ($past(rst)) begin
            reset_state: assert(count == 0 && ovf_count == 0 && !ovf_sticky &&
                                rdata == 0 && rstat == 0 && pstat == 0 &&
                                dup_count == 0);
        end else begin
            // pushes: status, occupancy, overflow; reads untouched
            if ($past(f_push_ok))
                push_queued: assert(pstat == 2'd0 && count == $past(count) + 1'b1 &&
                                    ovf_count == $past(ovf_count) &&
                                    ovf_sticky == $past(ovf_sticky));
            if ($past(f_dup))
                push_dup: assert(pstat == 2'd1 && count == $past(count) &&
                                 ovf_count == $past(ovf_count) &&
                                 ovf_sticky == $past(ovf_sticky) &&
                                 f_head == $past(f_head) && f_tail == $past(f_tail) &&
                                 dup_count == ($past(dup_count) == 32'hFFFF_FFFF ?
                                               32'hFFFF_FFFF : $past(dup_count) + 32'd1));
            if (!$past(f_dup))
                dup_count_kept: assert(dup_count == $past(dup_count));
            // DEDUP = 1: a dropped push had a live duplicate, in the slot the
            // RTL names (the drop changed nothing, so it is read now)
            if (DEDUP != 0 && $past(f_dup))
                dd_sound: assert(live(f_pw, f_head, f_tail, count) &&
                                 key_of(f_pw_lo, f_pw_hi) == $past(in_fkey));
            if ($past(f_push_full))
                push_full: assert(pstat == 2'd2 && count == $past(count) &&
                                  ovf_sticky && ovf_count ==
                                  ($past(ovf_count) == 32'hFFFF_FFFF ?
                                   32'hFFFF_FFFF : $past(ovf_count) + 32'd1));
            if ($past(push))
                push_no_read: assert(rdata == $past(rdata) && rstat == $past(rstat) &&
                                     f_head == $past(f_head));
            // the read FSM
            if ($past(f_lo_ok))
                lo_deliver: assert(rstat == 2'd0 && count == $past(count));
            if ($past(f_lo_empty))
                lo_empty: assert(rstat == 2'd1 && rdata == 64'd0 && count == 0);
            if ($past(f_lo_twice))
                lo_twice: assert(rstat == 2'd2 && rdata == 64'd0 &&
                                 count == $past(count) && f_head == $past(f_head));
            if ($past(f_hi_first))
                hi_first: assert(rstat == 2'd2 && rdata == 64'd0 &&
                                 count == $past(count) && f_head == $past(f_head));
            if ($past(f_hi_pop))
                hi_pop_one: assert(rstat == 2'd0 && count == $past(count) - 1'b1 &&
                                   f_head == $past(f_head) + 1'b1);
            if ($past(rd_lo || rd_hi))
                read_no_push: assert(pstat == $past(pstat) &&
                                     ovf_count == $past(ovf_count) &&
                                     ovf_sticky == $past(ovf_sticky));
            // clear overflow
            if ($past(clr_ovf))
                clr: assert(rdata == {32'd0, $past(ovf_count)} && ovf_count == 0 &&
                            !ovf_sticky && count == $past(count) &&
                            rstat == $past(rstat) && pstat == $past(pstat) &&
                            f_head == $past(f_head));
            // no operation: nothing observable moves
            if ($past(f_idle))
                idle: assert(rdata == $past(rdata) && rstat == $past(rstat) &&
                             pstat == $past(pstat) && count == $past(count) &&
                             ovf_count == $past(ovf_count) &&
                             ovf_sticky == $past(ovf_sticky) &&
                             f_head == $past(f_head));
            // the tracked entry comes out intact, in FIFO order
            if ($past(t_front && f_lo_ok))
                track_out_lo: assert(rdata == t_lo);
            if ($past(t_front && f_hi_pop))
                track_out_hi: assert(rdata == t_hi);
        end
    end
endmodule
`default_nettype wire
