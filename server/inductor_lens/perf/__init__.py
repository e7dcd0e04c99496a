"""How fast against the machine: bytes per launch (:mod:`.figures`), FLOPs of GEMMs,
convolutions and attention (:mod:`.flops`), the devices' peaks (:mod:`.devices`), and achieved
throughput, share of peak and roofline class per kernel and model line (:mod:`.throughput`).

Sits beside timing, above the index (the index never imports it); may import model, readers
(the kernel-argument reader) and timing (the line weights of :mod:`inductor_lens.timing.line_time`).
"""
