// SPDX-License-Identifier: MIT
// tb_fault_fifo.v -- co-simulation of hw/ud_fault_fifo.v against the C
// model: replays the trace written by hw/gen_trace.c (the real
// src/fault_fifo.c) and compares every status, word and counter.
`timescale 1ns/1ps
module tb_fault_fifo;
    reg clk = 0, rst = 1;
    reg push = 0, rd_lo = 0, rd_hi = 0, clr_ovf = 0;
    reg [21:0] src; reg [13:0] trid, seq; reg [15:0] pdid; reg [3:0] proc;
    reg [26:0] vpn; reg [1:0] exa;
    wire [63:0] rdata; wire [1:0] rstat, pstat; wire [9:0] count;
    wire [31:0] ovf_count; wire ovf_sticky;

    ud_fault_fifo #(.AW(9)) dut (.clk(clk), .rst(rst), .push(push), .src(src),
        .trid(trid), .seq(seq), .pdid(pdid), .proc(proc), .vpn(vpn), .exa(exa),
        .rd_lo(rd_lo), .rd_hi(rd_hi), .clr_ovf(clr_ovf), .rdata(rdata),
        .rstat(rstat), .pstat(pstat), .count(count), .ovf_count(ovf_count),
        .ovf_sticky(ovf_sticky));

    always #5 clk = ~clk;

    integer fd, rc, op, st, e_count, e_sticky, n = 0, bad = 0, pops = 0, drops = 0;
    reg [31:0] a, b, c, d, e, f, g, e_ovf;
    reg [63:0] e_word;
    reg [1:0] got;
    reg [8*256-1:0] path;

    initial begin
        if (!$value$plusargs("trace=%s", path)) path = "trace.txt";
        fd = $fopen(path, "r");
        if (fd == 0) begin $display("cosim: cannot open trace"); $finish; end
        @(posedge clk); #1 rst = 0;
        while (!$feof(fd)) begin
            rc = $fscanf(fd, "%d %h %h %h %h %h %h %h %d %h %d %h %d\n",
                         op, a, b, c, d, e, f, g, st, e_word, e_count, e_ovf, e_sticky);
            if (rc == 13) begin
                src = a[21:0]; trid = b[13:0]; seq = c[13:0]; pdid = d[15:0];
                proc = e[3:0]; vpn = f[26:0]; exa = g[1:0];
                push = (op == 0); rd_lo = (op == 1); rd_hi = (op == 2); clr_ovf = (op == 3);
                @(posedge clk); #1;
                push = 0; rd_lo = 0; rd_hi = 0; clr_ovf = 0;
                got = (op == 0) ? pstat : rstat;
                if ((op != 3 && got != st[1:0]) || (op != 0 && rdata != e_word) ||
                    count != e_count || ovf_count != e_ovf || ovf_sticky != e_sticky[0]) begin
                    bad = bad + 1;
                    if (bad < 10)
                        $display("cosim: op %0d #%0d: stat %0d/%0d word %h/%h count %0d/%0d ovf %0d/%0d",
                                 op, n, got, st, rdata, e_word, count, e_count, ovf_count, e_ovf);
                end
                if (op == 2 && st == 0) pops = pops + 1;
                if (op == 0 && st == 2) drops = drops + 1;
                n = n + 1;
            end
        end
        $display("cosim: %0d operations (%0d pops, %0d drops when full), %0d mismatches", n, pops, drops, bad);
        if (bad != 0) $fatal(1, "cosim: RTL and C model disagree");
        $finish;
    end
endmodule
