// SPDX-License-Identifier: MIT
// ud_fault_fifo.v -- RTL of the receive-side fault FIFO and its read FSM
// (seed 004_2c0be60bc8bfaeb5.txt, section 3.2.3.1, Table 3.2), the hardware
// twin of src/fault_fifo.c.  Co-simulated against the C model by
// hw/tb_fault_fifo.v replaying a trace produced by the real C code
// (hw/gen_trace.c); `make hw`.
//
// One operation per clock (push, LOW read, HIGH read, clear overflow);
// results are registered and valid after the edge.
//   push status  pstat: 0 queued, 1 duplicate (dropped, counted in
//                       dup_count), 2 full (dropped, counted, sticky)
//
// Duplicate key (seed 3.2.3.1): source node ID, transaction ID, sequence
// number and virtual page (the whole 32-bit IOVA field: process index and
// VPN) -- not PDID, not EXA_ACK.  What a push is compared with:
//   DEDUP = 0  the last pushed entry (the thesis's FIFO as built, 3.2.3.1;
//              the register survives pops) -- the twin of src/fault_fifo.c
//   DEDUP = 1  every entry still in the FIFO (live: queued and not yet
//              popped, the half-read head included): the hardware check
//              the thesis proposes for the duplicates two interleaved
//              blocks leave in the FIFO (ch. 4, Fig. 4.2), made exact.  No
//              two live entries then share a key.  Cost: one key compare
//              per slot (a CAM over the 512 entries).  Cosim reference:
//              hw/ff_dedup_ref.c (docs/fault_fifo.md section 5.3).
//   read status  rstat: 0 delivered, 1 empty (LOW read, IDLE), 2 refused
//                       (HIGH first / LOW twice); a refused read returns 0.
`timescale 1ns/1ps
module ud_fault_fifo #(
    parameter AW = 9,                       // 2^9 = 512 entries (Table 3.2)
    parameter DEDUP = 0                     // 1: drop duplicates of live entries
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        push,
    input  wire [21:0] src,                 // src_ID 22
    input  wire [13:0] trid,                // tr_ID 14
    input  wire [13:0] seq,                 // seq_num 14
    input  wire [15:0] pdid,                // PDID 16
    input  wire [3:0]  proc,                // process index 4
    input  wire [26:0] vpn,                 // VA[38:12] 27
    input  wire [1:0]  exa,                 // EXA_ACK 2
    input  wire        rd_lo,
    input  wire        rd_hi,
    input  wire        clr_ovf,
    output reg  [63:0] rdata,
    output reg  [1:0]  rstat,
    output reg  [1:0]  pstat,
    output reg  [AW:0] count,
    output reg  [31:0] ovf_count,
    output reg         ovf_sticky,
    output reg  [31:0] dup_count            // pushes dropped as duplicates (saturating)
`ifdef FORMAL
    // Observation ports for hw/formal/ud_fault_fifo_formal.sv only (the
    // induction invariants name the internal state); absent otherwise.
    ,
    output wire [AW-1:0] f_head,
    output wire [AW-1:0] f_tail,
    output wire          f_low_read,
    output wire          f_last_valid,
    output wire [81:0]   f_last_key,        // {src, trid, seq, iova}
    input  wire [AW-1:0] f_peek_addr,
    output wire [63:0]   f_peek_lo,
    output wire [63:0]   f_peek_hi,
    output wire          f_dup,             // this cycle's duplicate decision
    output wire [AW-1:0] f_dup_slot,        // DEDUP=1: a live slot it matched
    input  wire [AW-1:0] f_peek2_addr,
    output wire [63:0]   f_peek2_lo,
    output wire [63:0]   f_peek2_hi,
    input  wire [AW-1:0] f_peek3_addr,
    output wire [63:0]   f_peek3_lo,
    output wire [63:0]   f_peek3_hi,
    input  wire [AW-1:0] f_peek4_addr,
    output wire [63:0]   f_peek4_lo,
    output wire [63:0]   f_peek4_hi
`endif
);
    localparam DEPTH = 1 << AW;

    // Table 3.2, row n = 32-bit word n, MSB first, Valid at bit 0.
    wire [31:0] iova = {proc, 1'b0, vpn};                       // bit 27 wired 0
    wire [31:0] w0 = {2'b00, src, 2'b00, trid[13:12], 3'b000, 1'b1};
    wire [31:0] w1 = {trid[11:0], 2'b00, seq, 3'b000, 1'b1};
    wire [31:0] w2 = {pdid, iova[31:20], 1'b0, exa, 1'b1};
    wire [31:0] w3 = {iova[19:0], 11'b0, 1'b1};

    reg [63:0] mem_lo [0:DEPTH-1];
    reg [63:0] mem_hi [0:DEPTH-1];
    reg [AW-1:0] head, tail;
    reg          low_read;                   // read FSM: 0 IDLE, 1 LOW_READ
    reg          last_valid;                 // duplicate filter register
    reg [21:0]   last_src;
    reg [13:0]   last_trid, last_seq;
    reg [31:0]   last_iova;

    wire dup_last = last_valid && last_src == src && last_trid == trid &&
                    last_seq == seq && last_iova == iova;

    // DEDUP = 1: compare the key with every live slot.  The LOW word holds
    // only key fields (src, trid, seq) and constants; in the HIGH word the
    // PDID (bits 31:16) and EXA_ACK (bits 2:1) are not key.
    localparam [63:0] KEY_HI = 64'hFFFF_FFFF_0000_FFF9;
    /* verilator lint_off UNUSEDSIGNAL */    // (unused with DEDUP = 0)
    wire [63:0] in_lo = {w1, w0};
    wire [63:0] in_hi = {w3, w2};
    wire          dup_live;
    wire [AW-1:0] dup_slot;                  // the last matching slot (formal's witness)
    /* verilator lint_on UNUSEDSIGNAL */
    generate if (DEDUP != 0) begin : g_dedup
        reg          m;
        reg [AW-1:0] slot;
        reg [AW-1:0] off;
        integer i;
        always @(*) begin
            m = 1'b0;
            slot = {AW{1'b0}};
            off = {AW{1'b0}};
            for (i = 0; i < DEPTH; i = i + 1) begin
                off = i[AW-1:0] - head;      // position of slot i from the head
                if ({1'b0, off} < count && mem_lo[i] == in_lo &&
                    (mem_hi[i] & KEY_HI) == (in_hi & KEY_HI)) begin
                    m = 1'b1;
                    slot = i[AW-1:0];
                end
            end
        end
        assign dup_live = m;
        assign dup_slot = slot;
    end else begin : g_last
        assign dup_live = 1'b0;
        assign dup_slot = {AW{1'b0}};
    end endgenerate
    wire dup = DEDUP != 0 ? dup_live : dup_last;

`ifdef FORMAL
    assign f_head = head;
    assign f_tail = tail;
    assign f_low_read = low_read;
    assign f_last_valid = last_valid;
    assign f_last_key = {last_src, last_trid, last_seq, last_iova};
    assign f_peek_lo = mem_lo[f_peek_addr];
    assign f_peek_hi = mem_hi[f_peek_addr];
    assign f_dup = dup;
    assign f_dup_slot = dup_slot;
    assign f_peek2_lo = mem_lo[f_peek2_addr];
    assign f_peek2_hi = mem_hi[f_peek2_addr];
    assign f_peek3_lo = mem_lo[f_peek3_addr];
    assign f_peek3_hi = mem_hi[f_peek3_addr];
    assign f_peek4_lo = mem_lo[f_peek4_addr];
    assign f_peek4_hi = mem_hi[f_peek4_addr];
`endif

    always @(posedge clk) begin
        if (rst) begin
            head <= 0; tail <= 0; count <= 0; low_read <= 1'b0;
            last_valid <= 1'b0; ovf_count <= 0; ovf_sticky <= 1'b0; dup_count <= 0;
            rdata <= 64'd0; rstat <= 2'd0; pstat <= 2'd0;
        end else if (push) begin
            if (dup) begin
                pstat <= 2'd1;
                if (dup_count != 32'hFFFF_FFFF)
                    dup_count <= dup_count + 32'd1;
            end else if (count == DEPTH) begin
                pstat <= 2'd2;
                if (ovf_count != 32'hFFFF_FFFF)
                    ovf_count <= ovf_count + 32'd1;
                ovf_sticky <= 1'b1;
            end else begin
                pstat <= 2'd0;
                mem_lo[tail] <= {w1, w0};
                mem_hi[tail] <= {w3, w2};
                tail <= tail + 1'b1;
                count <= count + 1'b1;
                last_valid <= 1'b1;
                last_src <= src; last_trid <= trid; last_seq <= seq;
                last_iova <= iova;
            end
        end else if (rd_lo) begin
            if (low_read) begin                    // LOW twice: abort
                rdata <= 64'd0; rstat <= 2'd2; low_read <= 1'b0;
            end else if (count == 0) begin
                rdata <= 64'd0; rstat <= 2'd1;
            end else begin
                rdata <= mem_lo[head]; rstat <= 2'd0; low_read <= 1'b1;
            end
        end else if (rd_hi) begin
            if (!low_read) begin                   // HIGH first: nothing
                rdata <= 64'd0; rstat <= 2'd2;
            end else begin                         // LOW then HIGH: pop
                rdata <= mem_hi[head]; rstat <= 2'd0; low_read <= 1'b0;
                head <= head + 1'b1;
                count <= count - 1'b1;
            end
        end else if (clr_ovf) begin
            rdata <= {32'd0, ovf_count};
            ovf_count <= 0; ovf_sticky <= 1'b0;
        end
    end
endmodule
