# AOT ID: ['0_backward']
from ctypes import c_void_p, c_long, c_int
import torch
import math
import random
import os
import tempfile
from math import inf, nan
from cmath import nanj
from torch._inductor.hooks import run_intermediate_hooks
from torch._inductor.utils import maybe_profile
from torch._inductor.codegen.memory_planning import _align as align
from torch import device, empty_strided
from torch._inductor.async_compile import AsyncCompile
from torch._inductor.select_algorithm import extern_kernels
import triton
import triton.language as tl
from torch._inductor.runtime.triton_heuristics import start_graph, end_graph
from torch._C import _cuda_getCurrentRawStream as get_raw_stream

aten = torch.ops.aten
inductor_ops = torch.ops.inductor
_quantized = torch.ops._quantized
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
assert_alignment = torch._C._dynamo.guards.assert_alignment
empty_strided_cpu = torch._C._dynamo.guards._empty_strided_cpu
empty_strided_cpu_pinned = torch._C._dynamo.guards._empty_strided_cpu_pinned
empty_strided_cuda = torch._C._dynamo.guards._empty_strided_cuda
empty_strided_xpu = torch._C._dynamo.guards._empty_strided_xpu
empty_strided_mtia = torch._C._dynamo.guards._empty_strided_mtia
reinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor
alloc_from_pool = torch.ops.inductor._alloc_from_pool
async_compile = AsyncCompile()
empty_strided_p2p = torch._C._distributed_c10d._SymmetricMemory.empty_strided_p2p


# kernel path: /tmp/torchinductor_profile_convnext_train/i7/ci7pfflpnzsl7pstrbkdptfxwpuwjsmwr7n4zusku6w43blfibq5.py
# Topologically Sorted Source Nodes: [, permute_36], Original ATen: [aten.mm, aten.t]
# Source node to ATen node mapping:
#    => constant_pad_nd_default, constant_pad_nd_default_1
#   permute_36 => permute_36
# Graph fragment:
#   %tangents_1 : Tensor "f32[4, 10][10, 1]cuda:0" = PlaceHolder[target=tangents_1]
#   %constant_pad_nd_default_1 : Tensor "f32[4, 12][12, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%tangents_1, [0, 2, 0, 0]), kwargs = {})
#   %permute_36 : Tensor "f32[10, 4][1, 10]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%tangents_1, [1, 0]), kwargs = {})
#   %constant_pad_nd_default : Tensor "f32[12, 4][4, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%permute_36, [0, 0, 0, 2]), kwargs = {})
#   return %constant_pad_nd_default_1,%constant_pad_nd_default
triton_poi_fused_mm_t_0 = async_compile.triton('triton_poi_fused_mm_t_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 64}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_mm_t_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 2, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 928}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_mm_t_0(in_ptr0, out_ptr0, out_ptr1, xnumel, XBLOCK : tl.constexpr):
    xnumel = 48
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 12)
    x1 = xindex // 12
    x2 = xindex
    tmp0 = x0
    tmp1 = tl.full([1], 10, tl.int64)
    tmp2 = tmp0 < tmp1
    tmp3 = tl.load(in_ptr0 + (x0 + 10*x1), tmp2 & xmask, other=0.0)
    tl.store(out_ptr0 + (x2), tmp3, xmask)
    tl.store(out_ptr1 + (x2), tmp3, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/hl/chlucgwiwavp4xpsjfcqxga3znnd4kwzpign5fhjwstm5l7yvbyp.py
# Topologically Sorted Source Nodes: [x_150, permute_35, ], Original ATen: [aten.t, aten.mm]
# Source node to ATen node mapping:
#    => constant_pad_nd_default_2
#   permute_35 => permute_35
#   x_150 => permute_34
# Graph fragment:
#   %primals_128 : Tensor "f32[10, 320][320, 1]cuda:0" = PlaceHolder[target=primals_128]
#   %permute_34 : Tensor "f32[320, 10][1, 320]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%primals_128, [1, 0]), kwargs = {})
#   %permute_35 : Tensor "f32[10, 320][320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%permute_34, [1, 0]), kwargs = {})
#   %constant_pad_nd_default_2 : Tensor "f32[12, 320][320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.constant_pad_nd.default](args = (%permute_35, [0, 0, 0, 2]), kwargs = {})
#   return %constant_pad_nd_default_2
triton_poi_fused_mm_t_1 = async_compile.triton('triton_poi_fused_mm_t_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 4096}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_mm_t_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 43520}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_mm_t_1(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 3840
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x1 = xindex // 320
    x2 = xindex
    tmp0 = x1
    tmp1 = tl.full([1], 10, tl.int64)
    tmp2 = tmp0 < tmp1
    tmp3 = tl.load(in_ptr0 + (x2), tmp2 & xmask, other=0.0)
    tl.store(out_ptr0 + (x2), tmp3, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/y7/cy7k5wpj2o7soup7tcgmhouucdffjw2hbaj4lsdpmhadiurhhht4.py
# Topologically Sorted Source Nodes: [sum_1], Original ATen: [aten.sum]
# Source node to ATen node mapping:
#   sum_1 => sum_1
# Graph fragment:
#   %tangents_1 : Tensor "f32[4, 10][10, 1]cuda:0" = PlaceHolder[target=tangents_1]
#   %sum_1 : Tensor "f32[1, 10][10, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%tangents_1, [0], True), kwargs = {})
#   return %sum_1
triton_poi_fused_sum_2 = async_compile.triton('triton_poi_fused_sum_2', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 16}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_sum_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 4, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 240}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_sum_2(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 10
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tl.load(in_ptr0 + (10 + x0), xmask)
    tmp3 = tl.load(in_ptr0 + (20 + x0), xmask)
    tmp5 = tl.load(in_ptr0 + (30 + x0), xmask)
    tmp2 = tmp0 + tmp1
    tmp4 = tmp2 + tmp3
    tmp6 = tmp4 + tmp5
    tl.store(out_ptr0 + (x0), tmp6, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/gb/cgb3eazk6mwxxtfliiubnfoqaftdhcbcb6ef4g6m6bjdlv3k47qw.py
# Topologically Sorted Source Nodes: [_generalized_scatter], Original ATen: [aten.new_zeros]
# Source node to ATen node mapping:
#   _generalized_scatter => full
# Graph fragment:
#   %full : Tensor "f32[1280][1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.full.default](args = ([1280], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %full
triton_poi_fused_new_zeros_3 = async_compile.triton('triton_poi_fused_new_zeros_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 2048}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_new_zeros_3', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 10240}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_new_zeros_3(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 1280
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/da/cdazpmukcz2b66kzne7boivwiznmqwcxdpg4zvkqpjvjsm6oaxyu.py
# Topologically Sorted Source Nodes: [view_14, permute_39, mul_83, mul_84, sum_2, mul_85, sum_3, mul_86, sub_18, sub_19, mul_87, permute_40, squeeze, copy, ], Original ATen: [aten.view, aten.permute, aten.native_layer_norm_backward, aten.squeeze]
# Source node to ATen node mapping:
#    => as_strided_default, copy__default
#   copy => squeeze_1
#   mul_83 => mul_83
#   mul_84 => mul_84
#   mul_85 => mul_85
#   mul_86 => mul_86
#   mul_87 => mul_87
#   permute_39 => permute_39
#   permute_40 => permute_40
#   squeeze => squeeze
#   sub_18 => sub_18
#   sub_19 => sub_19
#   sum_2 => sum_2
#   sum_3 => sum_3
#   view_14 => view_14
# Graph fragment:
#   %mm_default_1 : Tensor "f32[4, 320][320, 1]cuda:0" = PlaceHolder[target=mm_default_1]
#   %primals_126 : Tensor "f32[320][1]cuda:0" = PlaceHolder[target=primals_126]
#   %mul_80 : Tensor "f32[4, 1, 1, 320][320, 320, 320, 1]cuda:0" = PlaceHolder[target=mul_80]
#   %div : Tensor "f32[4, 1, 1, 1][1, 1, 1, 1]cuda:0" = PlaceHolder[target=div]
#   %sum_2 : Tensor "f32[4, 1, 1, 1][1, 4, 4, 4]cuda:0" = PlaceHolder[target=sum_2]
#   %sum_3 : Tensor "f32[4, 1, 1, 1][1, 4, 4, 4]cuda:0" = PlaceHolder[target=sum_3]
#   %buf11 : Tensor "f32[4, 320][320, 1]cuda:0" = PlaceHolder[target=buf11]
#   %full : Tensor "f32[1280][1]cuda:0" = PlaceHolder[target=full]
#   %view_14 : Tensor "f32[4, 320, 1, 1][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_default_1, [4, 320, 1, 1]), kwargs = {})
#   %permute_39 : Tensor "f32[4, 1, 1, 320][320, 1, 1, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%view_14, [0, 2, 3, 1]), kwargs = {})
#   %mul_83 : Tensor "f32[4, 1, 1, 320][320, 1, 1, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_39, %primals_126), kwargs = {})
#   %mul_84 : Tensor "f32[4, 1, 1, 320][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_83, 320), kwargs = {})
#   %sum_2 : Tensor "f32[4, 1, 1, 1][1, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_83, [3], True), kwargs = {})
#   %mul_85 : Tensor "f32[4, 1, 1, 320][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_83, %mul_80), kwargs = {})
#   %sum_3 : Tensor "f32[4, 1, 1, 1][1, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_85, [3], True), kwargs = {})
#   %mul_86 : Tensor "f32[4, 1, 1, 320][320, 320, 320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_80, %sum_3), kwargs = {})
#   %sub_18 : Tensor "f32[4, 1, 1, 320][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_84, %sum_2), kwargs = {})
#   %sub_19 : Tensor "f32[4, 1, 1, 320][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_18, %mul_86), kwargs = {})
#   %mul_87 : Tensor "f32[4, 1, 1, 320][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div, %sub_19), kwargs = {})
#   %permute_40 : Tensor "f32[4, 320, 1, 1][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%mul_87, [0, 3, 1, 2]), kwargs = {})
#   %squeeze : Tensor "f32[4, 320, 1][320, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.squeeze.dim](args = (%permute_40, 3), kwargs = {})
#   %squeeze_1 : Tensor "f32[4, 320][320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.squeeze.dim](args = (%squeeze, 2), kwargs = {})
#   %as_strided_default : Tensor "f32[4, 320][320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.as_strided.default](args = (%full, [4, 320], [320, 1], 0), kwargs = {})
#   %copy__default : Tensor "f32[4, 320][320, 1]cuda:0"[num_users=0] = call_function[target=torch.ops.aten.copy_.default](args = (%as_strided_default, %squeeze_1), kwargs = {})
#   return %sum_2,%sum_3,%buf11,%buf12
triton_per_fused_native_layer_norm_backward_permute_squeeze_view_4 = async_compile.triton('triton_per_fused_native_layer_norm_backward_permute_squeeze_view_4', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4, 'r0_': 512},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr3': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_native_layer_norm_backward_permute_squeeze_view_4', 'mutated_arg_names': ['out_ptr3'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 8, 'r0_': 21760}}
)
@triton.jit
def triton_per_fused_native_layer_norm_backward_permute_squeeze_view_4(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 4
    r0_numel = 320
    R0_BLOCK: tl.constexpr = 512
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 320*x0), r0_mask & xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp7 = tl.load(in_ptr2 + (r0_1 + 320*x0), r0_mask & xmask, other=0.0)
    tmp13 = tl.load(in_ptr3 + (x0), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 * tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(r0_mask & xmask, tmp3, 0)
    tmp6 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp8 = tmp2 * tmp7
    tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
    tmp11 = tl.where(r0_mask & xmask, tmp9, 0)
    tmp12 = tl.sum(tmp11, 1)[:, None].to(tl.float32)
    tmp14 = tl.full([1, 1], 320.0, tl.float32)
    tmp15 = tmp2 * tmp14
    tmp16 = tmp15 - tmp6
    tmp17 = tmp7 * tmp12
    tmp18 = tmp16 - tmp17
    tmp19 = tmp13 * tmp18
    tl.store(out_ptr3 + (r0_1 + 320*x0), tmp19, r0_mask & xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/5b/c5boas537s7zkvec5nbvmlchbsfwqh5agyhpeoenppulxripavaj.py
# Topologically Sorted Source Nodes: [view_14, permute_39, mul_88, sum_4, sum_5], Original ATen: [aten.view, aten.permute, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_88 => mul_88
#   permute_39 => permute_39
#   sum_4 => sum_4
#   sum_5 => sum_5
#   view_14 => view_14
# Graph fragment:
#   %mm_default_1 : Tensor "f32[4, 320][320, 1]cuda:0" = PlaceHolder[target=mm_default_1]
#   %mul_80 : Tensor "f32[4, 1, 1, 320][320, 320, 320, 1]cuda:0" = PlaceHolder[target=mul_80]
#   %view_14 : Tensor "f32[4, 320, 1, 1][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_default_1, [4, 320, 1, 1]), kwargs = {})
#   %permute_39 : Tensor "f32[4, 1, 1, 320][320, 1, 1, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%view_14, [0, 2, 3, 1]), kwargs = {})
#   %mul_88 : Tensor "f32[4, 1, 1, 320][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_39, %mul_80), kwargs = {})
#   %sum_4 : Tensor "f32[320][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_88, [0, 1, 2]), kwargs = {})
#   %sum_5 : Tensor "f32[320][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%permute_39, [0, 1, 2]), kwargs = {})
#   return %sum_4,%sum_5
triton_poi_fused_native_layer_norm_backward_permute_view_5 = async_compile.triton('triton_poi_fused_native_layer_norm_backward_permute_view_5', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 512}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_native_layer_norm_backward_permute_view_5', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 8, 'num_store': 2, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 15360}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_native_layer_norm_backward_permute_view_5(in_ptr0, in_ptr1, out_ptr0, out_ptr1, xnumel, XBLOCK : tl.constexpr):
    xnumel = 320
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = tl.load(in_ptr1 + (x0), xmask)
    tmp3 = tl.load(in_ptr0 + (320 + x0), xmask)
    tmp4 = tl.load(in_ptr1 + (320 + x0), xmask)
    tmp7 = tl.load(in_ptr0 + (640 + x0), xmask)
    tmp8 = tl.load(in_ptr1 + (640 + x0), xmask)
    tmp11 = tl.load(in_ptr0 + (960 + x0), xmask)
    tmp12 = tl.load(in_ptr1 + (960 + x0), xmask)
    tmp2 = tmp0 * tmp1
    tmp5 = tmp3 * tmp4
    tmp6 = tmp2 + tmp5
    tmp9 = tmp7 * tmp8
    tmp10 = tmp6 + tmp9
    tmp13 = tmp11 * tmp12
    tmp14 = tmp10 + tmp13
    tmp15 = tmp0 + tmp3
    tmp16 = tmp15 + tmp7
    tmp17 = tmp16 + tmp11
    tl.store(out_ptr0 + (x0), tmp14, xmask)
    tl.store(out_ptr1 + (x0), tmp17, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/x5/cx5xvbabdrmq7vrlvahtnxonabdt3dpdjw3smrmeeghfnpn2n57c.py
# Topologically Sorted Source Nodes: [as_strided_5, expand_1, div_1, reshape_11, mul_90, sum_7], Original ATen: [aten.as_strided, aten.expand, aten.div, aten.view, aten.mul, aten.convolution_backward]
# Source node to ATen node mapping:
#   as_strided_5 => as_strided_5
#   div_1 => div_1
#   expand_1 => expand_1
#   mul_90 => mul_90
#   reshape_11 => view_11
#   sum_7 => sum_7
# Graph fragment:
#   %buf12 : Tensor "f32[4, 320][1]cuda:0" = PlaceHolder[target=buf12]
#   %primals_125 : Tensor "f32[320][1]cuda:0" = PlaceHolder[target=primals_125]
#   %mul_90 : Tensor "f32[4, 320, 2, 2][1280, 4, 2, 1]cuda:0" = PlaceHolder[target=mul_90]
#   %as_strided_5 : Tensor "f32[4, 320, 1, 1][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.as_strided.default](args = (%full, [4, 320, 1, 1], [320, 1, 1, 1], 0), kwargs = {})
#   %expand_1 : Tensor "f32[4, 320, 2, 2][320, 1, 0, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%as_strided_5, [4, 320, 2, 2]), kwargs = {})
#   %div_1 : Tensor "f32[4, 320, 2, 2][1280, 4, 2, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.div.Scalar](args = (%expand_1, 4), kwargs = {})
#   %view_11 : Tensor "f32[1, 320, 1, 1][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_125, [1, -1, 1, 1]), kwargs = {})
#   %mul_90 : Tensor "f32[4, 320, 2, 2][1280, 4, 2, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_1, %view_11), kwargs = {})
#   %sum_7 : Tensor "f32[320][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_90, [0, 2, 3]), kwargs = {})
#   return %mul_90,%sum_7
triton_per_fused_as_strided_convolution_backward_div_expand_mul_view_6 = async_compile.triton('triton_per_fused_as_strided_convolution_backward_div_expand_mul_view_6', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 512, 'r0_': 16},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_as_strided_convolution_backward_div_expand_mul_view_6', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 3840, 'r0_': 40960}}
)
@triton.jit
def triton_per_fused_as_strided_convolution_backward_div_expand_mul_view_6(in_ptr0, in_ptr1, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 320
    r0_numel = 16
    R0_BLOCK: tl.constexpr = 16
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_2 = r0_index // 4
    x0 = xindex
    r0_1 = (r0_index % 4)
    tmp0 = tl.load(in_ptr0 + (x0 + 320*r0_2), xmask, eviction_policy='evict_last', other=0.0)
    tmp3 = tl.load(in_ptr1 + (x0), xmask, eviction_policy='evict_last')
    tmp1 = tl.full([1, 1], 0.25, tl.float32)
    tmp2 = tmp0 * tmp1
    tmp4 = tmp2 * tmp3
    tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
    tmp7 = tl.where(xmask, tmp5, 0)
    tmp8 = tl.sum(tmp7, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (r0_1 + 4*x0 + 1280*r0_2), tmp4, xmask)
    tl.store(out_ptr1 + (x0), tmp8, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/hw/chw27xigxdsimiupdp3vqs4pahvfjhp45bmuw7d5lqs46q4xtjn2.py
# Topologically Sorted Source Nodes: [x_138, mul_92, mul_93, mul_94, exp, mul_95, mul_96, add_59, mul_97, sum_8], Original ATen: [aten.gelu, aten.gelu_backward, aten.convolution_backward]
# Source node to ATen node mapping:
#   add_59 => add_59
#   exp => exp
#   mul_92 => mul_92
#   mul_93 => mul_93
#   mul_94 => mul_94
#   mul_95 => mul_95
#   mul_96 => mul_96
#   mul_97 => mul_97
#   sum_8 => sum_8
#   x_138 => add_54, erf_11, mul_77
# Graph fragment:
#   %getitem_34 : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0" = PlaceHolder[target=getitem_34]
#   %convolution_38 : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0" = PlaceHolder[target=convolution_38]
#   %mul_97 : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0" = PlaceHolder[target=mul_97]
#   %mul_77 : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convolution_38, 0.7071067811865476), kwargs = {})
#   %erf_11 : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_77,), kwargs = {})
#   %add_54 : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_11, 1), kwargs = {})
#   %mul_92 : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_54, 0.5), kwargs = {})
#   %mul_93 : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convolution_38, %convolution_38), kwargs = {})
#   %mul_94 : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_93, -0.5), kwargs = {})
#   %exp : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%mul_94,), kwargs = {})
#   %mul_95 : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp, 0.3989422804014327), kwargs = {})
#   %mul_96 : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convolution_38, %mul_95), kwargs = {})
#   %add_59 : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_92, %mul_96), kwargs = {})
#   %mul_97 : Tensor "f32[4, 1280, 2, 2][5120, 1, 2560, 1280]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%getitem_34, %add_59), kwargs = {})
#   %sum_8 : Tensor "f32[1280][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_97, [0, 2, 3]), kwargs = {})
#   return %mul_97,%sum_8
triton_per_fused_convolution_backward_gelu_gelu_backward_7 = async_compile.triton('triton_per_fused_convolution_backward_gelu_gelu_backward_7', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 2048, 'r0_': 16},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_convolution_backward_gelu_gelu_backward_7', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 337920, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_convolution_backward_gelu_gelu_backward_7(in_out_ptr0, in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 1280
    r0_numel = 16
    R0_BLOCK: tl.constexpr = 16
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_out_ptr0 + (x0 + 1280*r0_1), xmask, other=0.0)
    tmp1 = tl.load(in_ptr0 + (x0 + 1280*r0_1), xmask, other=0.0)
    tmp2 = tl.full([1, 1], 0.7071067811865476, tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = libdevice.erf(tmp3)
    tmp5 = tl.full([1, 1], 1.0, tl.float32)
    tmp6 = tmp4 + tmp5
    tmp7 = tl.full([1, 1], 0.5, tl.float32)
    tmp8 = tmp6 * tmp7
    tmp9 = tmp1 * tmp1
    tmp10 = tl.full([1, 1], -0.5, tl.float32)
    tmp11 = tmp9 * tmp10
    tmp12 = libdevice.exp(tmp11)
    tmp13 = tl.full([1, 1], 0.3989422804014327, tl.float32)
    tmp14 = tmp12 * tmp13
    tmp15 = tmp1 * tmp14
    tmp16 = tmp8 + tmp15
    tmp17 = tmp0 * tmp16
    tmp18 = tl.broadcast_to(tmp17, [XBLOCK, R0_BLOCK])
    tmp20 = tl.where(xmask, tmp18, 0)
    tmp21 = tl.sum(tmp20, 1)[:, None].to(tl.float32)
    tl.store(in_out_ptr0 + (x0 + 1280*r0_1), tmp17, xmask)
    tl.store(out_ptr0 + (x0), tmp21, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/qt/cqtb5ugvx7updxp5axm6ljf7wmmam3xopj6efoglhotb2d7flpmd.py
# Topologically Sorted Source Nodes: [permute_41, mul_99, mul_100, sum_9, x_134, x_135, mul_101, sum_10, mul_102, sub_21, sub_22, div_2, mul_103, permute_42], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
# Source node to ATen node mapping:
#   div_2 => div_2
#   mul_100 => mul_100
#   mul_101 => mul_101
#   mul_102 => mul_102
#   mul_103 => mul_103
#   mul_99 => mul_99
#   permute_41 => permute_41
#   permute_42 => permute_42
#   sub_21 => sub_21
#   sub_22 => sub_22
#   sum_10 => sum_10
#   sum_9 => sum_9
#   x_134 => permute_30
#   x_135 => mul_74, sub_15
# Graph fragment:
#   %getitem_37 : Tensor "f32[4, 320, 2, 2][1280, 1, 640, 320]cuda:0" = PlaceHolder[target=getitem_37]
#   %primals_119 : Tensor "f32[320][1]cuda:0" = PlaceHolder[target=primals_119]
#   %convolution_37 : Tensor "f32[4, 320, 2, 2][1280, 1, 640, 320]cuda:0" = PlaceHolder[target=convolution_37]
#   %getitem_31 : Tensor "f32[4, 2, 2, 1][4, 1, 2, 2]cuda:0" = PlaceHolder[target=getitem_31]
#   %rsqrt_15 : Tensor "f32[4, 2, 2, 1][4, 1, 2, 2]cuda:0" = PlaceHolder[target=rsqrt_15]
#   %sum_9 : Tensor "f32[4, 2, 2, 1][4, 2, 1, 16]cuda:0" = PlaceHolder[target=sum_9]
#   %sum_10 : Tensor "f32[4, 2, 2, 1][4, 2, 1, 16]cuda:0" = PlaceHolder[target=sum_10]
#   %mul_103 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0" = PlaceHolder[target=mul_103]
#   %permute_41 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_37, [0, 2, 3, 1]), kwargs = {})
#   %mul_99 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_41, %primals_119), kwargs = {})
#   %mul_100 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_99, 320), kwargs = {})
#   %sum_9 : Tensor "f32[4, 2, 2, 1][4, 2, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_99, [3], True), kwargs = {})
#   %permute_30 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convolution_37, [0, 2, 3, 1]), kwargs = {})
#   %sub_15 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%permute_30, %getitem_31), kwargs = {})
#   %mul_74 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_15, %rsqrt_15), kwargs = {})
#   %mul_101 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_99, %mul_74), kwargs = {})
#   %sum_10 : Tensor "f32[4, 2, 2, 1][4, 2, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_101, [3], True), kwargs = {})
#   %mul_102 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_74, %sum_10), kwargs = {})
#   %sub_21 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_100, %sum_9), kwargs = {})
#   %sub_22 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_21, %mul_102), kwargs = {})
#   %div_2 : Tensor "f32[4, 2, 2, 1][4, 1, 2, 2]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_15, 320), kwargs = {})
#   %mul_103 : Tensor "f32[4, 2, 2, 320][1280, 320, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_2, %sub_22), kwargs = {})
#   %permute_42 : Tensor "f32[4, 320, 2, 2][1280, 1, 320, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.permute.default](args = (%mul_103, [0, 3, 1, 2]), kwargs = {})
#   return %sum_9,%sum_10,%mul_103,%permute_42
triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_8 = async_compile.triton('triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_8', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 16, 'r0_': 512},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr3': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_8', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 8, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 103680}}
)
@triton.jit
def triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_8(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 16
    r0_numel = 320
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = xindex
    _tmp4 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x2 = (xindex % 2)
    x3 = ((xindex // 2) % 2)
    x4 = xindex // 4
    tmp7 = tl.load(in_ptr3 + (x3 + 2*x2 + 4*x4), xmask, eviction_policy='evict_last')
    tmp9 = tl.load(in_ptr4 + (x3 + 2*x2 + 4*x4), xmask, eviction_policy='evict_last')
    _tmp13 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp0 = tl.load(in_ptr0 + (r0_1 + 320*x0), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp1 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp6 = tl.load(in_ptr2 + (r0_1 + 320*x0), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp2 = tmp0 * tmp1
        tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
        tmp5 = _tmp4 + tmp3
        _tmp4 = tl.where(r0_mask & xmask, tmp5, _tmp4)
        tmp8 = tmp6 - tmp7
        tmp10 = tmp8 * tmp9
        tmp11 = tmp2 * tmp10
        tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
        tmp14 = _tmp13 + tmp12
        _tmp13 = tl.where(r0_mask & xmask, tmp14, _tmp13)
    tmp4 = tl.sum(_tmp4, 1)[:, None]
    tmp13 = tl.sum(_tmp13, 1)[:, None]
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp17 = tl.load(in_ptr0 + (r0_1 + 320*x0), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp18 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp23 = tl.load(in_ptr2 + (r0_1 + 320*x0), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp15 = tl.full([1, 1], 0.003125, tl.float32)
        tmp16 = tmp9 * tmp15
        tmp19 = tmp17 * tmp18
        tmp20 = tl.full([1, 1], 320.0, tl.float32)
        tmp21 = tmp19 * tmp20
        tmp22 = tmp21 - tmp4
        tmp24 = tmp23 - tmp7
        tmp25 = tmp24 * tmp9
        tmp26 = tmp25 * tmp13
        tmp27 = tmp22 - tmp26
        tmp28 = tmp16 * tmp27
        tl.store(out_ptr3 + (r0_1 + 320*x3 + 640*x2 + 1280*x4), tmp28, r0_mask & xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/ar/cardckhjuucwd25k5znsiler4budl2o46yy5nq3qnxyzy7d335ge.py
# Topologically Sorted Source Nodes: [as_strided_5, expand_1, div_1, mul_89, sum_6, add_60, mul_105, reshape_10, mul_106, sum_14, sum_15], Original ATen: [aten.as_strided, aten.expand, aten.div, aten.mul, aten.sum, aten.add, aten.view, aten.convolution_backward]
# Source node to ATen node mapping:
#   add_60 => add_60
#   as_strided_5 => as_strided_5
#   div_1 => div_1
#   expand_1 => expand_1
#   mul_105 => mul_105
#   mul_106 => mul_106
#   mul_89 => mul_89
#   reshape_10 => view_10
#   sum_14 => sum_14
#   sum_15 => sum_15
#   sum_6 => sum_6
# Graph fragment:
#   %buf12 : Tensor "f32[4, 320][1]cuda:0" = PlaceHolder[target=buf12]
#   %convolution_39 : Tensor "f32[4, 320, 2, 2][1280, 1, 640, 320]cuda:0" = PlaceHolder[target=convolution_39]
#   %getitem_40 : Tensor "f32[4, 320, 2, 2][1280, 1, 640, 320]cuda:0" = PlaceHolder[target=getitem_40]
#   %convolution_36 : Tensor "f32[4, 320, 2, 2][1280, 1, 640, 320]cuda:0" = PlaceHolder[target=convolution_36]
#   %primals_116 : Tensor "f32[320][1]cuda:0" = PlaceHolder[target=primals_116]
#   %mul_106 : Tensor "f32[4, 320, 2, 2][1280, 4, 2, 1]cuda:0" = PlaceHolder[target=mul_106]
#   %as_strided_5 : Tensor "f32[4, 320, 1, 1][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.as_strided.default](args = (%full, [4, 320, 1, 1], [320, 1, 1, 1], 0), kwargs = {})
#   %expand_1 : Tensor "f32[4, 320, 2, 2][320, 1, 0, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%as_strided_5, [4, 320, 2, 2]), kwargs = {})
#   %div_1 : Tensor "f32[4, 320, 2, 2][1280, 4, 2, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.div.Scalar](args = (%expand_1, 4), kwargs = {})
#   %mul_89 : Tensor "f32[4, 320, 2, 2][1280, 4, 2, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_1, %convolution_39), kwargs = {})
#   %sum_6 : Tensor "f32[1, 320, 1, 1][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_89, [0, 2, 3], True), kwargs = {})
#   %add_60 : Tensor "f32[4, 320, 2, 2][1280, 4, 2, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%div_1, %getitem_40), kwargs = {})
#   %mul_105 : Tensor "f32[4, 320, 2, 2][1280, 4, 2, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_60, %convolution_36), kwargs = {})
#   %view_10 : Tensor "f32[1, 320, 1, 1][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_116, [1, -1, 1, 1]), kwargs = {})
#   %mul_106 : Tensor "f32[4, 320, 2, 2][1280, 4, 2, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_60, %view_10), kwargs = {})
#   %sum_14 : Tensor "f32[1, 320, 1, 1][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_105, [0, 2, 3], True), kwargs = {})
#   %sum_15 : Tensor "f32[320][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_106, [0, 2, 3]), kwargs = {})
#   return %sum_6,%sum_14,%mul_106,%sum_15
triton_per_fused_add_as_strided_convolution_backward_div_expand_mul_sum_view_9 = async_compile.triton('triton_per_fused_add_as_strided_convolution_backward_div_expand_mul_sum_view_9', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 512, 'r0_': 16},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_as_strided_convolution_backward_div_expand_mul_sum_view_9', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 4, 'num_reduction': 3, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 70400, 'r0_': 40960}}
)
@triton.jit
def triton_per_fused_add_as_strided_convolution_backward_div_expand_mul_sum_view_9(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr0, out_ptr1, out_ptr2, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 320
    r0_numel = 16
    R0_BLOCK: tl.constexpr = 16
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_2 = r0_index // 4
    x0 = xindex
    r0_3 = r0_index
    r0_1 = (r0_index % 4)
    tmp0 = tl.load(in_ptr0 + (x0 + 320*r0_2), xmask, eviction_policy='evict_last', other=0.0)
    tmp3 = tl.load(in_ptr1 + (x0 + 320*r0_3), xmask, other=0.0)
    tmp9 = tl.load(in_ptr2 + (x0 + 320*r0_3), xmask, other=0.0)
    tmp11 = tl.load(in_ptr3 + (x0 + 320*r0_3), xmask, other=0.0)
    tmp17 = tl.load(in_ptr4 + (x0), xmask, eviction_policy='evict_last')
    tmp1 = tl.full([1, 1], 0.25, tl.float32)
    tmp2 = tmp0 * tmp1
    tmp4 = tmp2 * tmp3
    tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
    tmp7 = tl.where(xmask, tmp5, 0)
    tmp8 = tl.sum(tmp7, 1)[:, None].to(tl.float32)
    tmp10 = tmp2 + tmp9
    tmp12 = tmp10 * tmp11
    tmp13 = tl.broadcast_to(tmp12, [XBLOCK, R0_BLOCK])
    tmp15 = tl.where(xmask, tmp13, 0)
    tmp16 = tl.sum(tmp15, 1)[:, None].to(tl.float32)
    tmp18 = tmp10 * tmp17
    tmp19 = tl.broadcast_to(tmp18, [XBLOCK, R0_BLOCK])
    tmp21 = tl.where(xmask, tmp19, 0)
    tmp22 = tl.sum(tmp21, 1)[:, None].to(tl.float32)
    tl.store(out_ptr2 + (r0_1 + 4*x0 + 1280*r0_2), tmp18, xmask)
    tl.store(out_ptr0 + (x0), tmp8, xmask)
    tl.store(out_ptr1 + (x0), tmp16, xmask)
    tl.store(out_ptr3 + (x0), tmp22, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/vm/cvm2kearmq4rfwvygev4xettwqmndklaeeon423kf7h7qpxkux4o.py
# Topologically Sorted Source Nodes: [permute_41, x_134, x_135, mul_104, sum_11, sum_12], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_104 => mul_104
#   permute_41 => permute_41
#   sum_11 => sum_11
#   sum_12 => sum_12
#   x_134 => permute_30
#   x_135 => mul_74, sub_15
# Graph fragment:
#   %getitem_37 : Tensor "f32[4, 320, 2, 2][1280, 1, 640, 320]cuda:0" = PlaceHolder[target=getitem_37]
#   %convolution_37 : Tensor "f32[4, 320, 2, 2][1280, 1, 640, 320]cuda:0" = PlaceHolder[target=convolution_37]
#   %getitem_31 : Tensor "f32[4, 2, 2, 1][4, 1, 2, 2]cuda:0" = PlaceHolder[target=getitem_31]
#   %rsqrt_15 : Tensor "f32[4, 2, 2, 1][4, 1, 2, 2]cuda:0" = PlaceHolder[target=rsqrt_15]
#   %permute_41 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_37, [0, 2, 3, 1]), kwargs = {})
#   %permute_30 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convolution_37, [0, 2, 3, 1]), kwargs = {})
#   %sub_15 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%permute_30, %getitem_31), kwargs = {})
#   %mul_74 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_15, %rsqrt_15), kwargs = {})
#   %mul_104 : Tensor "f32[4, 2, 2, 320][1280, 640, 320, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_41, %mul_74), kwargs = {})
#   %sum_11 : Tensor "f32[320][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_104, [0, 1, 2]), kwargs = {})
#   %sum_12 : Tensor "f32[320][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%permute_41, [0, 1, 2]), kwargs = {})
#   return %sum_11,%sum_12
triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_10 = async_compile.triton('triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_10', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 512, 'r0_': 16},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_10', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 66560, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_10(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 320
    r0_numel = 16
    R0_BLOCK: tl.constexpr = 16
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_4 = r0_index
    x0 = xindex
    r0_1 = (r0_index % 2)
    r0_2 = ((r0_index // 2) % 2)
    r0_3 = r0_index // 4
    tmp0 = tl.load(in_ptr0 + (x0 + 320*r0_4), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (x0 + 320*r0_4), xmask, other=0.0)
    tmp2 = tl.load(in_ptr2 + (r0_2 + 2*r0_1 + 4*r0_3), None, eviction_policy='evict_last')
    tmp4 = tl.load(in_ptr3 + (r0_2 + 2*r0_1 + 4*r0_3), None, eviction_policy='evict_last')
    tmp3 = tmp1 - tmp2
    tmp5 = tmp3 * tmp4
    tmp6 = tmp0 * tmp5
    tmp7 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
    tmp9 = tl.where(xmask, tmp7, 0)
    tmp10 = tl.sum(tmp9, 1)[:, None].to(tl.float32)
    tmp11 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp13 = tl.where(xmask, tmp11, 0)
    tmp14 = tl.sum(tmp13, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp10, xmask)
    tl.store(out_ptr1 + (x0), tmp14, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/bc/cbckuy5lstn7acpknjjjqzj3wdlet47prprbjrgusxcjefcutbv4.py
# Topologically Sorted Source Nodes: [sum_13], Original ATen: [aten.convolution_backward]
# Source node to ATen node mapping:
#   sum_13 => sum_13
# Graph fragment:
#   %permute_42 : Tensor "f32[4, 320, 2, 2][1280, 1, 320, 640]cuda:0" = PlaceHolder[target=permute_42]
#   %sum_13 : Tensor "f32[320][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%permute_42, [0, 2, 3]), kwargs = {})
#   return %sum_13
triton_per_fused_convolution_backward_11 = async_compile.triton('triton_per_fused_convolution_backward_11', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 512, 'r0_': 16},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_convolution_backward_11', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 23040, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_convolution_backward_11(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 320
    r0_numel = 16
    R0_BLOCK: tl.constexpr = 16
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 320*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/7f/c7fxevv2ro2hzbcqzcocoyz2em46puqpcelme23fmsnjg6wvmpnr.py
# Topologically Sorted Source Nodes: [as_strided_5, expand_1, div_1, add_60, add_63, sum_22], Original ATen: [aten.as_strided, aten.expand, aten.div, aten.add, aten.convolution_backward]
# Source node to ATen node mapping:
#   add_60 => add_60
#   add_63 => add_63
#   as_strided_5 => as_strided_5
#   div_1 => div_1
#   expand_1 => expand_1
#   sum_22 => sum_22
# Graph fragment:
#   %buf12 : Tensor "f32[4, 320][1]cuda:0" = PlaceHolder[target=buf12]
#   %getitem_40 : Tensor "f32[4, 320, 2, 2][1280, 1, 640, 320]cuda:0" = PlaceHolder[target=getitem_40]
#   %getitem_49 : Tensor "f32[4, 320, 2, 2][1280, 1, 640, 320]cuda:0" = PlaceHolder[target=getitem_49]
#   %add_63 : Tensor "f32[4, 320, 2, 2][1280, 4, 2, 1]cuda:0" = PlaceHolder[target=add_63]
#   %as_strided_5 : Tensor "f32[4, 320, 1, 1][320, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.as_strided.default](args = (%full, [4, 320, 1, 1], [320, 1, 1, 1], 0), kwargs = {})
#   %expand_1 : Tensor "f32[4, 320, 2, 2][320, 1, 0, 0]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.expand.default](args = (%as_strided_5, [4, 320, 2, 2]), kwargs = {})
#   %div_1 : Tensor "f32[4, 320, 2, 2][1280, 4, 2, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.div.Scalar](args = (%expand_1, 4), kwargs = {})
#   %add_60 : Tensor "f32[4, 320, 2, 2][1280, 4, 2, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%div_1, %getitem_40), kwargs = {})
#   %add_63 : Tensor "f32[4, 320, 2, 2][1280, 4, 2, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_60, %getitem_49), kwargs = {})
#   %sum_22 : Tensor "f32[320][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%add_63, [0, 2, 3]), kwargs = {})
#   return %add_63,%sum_22
triton_per_fused_add_as_strided_convolution_backward_div_expand_12 = async_compile.triton('triton_per_fused_add_as_strided_convolution_backward_div_expand_12', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 512, 'r0_': 16},
    reduction_hint=ReductionHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_as_strided_convolution_backward_div_expand_12', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 43520, 'r0_': 40960}}
)
@triton.jit
def triton_per_fused_add_as_strided_convolution_backward_div_expand_12(in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 320
    r0_numel = 16
    R0_BLOCK: tl.constexpr = 16
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_2 = r0_index // 4
    x0 = xindex
    r0_3 = r0_index
    r0_1 = (r0_index % 4)
    tmp0 = tl.load(in_ptr0 + (x0 + 320*r0_2), xmask, eviction_policy='evict_last', other=0.0)
    tmp3 = tl.load(in_ptr1 + (x0 + 320*r0_3), xmask, other=0.0)
    tmp5 = tl.load(in_ptr2 + (x0 + 320*r0_3), xmask, other=0.0)
    tmp1 = tl.full([1, 1], 0.25, tl.float32)
    tmp2 = tmp0 * tmp1
    tmp4 = tmp2 + tmp3
    tmp6 = tmp4 + tmp5
    tmp7 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
    tmp9 = tl.where(xmask, tmp7, 0)
    tmp10 = tl.sum(tmp9, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (r0_1 + 4*x0 + 1280*r0_2), tmp6, xmask)
    tl.store(out_ptr1 + (x0), tmp10, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/ll/clld5abc6ygmtq2f7m52uizdjoklknclrnswdlprysa54bumyuhx.py
# Topologically Sorted Source Nodes: [permute_45, mul_122, sum_23], Original ATen: [aten.permute, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_122 => mul_122
#   permute_45 => permute_45
#   sum_23 => sum_23
# Graph fragment:
#   %getitem_52 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_52]
#   %primals_104 : Tensor "f32[160][1]cuda:0" = PlaceHolder[target=primals_104]
#   %permute_45 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_52, [0, 2, 3, 1]), kwargs = {})
#   %mul_122 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_45, %primals_104), kwargs = {})
#   %sum_23 : Tensor "f32[4, 4, 4, 1][16, 4, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_122, [3], True), kwargs = {})
#   return %sum_23
triton_per_fused_native_layer_norm_backward_permute_13 = async_compile.triton('triton_per_fused_native_layer_norm_backward_permute_13', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 64, 'r0_': 256},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_native_layer_norm_backward_permute_13', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 512, 'r0_': 41600}}
)
@triton.jit
def triton_per_fused_native_layer_norm_backward_permute_13(in_ptr0, in_ptr1, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 64
    r0_numel = 160
    R0_BLOCK: tl.constexpr = 256
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 160*x0), r0_mask & xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp2 = tmp0 * tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(r0_mask & xmask, tmp3, 0)
    tmp6 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp6, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/4l/c4lbkbwjvcd4wdmcsv3mlhvbfucygqym2hsimo37mf4g3zofn7hz.py
# Topologically Sorted Source Nodes: [permute_45, mul_122, mul_124, sum_24], Original ATen: [aten.permute, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_122 => mul_122
#   mul_124 => mul_124
#   permute_45 => permute_45
#   sum_24 => sum_24
# Graph fragment:
#   %getitem_52 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_52]
#   %primals_104 : Tensor "f32[160][1]cuda:0" = PlaceHolder[target=primals_104]
#   %mul_66 : Tensor "f32[4, 4, 4, 160][2560, 1, 640, 4]cuda:0" = PlaceHolder[target=mul_66]
#   %permute_45 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_52, [0, 2, 3, 1]), kwargs = {})
#   %mul_122 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_45, %primals_104), kwargs = {})
#   %mul_124 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_122, %mul_66), kwargs = {})
#   %sum_24 : Tensor "f32[4, 4, 4, 1][16, 4, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_124, [3], True), kwargs = {})
#   return %buf61
triton_red_fused_native_layer_norm_backward_permute_14 = async_compile.triton('triton_red_fused_native_layer_norm_backward_permute_14', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'y': 16, 'x': 8, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'ynumel': 'i32', 'xnumel': 'i32', 'r0_numel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_backward_permute_14', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 40960, 'x': 1024, 'r0_': 41600}}
)
@triton.jit
def triton_red_fused_native_layer_norm_backward_permute_14(in_ptr0, in_ptr1, in_ptr2, out_ptr0, ynumel, xnumel, r0_numel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    ynumel = 16
    xnumel = 8
    r0_numel = 80
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    yoffset = tl.program_id(1) * YBLOCK
    yindex = yoffset + tl.arange(0, YBLOCK)[:, None, None]
    ymask = yindex < ynumel
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[None, :, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, None, :]
    rbase = r0_base
    x6 = xindex
    y5 = yindex
    x2 = (xindex % 2)
    y0 = (yindex % 4)
    y1 = yindex // 4
    _tmp6 = tl.full([YBLOCK, XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_4 = r0_index
        tmp0 = tl.load(in_ptr0 + (r0_4 + 80*x6 + 640*y5), r0_mask & xmask & ymask, eviction_policy='evict_last', other=0.0)
        tmp1 = tl.load(in_ptr1 + (r0_4 + 80*x2), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp3 = tl.load(in_ptr2 + (y0 + 4*r0_4 + 320*x6 + 2560*y1), r0_mask & xmask & ymask, eviction_policy='evict_last', other=0.0)
        tmp2 = tmp0 * tmp1
        tmp4 = tmp2 * tmp3
        tmp5 = tl.broadcast_to(tmp4, [YBLOCK, XBLOCK, R0_BLOCK])
        tmp7 = _tmp6 + tmp5
        _tmp6 = tl.where(r0_mask & xmask & ymask, tmp7, _tmp6)
    tmp6 = tl.sum(_tmp6, 2)[:, :, None]
    tl.store(out_ptr0 + (x6 + 8*y5), tmp6, xmask & ymask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/ew/cewb5devo3xb6qxdfehuc2gexu2rbdimbbdgr6aye45ncvbgmxri.py
# Topologically Sorted Source Nodes: [permute_45, mul_122, mul_124, sum_24], Original ATen: [aten.permute, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_122 => mul_122
#   mul_124 => mul_124
#   permute_45 => permute_45
#   sum_24 => sum_24
# Graph fragment:
#   %buf61 : Tensor "f32[4, 4, 4, 1, 2][32, 8, 2, 128, 1]cuda:0" = PlaceHolder[target=buf61]
#   %permute_45 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_52, [0, 2, 3, 1]), kwargs = {})
#   %mul_122 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_45, %primals_104), kwargs = {})
#   %mul_124 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_122, %mul_66), kwargs = {})
#   %sum_24 : Tensor "f32[4, 4, 4, 1][16, 4, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_124, [3], True), kwargs = {})
#   return %sum_24
triton_per_fused_native_layer_norm_backward_permute_15 = async_compile.triton('triton_per_fused_native_layer_norm_backward_permute_15', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 64, 'r0_': 2},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_native_layer_norm_backward_permute_15', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 512, 'r0_': 128}}
)
@triton.jit
def triton_per_fused_native_layer_norm_backward_permute_15(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 64
    r0_numel = 2
    R0_BLOCK: tl.constexpr = 2
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 2*x0), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/bl/cblzpvfaye4cgwxb4blmhf3fifpee3pbzxu3jrzpvz3wk4eatq6x.py
# Topologically Sorted Source Nodes: [permute_45, mul_127, sum_25, sum_26], Original ATen: [aten.permute, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_127 => mul_127
#   permute_45 => permute_45
#   sum_25 => sum_25
#   sum_26 => sum_26
# Graph fragment:
#   %getitem_52 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_52]
#   %mul_66 : Tensor "f32[4, 4, 4, 160][2560, 1, 640, 4]cuda:0" = PlaceHolder[target=mul_66]
#   %permute_45 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_52, [0, 2, 3, 1]), kwargs = {})
#   %mul_127 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_45, %mul_66), kwargs = {})
#   %sum_25 : Tensor "f32[160][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_127, [0, 1, 2]), kwargs = {})
#   %sum_26 : Tensor "f32[160][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%permute_45, [0, 1, 2]), kwargs = {})
#   return %sum_25,%sum_26
triton_per_fused_native_layer_norm_backward_permute_16 = async_compile.triton('triton_per_fused_native_layer_norm_backward_permute_16', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_native_layer_norm_backward_permute_16', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 84480, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_native_layer_norm_backward_permute_16(in_ptr0, in_ptr1, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_4 = r0_index
    x0 = xindex
    r0_1 = (r0_index % 4)
    r0_2 = ((r0_index // 4) % 4)
    r0_3 = r0_index // 16
    tmp0 = tl.load(in_ptr0 + (x0 + 160*r0_4), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_2 + 4*x0 + 640*r0_1 + 2560*r0_3), xmask, eviction_policy='evict_last', other=0.0)
    tmp2 = tmp0 * tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(xmask, tmp3, 0)
    tmp6 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp7 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp9 = tl.where(xmask, tmp7, 0)
    tmp10 = tl.sum(tmp9, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp6, xmask)
    tl.store(out_ptr1 + (x0), tmp10, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/iv/civku3z7lcizxngniazil5y2zde4y5spl66xf7bymqqmznucw6q7.py
# Topologically Sorted Source Nodes: [permute_45, mul_122, mul_123, mul_125, sub_27, sub_28, mul_126, permute_46, reshape_9, mul_129, sum_28], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.view, aten.mul, aten.convolution_backward]
# Source node to ATen node mapping:
#   mul_122 => mul_122
#   mul_123 => mul_123
#   mul_125 => mul_125
#   mul_126 => mul_126
#   mul_129 => mul_129
#   permute_45 => permute_45
#   permute_46 => permute_46
#   reshape_9 => view_9
#   sub_27 => sub_27
#   sub_28 => sub_28
#   sum_28 => sum_28
# Graph fragment:
#   %div_4 : Tensor "f32[4, 4, 4, 1][16, 1, 4, 4]cuda:0" = PlaceHolder[target=div_4]
#   %getitem_52 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_52]
#   %primals_104 : Tensor "f32[160][1]cuda:0" = PlaceHolder[target=primals_104]
#   %sum_23 : Tensor "f32[4, 4, 4, 1][16, 4, 1, 64]cuda:0" = PlaceHolder[target=sum_23]
#   %mul_66 : Tensor "f32[4, 4, 4, 160][2560, 1, 640, 4]cuda:0" = PlaceHolder[target=mul_66]
#   %sum_24 : Tensor "f32[4, 4, 4, 1][16, 4, 1, 64]cuda:0" = PlaceHolder[target=sum_24]
#   %mul_126 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0" = PlaceHolder[target=mul_126]
#   %primals_103 : Tensor "f32[160][1]cuda:0" = PlaceHolder[target=primals_103]
#   %mul_129 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0" = PlaceHolder[target=mul_129]
#   %permute_45 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_52, [0, 2, 3, 1]), kwargs = {})
#   %mul_122 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_45, %primals_104), kwargs = {})
#   %mul_123 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_122, 160), kwargs = {})
#   %mul_125 : Tensor "f32[4, 4, 4, 160][2560, 1, 640, 4]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_66, %sum_24), kwargs = {})
#   %sub_27 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_123, %sum_23), kwargs = {})
#   %sub_28 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_27, %mul_125), kwargs = {})
#   %mul_126 : Tensor "f32[4, 4, 4, 160][2560, 160, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_4, %sub_28), kwargs = {})
#   %permute_46 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_126, [0, 3, 1, 2]), kwargs = {})
#   %view_9 : Tensor "f32[1, 160, 1, 1][160, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_103, [1, -1, 1, 1]), kwargs = {})
#   %mul_129 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_46, %view_9), kwargs = {})
#   %sum_28 : Tensor "f32[160][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_129, [0, 2, 3]), kwargs = {})
#   return %mul_126,%mul_129,%sum_28
triton_per_fused_convolution_backward_mul_native_layer_norm_backward_permute_view_17 = async_compile.triton('triton_per_fused_convolution_backward_mul_native_layer_norm_backward_permute_view_17', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_convolution_backward_mul_native_layer_norm_backward_permute_view_17', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 7, 'num_store': 3, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 207360, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_convolution_backward_mul_native_layer_norm_backward_permute_view_17(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_4 = r0_index
    r0_1 = (r0_index % 4)
    r0_2 = ((r0_index // 4) % 4)
    r0_3 = r0_index // 16
    x0 = xindex
    r0_5 = r0_index // 4
    tmp0 = tl.load(in_ptr0 + (r0_4), None, eviction_policy='evict_last')
    tmp1 = tl.load(in_out_ptr0 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp2 = tl.load(in_ptr1 + (x0), xmask, eviction_policy='evict_last')
    tmp6 = tl.load(in_ptr2 + (r0_2 + 4*r0_1 + 16*r0_3), None, eviction_policy='evict_last')
    tmp8 = tl.load(in_ptr3 + (r0_1 + 4*x0 + 640*r0_5), xmask, other=0.0)
    tmp9 = tl.load(in_ptr4 + (r0_2 + 4*r0_1 + 16*r0_3), None, eviction_policy='evict_last')
    tmp13 = tl.load(in_ptr5 + (x0), xmask, eviction_policy='evict_last')
    tmp3 = tmp1 * tmp2
    tmp4 = tl.full([1, 1], 160.0, tl.float32)
    tmp5 = tmp3 * tmp4
    tmp7 = tmp5 - tmp6
    tmp10 = tmp8 * tmp9
    tmp11 = tmp7 - tmp10
    tmp12 = tmp0 * tmp11
    tmp14 = tmp12 * tmp13
    tmp15 = tl.broadcast_to(tmp14, [XBLOCK, R0_BLOCK])
    tmp17 = tl.where(xmask, tmp15, 0)
    tmp18 = tl.sum(tmp17, 1)[:, None].to(tl.float32)
    tl.store(in_out_ptr0 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), tmp12, xmask)
    tl.store(out_ptr0 + (x0 + 160*r0_4), tmp14, xmask)
    tl.store(out_ptr1 + (x0), tmp18, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/hx/chx6vidqqkl3svtusclrazgqiwltsf47b7eegwh7sudkywpjyh6h.py
# Topologically Sorted Source Nodes: [x_113, mul_131, mul_132, mul_133, exp_2, mul_134, mul_135, add_65, mul_136, sum_29], Original ATen: [aten.gelu, aten.gelu_backward, aten.convolution_backward]
# Source node to ATen node mapping:
#   add_65 => add_65
#   exp_2 => exp_2
#   mul_131 => mul_131
#   mul_132 => mul_132
#   mul_133 => mul_133
#   mul_134 => mul_134
#   mul_135 => mul_135
#   mul_136 => mul_136
#   sum_29 => sum_29
#   x_113 => add_44, erf_9, mul_63
# Graph fragment:
#   %getitem_55 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0" = PlaceHolder[target=getitem_55]
#   %convolution_31 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0" = PlaceHolder[target=convolution_31]
#   %mul_136 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0" = PlaceHolder[target=mul_136]
#   %mul_63 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convolution_31, 0.7071067811865476), kwargs = {})
#   %erf_9 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_63,), kwargs = {})
#   %add_44 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_9, 1), kwargs = {})
#   %mul_131 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_44, 0.5), kwargs = {})
#   %mul_132 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convolution_31, %convolution_31), kwargs = {})
#   %mul_133 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_132, -0.5), kwargs = {})
#   %exp_2 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%mul_133,), kwargs = {})
#   %mul_134 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp_2, 0.3989422804014327), kwargs = {})
#   %mul_135 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convolution_31, %mul_134), kwargs = {})
#   %add_65 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_131, %mul_135), kwargs = {})
#   %mul_136 : Tensor "f32[4, 640, 4, 4][10240, 1, 2560, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%getitem_55, %add_65), kwargs = {})
#   %sum_29 : Tensor "f32[640][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_136, [0, 2, 3]), kwargs = {})
#   return %mul_136,%sum_29
triton_per_fused_convolution_backward_gelu_gelu_backward_18 = async_compile.triton('triton_per_fused_convolution_backward_gelu_gelu_backward_18', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 1024, 'r0_': 64},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_convolution_backward_gelu_gelu_backward_18', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 660480, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_convolution_backward_gelu_gelu_backward_18(in_out_ptr0, in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 640
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_out_ptr0 + (x0 + 640*r0_1), xmask, other=0.0)
    tmp1 = tl.load(in_ptr0 + (x0 + 640*r0_1), xmask, other=0.0)
    tmp2 = tl.full([1, 1], 0.7071067811865476, tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = libdevice.erf(tmp3)
    tmp5 = tl.full([1, 1], 1.0, tl.float32)
    tmp6 = tmp4 + tmp5
    tmp7 = tl.full([1, 1], 0.5, tl.float32)
    tmp8 = tmp6 * tmp7
    tmp9 = tmp1 * tmp1
    tmp10 = tl.full([1, 1], -0.5, tl.float32)
    tmp11 = tmp9 * tmp10
    tmp12 = libdevice.exp(tmp11)
    tmp13 = tl.full([1, 1], 0.3989422804014327, tl.float32)
    tmp14 = tmp12 * tmp13
    tmp15 = tmp1 * tmp14
    tmp16 = tmp8 + tmp15
    tmp17 = tmp0 * tmp16
    tmp18 = tl.broadcast_to(tmp17, [XBLOCK, R0_BLOCK])
    tmp20 = tl.where(xmask, tmp18, 0)
    tmp21 = tl.sum(tmp20, 1)[:, None].to(tl.float32)
    tl.store(in_out_ptr0 + (x0 + 640*r0_1), tmp17, xmask)
    tl.store(out_ptr0 + (x0), tmp21, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/d3/cd375wdhlnpnx24d6hq6h7cu6st4n6byneakqheuu6t56xz55yev.py
# Topologically Sorted Source Nodes: [permute_47, mul_138, mul_139, sum_30, x_109, x_110, mul_140, sum_31, mul_141, sub_30, sub_31, div_5, mul_142, permute_48], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
# Source node to ATen node mapping:
#   div_5 => div_5
#   mul_138 => mul_138
#   mul_139 => mul_139
#   mul_140 => mul_140
#   mul_141 => mul_141
#   mul_142 => mul_142
#   permute_47 => permute_47
#   permute_48 => permute_48
#   sub_30 => sub_30
#   sub_31 => sub_31
#   sum_30 => sum_30
#   sum_31 => sum_31
#   x_109 => permute_24
#   x_110 => mul_60, sub_12
# Graph fragment:
#   %getitem_58 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_58]
#   %primals_97 : Tensor "f32[160][1]cuda:0" = PlaceHolder[target=primals_97]
#   %convolution_30 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=convolution_30]
#   %getitem_25 : Tensor "f32[4, 4, 4, 1][16, 1, 4, 4]cuda:0" = PlaceHolder[target=getitem_25]
#   %rsqrt_12 : Tensor "f32[4, 4, 4, 1][16, 1, 4, 4]cuda:0" = PlaceHolder[target=rsqrt_12]
#   %sum_30 : Tensor "f32[4, 4, 4, 1][16, 4, 1, 64]cuda:0" = PlaceHolder[target=sum_30]
#   %sum_31 : Tensor "f32[4, 4, 4, 1][16, 4, 1, 64]cuda:0" = PlaceHolder[target=sum_31]
#   %mul_142 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0" = PlaceHolder[target=mul_142]
#   %permute_47 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_58, [0, 2, 3, 1]), kwargs = {})
#   %mul_138 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_47, %primals_97), kwargs = {})
#   %mul_139 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_138, 160), kwargs = {})
#   %sum_30 : Tensor "f32[4, 4, 4, 1][16, 4, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_138, [3], True), kwargs = {})
#   %permute_24 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convolution_30, [0, 2, 3, 1]), kwargs = {})
#   %sub_12 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%permute_24, %getitem_25), kwargs = {})
#   %mul_60 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_12, %rsqrt_12), kwargs = {})
#   %mul_140 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_138, %mul_60), kwargs = {})
#   %sum_31 : Tensor "f32[4, 4, 4, 1][16, 4, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_140, [3], True), kwargs = {})
#   %mul_141 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_60, %sum_31), kwargs = {})
#   %sub_30 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_139, %sum_30), kwargs = {})
#   %sub_31 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_30, %mul_141), kwargs = {})
#   %div_5 : Tensor "f32[4, 4, 4, 1][16, 1, 4, 4]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_12, 160), kwargs = {})
#   %mul_142 : Tensor "f32[4, 4, 4, 160][2560, 160, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_5, %sub_31), kwargs = {})
#   %permute_48 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.permute.default](args = (%mul_142, [0, 3, 1, 2]), kwargs = {})
#   return %sum_30,%sum_31,%mul_142,%permute_48
triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19 = async_compile.triton('triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 64, 'r0_': 256},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr3': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 8, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 205440}}
)
@triton.jit
def triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 64
    r0_numel = 160
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = xindex
    _tmp4 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x2 = (xindex % 4)
    x3 = ((xindex // 4) % 4)
    x4 = xindex // 16
    tmp7 = tl.load(in_ptr3 + (x3 + 4*x2 + 16*x4), xmask, eviction_policy='evict_last')
    tmp9 = tl.load(in_ptr4 + (x3 + 4*x2 + 16*x4), xmask, eviction_policy='evict_last')
    _tmp13 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp0 = tl.load(in_ptr0 + (r0_1 + 160*x0), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp1 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp6 = tl.load(in_ptr2 + (r0_1 + 160*x0), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp2 = tmp0 * tmp1
        tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
        tmp5 = _tmp4 + tmp3
        _tmp4 = tl.where(r0_mask & xmask, tmp5, _tmp4)
        tmp8 = tmp6 - tmp7
        tmp10 = tmp8 * tmp9
        tmp11 = tmp2 * tmp10
        tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
        tmp14 = _tmp13 + tmp12
        _tmp13 = tl.where(r0_mask & xmask, tmp14, _tmp13)
    tmp4 = tl.sum(_tmp4, 1)[:, None]
    tmp13 = tl.sum(_tmp13, 1)[:, None]
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp17 = tl.load(in_ptr0 + (r0_1 + 160*x0), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp18 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp23 = tl.load(in_ptr2 + (r0_1 + 160*x0), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp15 = tl.full([1, 1], 0.00625, tl.float32)
        tmp16 = tmp9 * tmp15
        tmp19 = tmp17 * tmp18
        tmp20 = tl.full([1, 1], 160.0, tl.float32)
        tmp21 = tmp19 * tmp20
        tmp22 = tmp21 - tmp4
        tmp24 = tmp23 - tmp7
        tmp25 = tmp24 * tmp9
        tmp26 = tmp25 * tmp13
        tmp27 = tmp22 - tmp26
        tmp28 = tmp16 * tmp27
        tl.store(out_ptr3 + (r0_1 + 160*x3 + 640*x2 + 2560*x4), tmp28, r0_mask & xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/ms/cmsevrppi7jb2cusuwkbizlcqddsuew4qntrjzmatpz3kr45nivx.py
# Topologically Sorted Source Nodes: [permute_45, mul_122, mul_123, mul_125, sub_27, sub_28, mul_126, permute_46, add_66, reshape_8, mul_145, sum_36], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.view, aten.mul, aten.convolution_backward]
# Source node to ATen node mapping:
#   add_66 => add_66
#   mul_122 => mul_122
#   mul_123 => mul_123
#   mul_125 => mul_125
#   mul_126 => mul_126
#   mul_145 => mul_145
#   permute_45 => permute_45
#   permute_46 => permute_46
#   reshape_8 => view_8
#   sub_27 => sub_27
#   sub_28 => sub_28
#   sum_36 => sum_36
# Graph fragment:
#   %mul_126 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0" = PlaceHolder[target=mul_126]
#   %getitem_61 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_61]
#   %primals_94 : Tensor "f32[160][1]cuda:0" = PlaceHolder[target=primals_94]
#   %mul_145 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0" = PlaceHolder[target=mul_145]
#   %permute_45 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_52, [0, 2, 3, 1]), kwargs = {})
#   %mul_122 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_45, %primals_104), kwargs = {})
#   %mul_123 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_122, 160), kwargs = {})
#   %mul_125 : Tensor "f32[4, 4, 4, 160][2560, 1, 640, 4]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_66, %sum_24), kwargs = {})
#   %sub_27 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_123, %sum_23), kwargs = {})
#   %sub_28 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_27, %mul_125), kwargs = {})
#   %mul_126 : Tensor "f32[4, 4, 4, 160][2560, 160, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_4, %sub_28), kwargs = {})
#   %permute_46 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_126, [0, 3, 1, 2]), kwargs = {})
#   %add_66 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%permute_46, %getitem_61), kwargs = {})
#   %view_8 : Tensor "f32[1, 160, 1, 1][160, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_94, [1, -1, 1, 1]), kwargs = {})
#   %mul_145 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_66, %view_8), kwargs = {})
#   %sum_36 : Tensor "f32[160][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_145, [0, 2, 3]), kwargs = {})
#   return %mul_145,%sum_36
triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_20 = async_compile.triton('triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_20', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_20', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 165760, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_20(in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = (r0_index % 4)
    r0_2 = ((r0_index // 4) % 4)
    r0_3 = r0_index // 16
    x0 = xindex
    r0_4 = r0_index
    tmp0 = tl.load(in_ptr0 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp3 = tl.load(in_ptr2 + (x0), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 + tmp1
    tmp4 = tmp2 * tmp3
    tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
    tmp7 = tl.where(xmask, tmp5, 0)
    tmp8 = tl.sum(tmp7, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0 + 160*r0_4), tmp4, xmask)
    tl.store(out_ptr1 + (x0), tmp8, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/br/cbrp7pqa5lywj46yww42t5i2w3q4kgwu2pi55zbkhjewpj26tf6u.py
# Topologically Sorted Source Nodes: [permute_45, mul_122, mul_123, mul_125, sub_27, sub_28, mul_126, permute_46, add_66, add_69, reshape_7, mul_161, sum_44], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.view, aten.mul, aten.convolution_backward]
# Source node to ATen node mapping:
#   add_66 => add_66
#   add_69 => add_69
#   mul_122 => mul_122
#   mul_123 => mul_123
#   mul_125 => mul_125
#   mul_126 => mul_126
#   mul_161 => mul_161
#   permute_45 => permute_45
#   permute_46 => permute_46
#   reshape_7 => view_7
#   sub_27 => sub_27
#   sub_28 => sub_28
#   sum_44 => sum_44
# Graph fragment:
#   %mul_126 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0" = PlaceHolder[target=mul_126]
#   %getitem_61 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_61]
#   %getitem_70 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_70]
#   %primals_85 : Tensor "f32[160][1]cuda:0" = PlaceHolder[target=primals_85]
#   %mul_161 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0" = PlaceHolder[target=mul_161]
#   %permute_45 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_52, [0, 2, 3, 1]), kwargs = {})
#   %mul_122 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_45, %primals_104), kwargs = {})
#   %mul_123 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_122, 160), kwargs = {})
#   %mul_125 : Tensor "f32[4, 4, 4, 160][2560, 1, 640, 4]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_66, %sum_24), kwargs = {})
#   %sub_27 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_123, %sum_23), kwargs = {})
#   %sub_28 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_27, %mul_125), kwargs = {})
#   %mul_126 : Tensor "f32[4, 4, 4, 160][2560, 160, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_4, %sub_28), kwargs = {})
#   %permute_46 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_126, [0, 3, 1, 2]), kwargs = {})
#   %add_66 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%permute_46, %getitem_61), kwargs = {})
#   %add_69 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_66, %getitem_70), kwargs = {})
#   %view_7 : Tensor "f32[1, 160, 1, 1][160, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_85, [1, -1, 1, 1]), kwargs = {})
#   %mul_161 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_69, %view_7), kwargs = {})
#   %sum_44 : Tensor "f32[160][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_161, [0, 2, 3]), kwargs = {})
#   return %mul_161,%sum_44
triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_21 = async_compile.triton('triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_21', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_21', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 206720, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_21(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = (r0_index % 4)
    r0_2 = ((r0_index // 4) % 4)
    r0_3 = r0_index // 16
    x0 = xindex
    r0_4 = r0_index
    tmp0 = tl.load(in_ptr0 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp3 = tl.load(in_ptr2 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp5 = tl.load(in_ptr3 + (x0), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 + tmp1
    tmp4 = tmp2 + tmp3
    tmp6 = tmp4 * tmp5
    tmp7 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
    tmp9 = tl.where(xmask, tmp7, 0)
    tmp10 = tl.sum(tmp9, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0 + 160*r0_4), tmp6, xmask)
    tl.store(out_ptr1 + (x0), tmp10, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/25/c25q6cjyclztldoggmkkrpf6ovfuyxc4my6yazt22g6dlimoqjxo.py
# Topologically Sorted Source Nodes: [permute_45, mul_122, mul_123, mul_125, sub_27, sub_28, mul_126, permute_46, mul_128, sum_27, add_66, mul_144, sum_35, add_69, mul_160, sum_43, add_72, mul_176, sum_51], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.mul, aten.sum, aten.add]
# Source node to ATen node mapping:
#   add_66 => add_66
#   add_69 => add_69
#   add_72 => add_72
#   mul_122 => mul_122
#   mul_123 => mul_123
#   mul_125 => mul_125
#   mul_126 => mul_126
#   mul_128 => mul_128
#   mul_144 => mul_144
#   mul_160 => mul_160
#   mul_176 => mul_176
#   permute_45 => permute_45
#   permute_46 => permute_46
#   sub_27 => sub_27
#   sub_28 => sub_28
#   sum_27 => sum_27
#   sum_35 => sum_35
#   sum_43 => sum_43
#   sum_51 => sum_51
# Graph fragment:
#   %mul_126 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0" = PlaceHolder[target=mul_126]
#   %convolution_32 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=convolution_32]
#   %getitem_61 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_61]
#   %convolution_29 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=convolution_29]
#   %getitem_70 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_70]
#   %convolution_26 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=convolution_26]
#   %getitem_79 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_79]
#   %convolution_23 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=convolution_23]
#   %permute_45 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_52, [0, 2, 3, 1]), kwargs = {})
#   %mul_122 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_45, %primals_104), kwargs = {})
#   %mul_123 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_122, 160), kwargs = {})
#   %mul_125 : Tensor "f32[4, 4, 4, 160][2560, 1, 640, 4]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_66, %sum_24), kwargs = {})
#   %sub_27 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_123, %sum_23), kwargs = {})
#   %sub_28 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_27, %mul_125), kwargs = {})
#   %mul_126 : Tensor "f32[4, 4, 4, 160][2560, 160, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_4, %sub_28), kwargs = {})
#   %permute_46 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_126, [0, 3, 1, 2]), kwargs = {})
#   %mul_128 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_46, %convolution_32), kwargs = {})
#   %sum_27 : Tensor "f32[1, 160, 1, 1][160, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_128, [0, 2, 3], True), kwargs = {})
#   %add_66 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%permute_46, %getitem_61), kwargs = {})
#   %mul_144 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_66, %convolution_29), kwargs = {})
#   %sum_35 : Tensor "f32[1, 160, 1, 1][160, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_144, [0, 2, 3], True), kwargs = {})
#   %add_69 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_66, %getitem_70), kwargs = {})
#   %mul_160 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_69, %convolution_26), kwargs = {})
#   %sum_43 : Tensor "f32[1, 160, 1, 1][160, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_160, [0, 2, 3], True), kwargs = {})
#   %add_72 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_69, %getitem_79), kwargs = {})
#   %mul_176 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_72, %convolution_23), kwargs = {})
#   %sum_51 : Tensor "f32[1, 160, 1, 1][160, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_176, [0, 2, 3], True), kwargs = {})
#   return %sum_27,%sum_35,%sum_43,%sum_51
triton_per_fused_add_mul_native_layer_norm_backward_permute_sum_22 = async_compile.triton('triton_per_fused_add_mul_native_layer_norm_backward_permute_sum_22', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_mul_native_layer_norm_backward_permute_sum_22', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 8, 'num_store': 4, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 332800, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_add_mul_native_layer_norm_backward_permute_sum_22(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, out_ptr0, out_ptr1, out_ptr2, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp7 = tl.load(in_ptr2 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp9 = tl.load(in_ptr3 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp15 = tl.load(in_ptr4 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp17 = tl.load(in_ptr5 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp23 = tl.load(in_ptr6 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp25 = tl.load(in_ptr7 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp2 = tmp0 * tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(xmask, tmp3, 0)
    tmp6 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp8 = tmp0 + tmp7
    tmp10 = tmp8 * tmp9
    tmp11 = tl.broadcast_to(tmp10, [XBLOCK, R0_BLOCK])
    tmp13 = tl.where(xmask, tmp11, 0)
    tmp14 = tl.sum(tmp13, 1)[:, None].to(tl.float32)
    tmp16 = tmp8 + tmp15
    tmp18 = tmp16 * tmp17
    tmp19 = tl.broadcast_to(tmp18, [XBLOCK, R0_BLOCK])
    tmp21 = tl.where(xmask, tmp19, 0)
    tmp22 = tl.sum(tmp21, 1)[:, None].to(tl.float32)
    tmp24 = tmp16 + tmp23
    tmp26 = tmp24 * tmp25
    tmp27 = tl.broadcast_to(tmp26, [XBLOCK, R0_BLOCK])
    tmp29 = tl.where(xmask, tmp27, 0)
    tmp30 = tl.sum(tmp29, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp6, xmask)
    tl.store(out_ptr1 + (x0), tmp14, xmask)
    tl.store(out_ptr2 + (x0), tmp22, xmask)
    tl.store(out_ptr3 + (x0), tmp30, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/ru/cruz3azk4m6dwuw2d7vsihddyk2nbk2ldab3a2phlmtv4irkoefg.py
# Topologically Sorted Source Nodes: [permute_47, x_109, x_110, mul_143, sum_32, sum_33], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_143 => mul_143
#   permute_47 => permute_47
#   sum_32 => sum_32
#   sum_33 => sum_33
#   x_109 => permute_24
#   x_110 => mul_60, sub_12
# Graph fragment:
#   %getitem_58 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_58]
#   %convolution_30 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=convolution_30]
#   %getitem_25 : Tensor "f32[4, 4, 4, 1][16, 1, 4, 4]cuda:0" = PlaceHolder[target=getitem_25]
#   %rsqrt_12 : Tensor "f32[4, 4, 4, 1][16, 1, 4, 4]cuda:0" = PlaceHolder[target=rsqrt_12]
#   %permute_47 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_58, [0, 2, 3, 1]), kwargs = {})
#   %permute_24 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convolution_30, [0, 2, 3, 1]), kwargs = {})
#   %sub_12 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%permute_24, %getitem_25), kwargs = {})
#   %mul_60 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_12, %rsqrt_12), kwargs = {})
#   %mul_143 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_47, %mul_60), kwargs = {})
#   %sum_32 : Tensor "f32[160][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_143, [0, 1, 2]), kwargs = {})
#   %sum_33 : Tensor "f32[160][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%permute_47, [0, 1, 2]), kwargs = {})
#   return %sum_32,%sum_33
triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23 = async_compile.triton('triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 125440, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_4 = r0_index
    x0 = xindex
    r0_1 = (r0_index % 4)
    r0_2 = ((r0_index // 4) % 4)
    r0_3 = r0_index // 16
    tmp0 = tl.load(in_ptr0 + (x0 + 160*r0_4), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (x0 + 160*r0_4), xmask, other=0.0)
    tmp2 = tl.load(in_ptr2 + (r0_2 + 4*r0_1 + 16*r0_3), None, eviction_policy='evict_last')
    tmp4 = tl.load(in_ptr3 + (r0_2 + 4*r0_1 + 16*r0_3), None, eviction_policy='evict_last')
    tmp3 = tmp1 - tmp2
    tmp5 = tmp3 * tmp4
    tmp6 = tmp0 * tmp5
    tmp7 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
    tmp9 = tl.where(xmask, tmp7, 0)
    tmp10 = tl.sum(tmp9, 1)[:, None].to(tl.float32)
    tmp11 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp13 = tl.where(xmask, tmp11, 0)
    tmp14 = tl.sum(tmp13, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp10, xmask)
    tl.store(out_ptr1 + (x0), tmp14, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/xq/cxq3e6xsktrm4semm4s4js43luvtdev5loqfl27bcazvcaajnuux.py
# Topologically Sorted Source Nodes: [sum_34], Original ATen: [aten.convolution_backward]
# Source node to ATen node mapping:
#   sum_34 => sum_34
# Graph fragment:
#   %permute_48 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0" = PlaceHolder[target=permute_48]
#   %sum_34 : Tensor "f32[160][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%permute_48, [0, 2, 3]), kwargs = {})
#   return %sum_34
triton_per_fused_convolution_backward_24 = async_compile.triton('triton_per_fused_convolution_backward_24', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_convolution_backward_24', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 42240, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_convolution_backward_24(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/jq/cjq2oojpj3ujvfiwupoqcxvgby36d4s75ne7mqyth5on5orkagja.py
# Topologically Sorted Source Nodes: [permute_45, mul_122, mul_123, mul_125, sub_27, sub_28, mul_126, permute_46, add_66, add_69, add_72, reshape_6, mul_177, sum_52], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.view, aten.mul, aten.convolution_backward]
# Source node to ATen node mapping:
#   add_66 => add_66
#   add_69 => add_69
#   add_72 => add_72
#   mul_122 => mul_122
#   mul_123 => mul_123
#   mul_125 => mul_125
#   mul_126 => mul_126
#   mul_177 => mul_177
#   permute_45 => permute_45
#   permute_46 => permute_46
#   reshape_6 => view_6
#   sub_27 => sub_27
#   sub_28 => sub_28
#   sum_52 => sum_52
# Graph fragment:
#   %mul_126 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0" = PlaceHolder[target=mul_126]
#   %getitem_61 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_61]
#   %getitem_70 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_70]
#   %getitem_79 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_79]
#   %primals_76 : Tensor "f32[160][1]cuda:0" = PlaceHolder[target=primals_76]
#   %mul_177 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0" = PlaceHolder[target=mul_177]
#   %permute_45 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_52, [0, 2, 3, 1]), kwargs = {})
#   %mul_122 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_45, %primals_104), kwargs = {})
#   %mul_123 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_122, 160), kwargs = {})
#   %mul_125 : Tensor "f32[4, 4, 4, 160][2560, 1, 640, 4]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_66, %sum_24), kwargs = {})
#   %sub_27 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_123, %sum_23), kwargs = {})
#   %sub_28 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_27, %mul_125), kwargs = {})
#   %mul_126 : Tensor "f32[4, 4, 4, 160][2560, 160, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_4, %sub_28), kwargs = {})
#   %permute_46 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_126, [0, 3, 1, 2]), kwargs = {})
#   %add_66 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%permute_46, %getitem_61), kwargs = {})
#   %add_69 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_66, %getitem_70), kwargs = {})
#   %add_72 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_69, %getitem_79), kwargs = {})
#   %view_6 : Tensor "f32[1, 160, 1, 1][160, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_76, [1, -1, 1, 1]), kwargs = {})
#   %mul_177 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_72, %view_6), kwargs = {})
#   %sum_52 : Tensor "f32[160][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_177, [0, 2, 3]), kwargs = {})
#   return %mul_177,%sum_52
triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_25 = async_compile.triton('triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_25', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_25', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 247680, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_25(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = (r0_index % 4)
    r0_2 = ((r0_index // 4) % 4)
    r0_3 = r0_index // 16
    x0 = xindex
    r0_4 = r0_index
    tmp0 = tl.load(in_ptr0 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp3 = tl.load(in_ptr2 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp5 = tl.load(in_ptr3 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp7 = tl.load(in_ptr4 + (x0), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 + tmp1
    tmp4 = tmp2 + tmp3
    tmp6 = tmp4 + tmp5
    tmp8 = tmp6 * tmp7
    tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
    tmp11 = tl.where(xmask, tmp9, 0)
    tmp12 = tl.sum(tmp11, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0 + 160*r0_4), tmp8, xmask)
    tl.store(out_ptr1 + (x0), tmp12, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/j3/cj3t3hmad6tmntb3qkfkx3vtdnqpm5rawyevc4yn77tl3xm2kl6r.py
# Topologically Sorted Source Nodes: [permute_45, mul_122, mul_123, mul_125, sub_27, sub_28, mul_126, permute_46, add_66, add_69, add_72, add_75, reshape_5, mul_193, sum_60], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.view, aten.mul, aten.convolution_backward]
# Source node to ATen node mapping:
#   add_66 => add_66
#   add_69 => add_69
#   add_72 => add_72
#   add_75 => add_75
#   mul_122 => mul_122
#   mul_123 => mul_123
#   mul_125 => mul_125
#   mul_126 => mul_126
#   mul_193 => mul_193
#   permute_45 => permute_45
#   permute_46 => permute_46
#   reshape_5 => view_5
#   sub_27 => sub_27
#   sub_28 => sub_28
#   sum_60 => sum_60
# Graph fragment:
#   %mul_126 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0" = PlaceHolder[target=mul_126]
#   %getitem_61 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_61]
#   %getitem_70 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_70]
#   %getitem_79 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_79]
#   %getitem_88 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_88]
#   %add_75 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=add_75]
#   %primals_67 : Tensor "f32[160][1]cuda:0" = PlaceHolder[target=primals_67]
#   %mul_193 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0" = PlaceHolder[target=mul_193]
#   %permute_45 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_52, [0, 2, 3, 1]), kwargs = {})
#   %mul_122 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_45, %primals_104), kwargs = {})
#   %mul_123 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_122, 160), kwargs = {})
#   %mul_125 : Tensor "f32[4, 4, 4, 160][2560, 1, 640, 4]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_66, %sum_24), kwargs = {})
#   %sub_27 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_123, %sum_23), kwargs = {})
#   %sub_28 : Tensor "f32[4, 4, 4, 160][2560, 640, 160, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_27, %mul_125), kwargs = {})
#   %mul_126 : Tensor "f32[4, 4, 4, 160][2560, 160, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_4, %sub_28), kwargs = {})
#   %permute_46 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_126, [0, 3, 1, 2]), kwargs = {})
#   %add_66 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%permute_46, %getitem_61), kwargs = {})
#   %add_69 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_66, %getitem_70), kwargs = {})
#   %add_72 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_69, %getitem_79), kwargs = {})
#   %add_75 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_72, %getitem_88), kwargs = {})
#   %view_5 : Tensor "f32[1, 160, 1, 1][160, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_67, [1, -1, 1, 1]), kwargs = {})
#   %mul_193 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_75, %view_5), kwargs = {})
#   %sum_60 : Tensor "f32[160][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_193, [0, 2, 3]), kwargs = {})
#   return %add_75,%mul_193,%sum_60
triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_26 = async_compile.triton('triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_26', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_26', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 3, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 370560, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_26(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = (r0_index % 4)
    r0_2 = ((r0_index // 4) % 4)
    r0_3 = r0_index // 16
    x0 = xindex
    r0_4 = r0_index
    tmp0 = tl.load(in_out_ptr0 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp1 = tl.load(in_ptr0 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp3 = tl.load(in_ptr1 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp5 = tl.load(in_ptr2 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp7 = tl.load(in_ptr3 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp9 = tl.load(in_ptr4 + (x0), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 + tmp1
    tmp4 = tmp2 + tmp3
    tmp6 = tmp4 + tmp5
    tmp8 = tmp6 + tmp7
    tmp10 = tmp8 * tmp9
    tmp11 = tl.broadcast_to(tmp10, [XBLOCK, R0_BLOCK])
    tmp13 = tl.where(xmask, tmp11, 0)
    tmp14 = tl.sum(tmp13, 1)[:, None].to(tl.float32)
    tl.store(in_out_ptr0 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), tmp8, xmask)
    tl.store(out_ptr0 + (x0 + 160*r0_4), tmp10, xmask)
    tl.store(out_ptr1 + (x0), tmp14, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/el/celojwdukom6gii7dad4cggcd4icpghdjapragyr5mzxkg3er2iu.py
# Topologically Sorted Source Nodes: [mul_192, sum_59, add_78, mul_208, sum_67], Original ATen: [aten.mul, aten.sum, aten.add]
# Source node to ATen node mapping:
#   add_78 => add_78
#   mul_192 => mul_192
#   mul_208 => mul_208
#   sum_59 => sum_59
#   sum_67 => sum_67
# Graph fragment:
#   %add_75 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=add_75]
#   %convolution_20 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=convolution_20]
#   %getitem_97 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_97]
#   %convolution_17 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=convolution_17]
#   %mul_192 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_75, %convolution_20), kwargs = {})
#   %sum_59 : Tensor "f32[1, 160, 1, 1][160, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_192, [0, 2, 3], True), kwargs = {})
#   %add_78 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_75, %getitem_97), kwargs = {})
#   %mul_208 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_78, %convolution_17), kwargs = {})
#   %sum_67 : Tensor "f32[1, 160, 1, 1][160, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_208, [0, 2, 3], True), kwargs = {})
#   return %sum_59,%sum_67
triton_per_fused_add_mul_sum_27 = async_compile.triton('triton_per_fused_add_mul_sum_27', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_mul_sum_27', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 166400, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_add_mul_sum_27(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp7 = tl.load(in_ptr2 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp9 = tl.load(in_ptr3 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp2 = tmp0 * tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(xmask, tmp3, 0)
    tmp6 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp8 = tmp0 + tmp7
    tmp10 = tmp8 * tmp9
    tmp11 = tl.broadcast_to(tmp10, [XBLOCK, R0_BLOCK])
    tmp13 = tl.where(xmask, tmp11, 0)
    tmp14 = tl.sum(tmp13, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp6, xmask)
    tl.store(out_ptr1 + (x0), tmp14, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/ay/cayevhyymev7vhqhdgbgpsvuub2enf3gmttrdj2wexxnlms2ezjq.py
# Topologically Sorted Source Nodes: [add_78, add_81, sum_75], Original ATen: [aten.add, aten.convolution_backward]
# Source node to ATen node mapping:
#   add_78 => add_78
#   add_81 => add_81
#   sum_75 => sum_75
# Graph fragment:
#   %add_75 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=add_75]
#   %getitem_97 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_97]
#   %getitem_106 : Tensor "f32[4, 160, 4, 4][2560, 1, 640, 160]cuda:0" = PlaceHolder[target=getitem_106]
#   %add_81 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0" = PlaceHolder[target=add_81]
#   %add_78 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_75, %getitem_97), kwargs = {})
#   %add_81 : Tensor "f32[4, 160, 4, 4][2560, 1, 160, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_78, %getitem_106), kwargs = {})
#   %sum_75 : Tensor "f32[160][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%add_81, [0, 2, 3]), kwargs = {})
#   return %add_81,%sum_75
triton_per_fused_add_convolution_backward_28 = async_compile.triton('triton_per_fused_add_convolution_backward_28', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 64},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_convolution_backward_28', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 206080, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_add_convolution_backward_28(in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 64
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = (r0_index % 4)
    r0_2 = ((r0_index // 4) % 4)
    r0_3 = r0_index // 16
    x0 = xindex
    r0_4 = r0_index
    tmp0 = tl.load(in_ptr0 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp3 = tl.load(in_ptr2 + (x0 + 160*r0_2 + 640*r0_1 + 2560*r0_3), xmask, other=0.0)
    tmp2 = tmp0 + tmp1
    tmp4 = tmp2 + tmp3
    tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
    tmp7 = tl.where(xmask, tmp5, 0)
    tmp8 = tl.sum(tmp7, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0 + 160*r0_4), tmp4, xmask)
    tl.store(out_ptr1 + (x0), tmp8, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/6v/c6vdhdcrykeudxaho6sg6qrjkryhomnaiuup4lxnzywzxor53y2k.py
# Topologically Sorted Source Nodes: [permute_59, mul_225, sum_76, mul_227, sum_77], Original ATen: [aten.permute, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_225 => mul_225
#   mul_227 => mul_227
#   permute_59 => permute_59
#   sum_76 => sum_76
#   sum_77 => sum_77
# Graph fragment:
#   %getitem_109 : Tensor "f32[4, 80, 8, 8][5120, 1, 640, 80]cuda:0" = PlaceHolder[target=getitem_109]
#   %primals_46 : Tensor "f32[80][1]cuda:0" = PlaceHolder[target=primals_46]
#   %mul_28 : Tensor "f32[4, 8, 8, 80][5120, 1, 640, 8]cuda:0" = PlaceHolder[target=mul_28]
#   %permute_59 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_109, [0, 2, 3, 1]), kwargs = {})
#   %mul_225 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_59, %primals_46), kwargs = {})
#   %sum_76 : Tensor "f32[4, 8, 8, 1][64, 8, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_225, [3], True), kwargs = {})
#   %mul_227 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_225, %mul_28), kwargs = {})
#   %sum_77 : Tensor "f32[4, 8, 8, 1][64, 8, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_227, [3], True), kwargs = {})
#   return %sum_76,%sum_77
triton_red_fused_native_layer_norm_backward_permute_29 = async_compile.triton('triton_red_fused_native_layer_norm_backward_permute_29', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 256, 'r0_': 128},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_backward_permute_29', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 4096, 'r0_': 164160}}
)
@triton.jit
def triton_red_fused_native_layer_norm_backward_permute_29(in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 256
    r0_numel = 80
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = xindex
    _tmp4 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x2 = (xindex % 8)
    x3 = ((xindex // 8) % 8)
    x4 = xindex // 64
    _tmp9 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp0 = tl.load(in_ptr0 + (r0_1 + 80*x0), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp6 = tl.load(in_ptr2 + (x3 + 8*r0_1 + 640*x2 + 5120*x4), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp2 = tmp0 * tmp1
        tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
        tmp5 = _tmp4 + tmp3
        _tmp4 = tl.where(r0_mask & xmask, tmp5, _tmp4)
        tmp7 = tmp2 * tmp6
        tmp8 = tl.broadcast_to(tmp7, [XBLOCK, R0_BLOCK])
        tmp10 = _tmp9 + tmp8
        _tmp9 = tl.where(r0_mask & xmask, tmp10, _tmp9)
    tmp4 = tl.sum(_tmp4, 1)[:, None]
    tmp9 = tl.sum(_tmp9, 1)[:, None]
    tl.store(out_ptr0 + (x0), tmp4, xmask)
    tl.store(out_ptr1 + (x0), tmp9, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/kp/ckp5zid2neeenoyhlxcpfb3ymzwnw2lackhub36flnib2tm3faiy.py
# Topologically Sorted Source Nodes: [permute_59, mul_230, sum_78, sum_79], Original ATen: [aten.permute, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_230 => mul_230
#   permute_59 => permute_59
#   sum_78 => sum_78
#   sum_79 => sum_79
# Graph fragment:
#   %getitem_109 : Tensor "f32[4, 80, 8, 8][5120, 1, 640, 80]cuda:0" = PlaceHolder[target=getitem_109]
#   %mul_28 : Tensor "f32[4, 8, 8, 80][5120, 1, 640, 8]cuda:0" = PlaceHolder[target=mul_28]
#   %permute_59 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_109, [0, 2, 3, 1]), kwargs = {})
#   %mul_230 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_59, %mul_28), kwargs = {})
#   %sum_78 : Tensor "f32[80][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_230, [0, 1, 2]), kwargs = {})
#   %sum_79 : Tensor "f32[80][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%permute_59, [0, 1, 2]), kwargs = {})
#   return %buf200,%buf202
triton_red_fused_native_layer_norm_backward_permute_30 = async_compile.triton('triton_red_fused_native_layer_norm_backward_permute_30', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 256, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_backward_permute_30', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 84480, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_native_layer_norm_backward_permute_30(in_ptr0, in_ptr1, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 80)
    x1 = xindex // 80
    _tmp4 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp7 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 80*r0_2 + 10240*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (8*x0 + 640*((r0_2 % 8)) + 5120*(r0_2 // 64) + 10240*x1 + (((r0_2 // 8) % 8))), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp2 = tmp0 * tmp1
        tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
        tmp5 = _tmp4 + tmp3
        _tmp4 = tl.where(r0_mask & xmask, tmp5, _tmp4)
        tmp6 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp8 = _tmp7 + tmp6
        _tmp7 = tl.where(r0_mask & xmask, tmp8, _tmp7)
    tmp4 = tl.sum(_tmp4, 1)[:, None]
    tmp7 = tl.sum(_tmp7, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp4, xmask)
    tl.store(out_ptr1 + (x3), tmp7, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/se/cseuhr2syheylitfyauvat3l2zfb536vrdaydjhbiulud7pe5t4l.py
# Topologically Sorted Source Nodes: [permute_59, mul_230, sum_78], Original ATen: [aten.permute, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_230 => mul_230
#   permute_59 => permute_59
#   sum_78 => sum_78
# Graph fragment:
#   %buf200 : Tensor "f32[80, 2][1, 80]cuda:0" = PlaceHolder[target=buf200]
#   %permute_59 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_109, [0, 2, 3, 1]), kwargs = {})
#   %mul_230 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_59, %mul_28), kwargs = {})
#   %sum_78 : Tensor "f32[80][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_230, [0, 1, 2]), kwargs = {})
#   return %sum_78
triton_per_fused_native_layer_norm_backward_permute_31 = async_compile.triton('triton_per_fused_native_layer_norm_backward_permute_31', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 128, 'r0_': 2},
    reduction_hint=ReductionHint.OUTER_TINY,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_native_layer_norm_backward_permute_31', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 1280, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_native_layer_norm_backward_permute_31(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 80
    r0_numel = 2
    R0_BLOCK: tl.constexpr = 2
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 80*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/ps/cps7f7bofndhbqz4cj64ipbru45ebbldod3puk57lvlmxhpgph4v.py
# Topologically Sorted Source Nodes: [permute_59, mul_225, mul_226, mul_228, sub_48, sub_49, mul_229, permute_60, reshape_3, mul_232], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.view, aten.mul]
# Source node to ATen node mapping:
#   mul_225 => mul_225
#   mul_226 => mul_226
#   mul_228 => mul_228
#   mul_229 => mul_229
#   mul_232 => mul_232
#   permute_59 => permute_59
#   permute_60 => permute_60
#   reshape_3 => view_3
#   sub_48 => sub_48
#   sub_49 => sub_49
# Graph fragment:
#   %div_11 : Tensor "f32[4, 8, 8, 1][64, 1, 8, 8]cuda:0" = PlaceHolder[target=div_11]
#   %getitem_109 : Tensor "f32[4, 80, 8, 8][5120, 1, 640, 80]cuda:0" = PlaceHolder[target=getitem_109]
#   %primals_46 : Tensor "f32[80][1]cuda:0" = PlaceHolder[target=primals_46]
#   %sum_76 : Tensor "f32[4, 8, 8, 1][64, 8, 1, 256]cuda:0" = PlaceHolder[target=sum_76]
#   %mul_28 : Tensor "f32[4, 8, 8, 80][5120, 1, 640, 8]cuda:0" = PlaceHolder[target=mul_28]
#   %sum_77 : Tensor "f32[4, 8, 8, 1][64, 8, 1, 256]cuda:0" = PlaceHolder[target=sum_77]
#   %mul_229 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0" = PlaceHolder[target=mul_229]
#   %primals_45 : Tensor "f32[80][1]cuda:0" = PlaceHolder[target=primals_45]
#   %permute_59 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_109, [0, 2, 3, 1]), kwargs = {})
#   %mul_225 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_59, %primals_46), kwargs = {})
#   %mul_226 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_225, 80), kwargs = {})
#   %mul_228 : Tensor "f32[4, 8, 8, 80][5120, 1, 640, 8]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_28, %sum_77), kwargs = {})
#   %sub_48 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_226, %sum_76), kwargs = {})
#   %sub_49 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_48, %mul_228), kwargs = {})
#   %mul_229 : Tensor "f32[4, 8, 8, 80][5120, 80, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_11, %sub_49), kwargs = {})
#   %permute_60 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_229, [0, 3, 1, 2]), kwargs = {})
#   %view_3 : Tensor "f32[1, 80, 1, 1][80, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_45, [1, -1, 1, 1]), kwargs = {})
#   %mul_232 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_60, %view_3), kwargs = {})
#   return %mul_229,%mul_232
triton_poi_fused_mul_native_layer_norm_backward_permute_view_32 = async_compile.triton('triton_poi_fused_mul_native_layer_norm_backward_permute_view_32', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'y': 32, 'x': 1024}, tile_hint=TileHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'out_ptr0': '*fp32', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_mul_native_layer_norm_backward_permute_view_32', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 7, 'num_store': 2, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 82944, 'x': 410240}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_mul_native_layer_norm_backward_permute_view_32(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
    ynumel = 32
    xnumel = 640
    yoffset = tl.program_id(1) * YBLOCK
    yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
    ymask = yindex < ynumel
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
    xmask = xindex < xnumel
    x3 = xindex // 80
    y0 = (yindex % 8)
    y1 = yindex // 8
    x5 = xindex
    y4 = yindex
    x2 = (xindex % 80)
    tmp0 = tl.load(in_ptr0 + (y0 + 8*x3 + 64*y1), xmask & ymask, eviction_policy='evict_last')
    tmp1 = tl.load(in_out_ptr0 + (x5 + 640*y4), xmask & ymask, eviction_policy='evict_last')
    tmp2 = tl.load(in_ptr1 + (x2), xmask, eviction_policy='evict_last')
    tmp6 = tl.load(in_ptr2 + (x3 + 8*y4), xmask & ymask, eviction_policy='evict_last')
    tmp8 = tl.load(in_ptr3 + (y0 + 8*x5 + 5120*y1), xmask & ymask, eviction_policy='evict_last')
    tmp9 = tl.load(in_ptr4 + (x3 + 8*y4), xmask & ymask, eviction_policy='evict_last')
    tmp13 = tl.load(in_ptr5 + (x2), xmask, eviction_policy='evict_last')
    tmp3 = tmp1 * tmp2
    tmp4 = tl.full([1, 1], 80.0, tl.float32)
    tmp5 = tmp3 * tmp4
    tmp7 = tmp5 - tmp6
    tmp10 = tmp8 * tmp9
    tmp11 = tmp7 - tmp10
    tmp12 = tmp0 * tmp11
    tmp14 = tmp12 * tmp13
    tl.debug_barrier()
    tl.store(in_out_ptr0 + (x5 + 640*y4), tmp12, xmask & ymask)
    tl.store(out_ptr0 + (x2 + 80*y0 + 640*x3 + 5120*y1), tmp14, xmask & ymask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/wi/cwirseble5w4dgopizal6s7j5kuefcqqbejiupcosdonknfwviok.py
# Topologically Sorted Source Nodes: [x_44, mul_234, mul_235, mul_236, exp_8, mul_237, mul_238, add_83, mul_239], Original ATen: [aten.gelu, aten.gelu_backward]
# Source node to ATen node mapping:
#   add_83 => add_83
#   exp_8 => exp_8
#   mul_234 => mul_234
#   mul_235 => mul_235
#   mul_236 => mul_236
#   mul_237 => mul_237
#   mul_238 => mul_238
#   mul_239 => mul_239
#   x_44 => add_18, erf_3, mul_25
# Graph fragment:
#   %getitem_112 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0" = PlaceHolder[target=getitem_112]
#   %convolution_12 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0" = PlaceHolder[target=convolution_12]
#   %mul_25 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convolution_12, 0.7071067811865476), kwargs = {})
#   %erf_3 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_25,), kwargs = {})
#   %add_18 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_3, 1), kwargs = {})
#   %mul_234 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_18, 0.5), kwargs = {})
#   %mul_235 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convolution_12, %convolution_12), kwargs = {})
#   %mul_236 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_235, -0.5), kwargs = {})
#   %exp_8 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%mul_236,), kwargs = {})
#   %mul_237 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp_8, 0.3989422804014327), kwargs = {})
#   %mul_238 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convolution_12, %mul_237), kwargs = {})
#   %add_83 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_234, %mul_238), kwargs = {})
#   %mul_239 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%getitem_112, %add_83), kwargs = {})
#   return %mul_239
triton_poi_fused_gelu_gelu_backward_33 = async_compile.triton('triton_poi_fused_gelu_gelu_backward_33', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 131072}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_gelu_gelu_backward_33', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 1310720}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_gelu_gelu_backward_33(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 81920
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_out_ptr0 + (x0), None)
    tmp1 = tl.load(in_ptr0 + (x0), None)
    tmp2 = tl.full([1], 0.7071067811865476, tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = libdevice.erf(tmp3)
    tmp5 = tl.full([1], 1.0, tl.float32)
    tmp6 = tmp4 + tmp5
    tmp7 = tl.full([1], 0.5, tl.float32)
    tmp8 = tmp6 * tmp7
    tmp9 = tmp1 * tmp1
    tmp10 = tl.full([1], -0.5, tl.float32)
    tmp11 = tmp9 * tmp10
    tmp12 = libdevice.exp(tmp11)
    tmp13 = tl.full([1], 0.3989422804014327, tl.float32)
    tmp14 = tmp12 * tmp13
    tmp15 = tmp1 * tmp14
    tmp16 = tmp8 + tmp15
    tmp17 = tmp0 * tmp16
    tl.store(in_out_ptr0 + (x0), tmp17, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/em/cemhrg7fy572b2eybk6pozz7j3s4km5p4z7hnfaipdfozlz5gdsd.py
# Topologically Sorted Source Nodes: [permute_61, mul_241, mul_242, sum_83, x_40, x_41, mul_243, sum_84, mul_244, sub_51, sub_52, div_12, mul_245, permute_62], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
# Source node to ATen node mapping:
#   div_12 => div_12
#   mul_241 => mul_241
#   mul_242 => mul_242
#   mul_243 => mul_243
#   mul_244 => mul_244
#   mul_245 => mul_245
#   permute_61 => permute_61
#   permute_62 => permute_62
#   sub_51 => sub_51
#   sub_52 => sub_52
#   sum_83 => sum_83
#   sum_84 => sum_84
#   x_40 => permute_10
#   x_41 => mul_22, sub_5
# Graph fragment:
#   %getitem_115 : Tensor "f32[4, 80, 8, 8][5120, 1, 640, 80]cuda:0" = PlaceHolder[target=getitem_115]
#   %primals_39 : Tensor "f32[80][1]cuda:0" = PlaceHolder[target=primals_39]
#   %convolution_11 : Tensor "f32[4, 80, 8, 8][5120, 1, 640, 80]cuda:0" = PlaceHolder[target=convolution_11]
#   %getitem_11 : Tensor "f32[4, 8, 8, 1][64, 1, 8, 8]cuda:0" = PlaceHolder[target=getitem_11]
#   %rsqrt_5 : Tensor "f32[4, 8, 8, 1][64, 1, 8, 8]cuda:0" = PlaceHolder[target=rsqrt_5]
#   %sum_83 : Tensor "f32[4, 8, 8, 1][64, 8, 1, 256]cuda:0" = PlaceHolder[target=sum_83]
#   %sum_84 : Tensor "f32[4, 8, 8, 1][64, 8, 1, 256]cuda:0" = PlaceHolder[target=sum_84]
#   %mul_245 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0" = PlaceHolder[target=mul_245]
#   %permute_61 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_115, [0, 2, 3, 1]), kwargs = {})
#   %mul_241 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_61, %primals_39), kwargs = {})
#   %mul_242 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_241, 80), kwargs = {})
#   %sum_83 : Tensor "f32[4, 8, 8, 1][64, 8, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_241, [3], True), kwargs = {})
#   %permute_10 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convolution_11, [0, 2, 3, 1]), kwargs = {})
#   %sub_5 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%permute_10, %getitem_11), kwargs = {})
#   %mul_22 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_5, %rsqrt_5), kwargs = {})
#   %mul_243 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_241, %mul_22), kwargs = {})
#   %sum_84 : Tensor "f32[4, 8, 8, 1][64, 8, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_243, [3], True), kwargs = {})
#   %mul_244 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_22, %sum_84), kwargs = {})
#   %sub_51 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_242, %sum_83), kwargs = {})
#   %sub_52 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_51, %mul_244), kwargs = {})
#   %div_12 : Tensor "f32[4, 8, 8, 1][64, 1, 8, 8]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_5, 80), kwargs = {})
#   %mul_245 : Tensor "f32[4, 8, 8, 80][5120, 80, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_12, %sub_52), kwargs = {})
#   %permute_62 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.permute.default](args = (%mul_245, [0, 3, 1, 2]), kwargs = {})
#   return %sum_83,%sum_84,%mul_245,%permute_62
triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_34 = async_compile.triton('triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_34', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 256, 'r0_': 128},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr3': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_34', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 8, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 409920}}
)
@triton.jit
def triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_34(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 256
    r0_numel = 80
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = xindex
    _tmp4 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x2 = (xindex % 8)
    x3 = ((xindex // 8) % 8)
    x4 = xindex // 64
    tmp7 = tl.load(in_ptr3 + (x3 + 8*x2 + 64*x4), xmask, eviction_policy='evict_last')
    tmp9 = tl.load(in_ptr4 + (x3 + 8*x2 + 64*x4), xmask, eviction_policy='evict_last')
    _tmp13 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp0 = tl.load(in_ptr0 + (r0_1 + 80*x0), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp1 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp6 = tl.load(in_ptr2 + (r0_1 + 80*x0), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp2 = tmp0 * tmp1
        tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
        tmp5 = _tmp4 + tmp3
        _tmp4 = tl.where(r0_mask & xmask, tmp5, _tmp4)
        tmp8 = tmp6 - tmp7
        tmp10 = tmp8 * tmp9
        tmp11 = tmp2 * tmp10
        tmp12 = tl.broadcast_to(tmp11, [XBLOCK, R0_BLOCK])
        tmp14 = _tmp13 + tmp12
        _tmp13 = tl.where(r0_mask & xmask, tmp14, _tmp13)
    tmp4 = tl.sum(_tmp4, 1)[:, None]
    tmp13 = tl.sum(_tmp13, 1)[:, None]
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_1 = r0_index
        tmp17 = tl.load(in_ptr0 + (r0_1 + 80*x0), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp18 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
        tmp23 = tl.load(in_ptr2 + (r0_1 + 80*x0), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp15 = tl.full([1, 1], 0.0125, tl.float32)
        tmp16 = tmp9 * tmp15
        tmp19 = tmp17 * tmp18
        tmp20 = tl.full([1, 1], 80.0, tl.float32)
        tmp21 = tmp19 * tmp20
        tmp22 = tmp21 - tmp4
        tmp24 = tmp23 - tmp7
        tmp25 = tmp24 * tmp9
        tmp26 = tmp25 * tmp13
        tmp27 = tmp22 - tmp26
        tmp28 = tmp16 * tmp27
        tl.store(out_ptr3 + (r0_1 + 80*x3 + 640*x2 + 5120*x4), tmp28, r0_mask & xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/zq/czqfo4mukuif3ma6pm5zfyjoca3m7ytoavyxe4aoar3emqit37r7.py
# Topologically Sorted Source Nodes: [permute_59, mul_225, mul_226, mul_228, sub_48, sub_49, mul_229, permute_60, mul_231, sum_80, add_84, mul_247, sum_88], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.mul, aten.sum, aten.add]
# Source node to ATen node mapping:
#   add_84 => add_84
#   mul_225 => mul_225
#   mul_226 => mul_226
#   mul_228 => mul_228
#   mul_229 => mul_229
#   mul_231 => mul_231
#   mul_247 => mul_247
#   permute_59 => permute_59
#   permute_60 => permute_60
#   sub_48 => sub_48
#   sub_49 => sub_49
#   sum_80 => sum_80
#   sum_88 => sum_88
# Graph fragment:
#   %mul_229 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0" = PlaceHolder[target=mul_229]
#   %convolution_13 : Tensor "f32[4, 80, 8, 8][5120, 1, 640, 80]cuda:0" = PlaceHolder[target=convolution_13]
#   %getitem_118 : Tensor "f32[4, 80, 8, 8][5120, 1, 640, 80]cuda:0" = PlaceHolder[target=getitem_118]
#   %convolution_10 : Tensor "f32[4, 80, 8, 8][5120, 1, 640, 80]cuda:0" = PlaceHolder[target=convolution_10]
#   %permute_59 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_109, [0, 2, 3, 1]), kwargs = {})
#   %mul_225 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_59, %primals_46), kwargs = {})
#   %mul_226 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_225, 80), kwargs = {})
#   %mul_228 : Tensor "f32[4, 8, 8, 80][5120, 1, 640, 8]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_28, %sum_77), kwargs = {})
#   %sub_48 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_226, %sum_76), kwargs = {})
#   %sub_49 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_48, %mul_228), kwargs = {})
#   %mul_229 : Tensor "f32[4, 8, 8, 80][5120, 80, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_11, %sub_49), kwargs = {})
#   %permute_60 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_229, [0, 3, 1, 2]), kwargs = {})
#   %mul_231 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_60, %convolution_13), kwargs = {})
#   %sum_80 : Tensor "f32[1, 80, 1, 1][80, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_231, [0, 2, 3], True), kwargs = {})
#   %add_84 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%permute_60, %getitem_118), kwargs = {})
#   %mul_247 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_84, %convolution_10), kwargs = {})
#   %sum_88 : Tensor "f32[1, 80, 1, 1][80, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_247, [0, 2, 3], True), kwargs = {})
#   return %buf206,%buf233
triton_red_fused_add_mul_native_layer_norm_backward_permute_sum_35 = async_compile.triton('triton_red_fused_add_mul_native_layer_norm_backward_permute_sum_35', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 256, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_add_mul_native_layer_norm_backward_permute_sum_35', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 4, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 330240, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_add_mul_native_layer_norm_backward_permute_sum_35(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 80)
    x1 = xindex // 80
    _tmp4 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp11 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 80*r0_2 + 10240*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (x0 + 80*r0_2 + 10240*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp6 = tl.load(in_ptr2 + (x0 + 80*r0_2 + 10240*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp8 = tl.load(in_ptr3 + (x0 + 80*r0_2 + 10240*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp2 = tmp0 * tmp1
        tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
        tmp5 = _tmp4 + tmp3
        _tmp4 = tl.where(r0_mask & xmask, tmp5, _tmp4)
        tmp7 = tmp0 + tmp6
        tmp9 = tmp7 * tmp8
        tmp10 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
        tmp12 = _tmp11 + tmp10
        _tmp11 = tl.where(r0_mask & xmask, tmp12, _tmp11)
    tmp4 = tl.sum(_tmp4, 1)[:, None]
    tmp11 = tl.sum(_tmp11, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp4, xmask)
    tl.store(out_ptr1 + (x3), tmp11, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/76/c76vwjvpfco2xmjt7n6eov7yqawawc44fpzjk7cym5prvya3jwsq.py
# Topologically Sorted Source Nodes: [sum_81], Original ATen: [aten.convolution_backward]
# Source node to ATen node mapping:
#   sum_81 => sum_81
# Graph fragment:
#   %mul_232 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0" = PlaceHolder[target=mul_232]
#   %sum_81 : Tensor "f32[80][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_232, [0, 2, 3]), kwargs = {})
#   return %buf208
triton_red_fused_convolution_backward_36 = async_compile.triton('triton_red_fused_convolution_backward_36', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 256, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_convolution_backward_36', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 83200, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_convolution_backward_36(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 80)
    x1 = xindex // 80
    _tmp2 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 80*(((r0_2 // 8) % 8)) + 640*((r0_2 % 8)) + 5120*(r0_2 // 64) + 10240*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp3 = _tmp2 + tmp1
        _tmp2 = tl.where(r0_mask & xmask, tmp3, _tmp2)
    tmp2 = tl.sum(_tmp2, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp2, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/rz/crzthmbc67rftcepf5wdfkw226ktvnzif5bsbsbul3czfrpaxlt4.py
# Topologically Sorted Source Nodes: [sum_82], Original ATen: [aten.convolution_backward]
# Source node to ATen node mapping:
#   sum_82 => sum_82
# Graph fragment:
#   %mul_239 : Tensor "f32[4, 320, 8, 8][20480, 1, 2560, 320]cuda:0" = PlaceHolder[target=mul_239]
#   %sum_82 : Tensor "f32[320][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_239, [0, 2, 3]), kwargs = {})
#   return %buf214
triton_red_fused_convolution_backward_37 = async_compile.triton('triton_red_fused_convolution_backward_37', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 1024, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_convolution_backward_37', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 332800, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_convolution_backward_37(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 640
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 320)
    x1 = xindex // 320
    _tmp2 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 320*r0_2 + 40960*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp3 = _tmp2 + tmp1
        _tmp2 = tl.where(r0_mask & xmask, tmp3, _tmp2)
    tmp2 = tl.sum(_tmp2, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp2, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/rs/crskvzhx77wp4sqvqi7xtkko55xqsonb6w6nxpog3fzd5kov3j5r.py
# Topologically Sorted Source Nodes: [sum_82], Original ATen: [aten.convolution_backward]
# Source node to ATen node mapping:
#   sum_82 => sum_82
# Graph fragment:
#   %buf214 : Tensor "f32[320, 2][1, 320]cuda:0" = PlaceHolder[target=buf214]
#   %sum_82 : Tensor "f32[320][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_239, [0, 2, 3]), kwargs = {})
#   return %sum_82
triton_per_fused_convolution_backward_38 = async_compile.triton('triton_per_fused_convolution_backward_38', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 512, 'r0_': 2},
    reduction_hint=ReductionHint.OUTER_TINY,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_convolution_backward_38', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 5120, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_convolution_backward_38(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 320
    r0_numel = 2
    R0_BLOCK: tl.constexpr = 2
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 320*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/fm/cfmsa4sl5ktujt6euzbixeeayvngxm6jkkzopyrcqcaxtsp3yd7z.py
# Topologically Sorted Source Nodes: [permute_61, x_40, x_41, mul_246, sum_85, sum_86], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_246 => mul_246
#   permute_61 => permute_61
#   sum_85 => sum_85
#   sum_86 => sum_86
#   x_40 => permute_10
#   x_41 => mul_22, sub_5
# Graph fragment:
#   %getitem_115 : Tensor "f32[4, 80, 8, 8][5120, 1, 640, 80]cuda:0" = PlaceHolder[target=getitem_115]
#   %convolution_11 : Tensor "f32[4, 80, 8, 8][5120, 1, 640, 80]cuda:0" = PlaceHolder[target=convolution_11]
#   %getitem_11 : Tensor "f32[4, 8, 8, 1][64, 1, 8, 8]cuda:0" = PlaceHolder[target=getitem_11]
#   %rsqrt_5 : Tensor "f32[4, 8, 8, 1][64, 1, 8, 8]cuda:0" = PlaceHolder[target=rsqrt_5]
#   %permute_61 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_115, [0, 2, 3, 1]), kwargs = {})
#   %permute_10 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convolution_11, [0, 2, 3, 1]), kwargs = {})
#   %sub_5 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%permute_10, %getitem_11), kwargs = {})
#   %mul_22 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_5, %rsqrt_5), kwargs = {})
#   %mul_246 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_61, %mul_22), kwargs = {})
#   %sum_85 : Tensor "f32[80][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_246, [0, 1, 2]), kwargs = {})
#   %sum_86 : Tensor "f32[80][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%permute_61, [0, 1, 2]), kwargs = {})
#   return %buf221,%buf223
triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_39 = async_compile.triton('triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_39', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 256, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_39', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 4, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 166400, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_39(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 80)
    x1 = xindex // 80
    _tmp8 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp11 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 80*r0_2 + 10240*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (x0 + 80*r0_2 + 10240*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp2 = tl.load(in_ptr2 + (8*((r0_2 % 8)) + 64*(r0_2 // 64) + 128*x1 + (((r0_2 // 8) % 8))), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp4 = tl.load(in_ptr3 + (8*((r0_2 % 8)) + 64*(r0_2 // 64) + 128*x1 + (((r0_2 // 8) % 8))), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp3 = tmp1 - tmp2
        tmp5 = tmp3 * tmp4
        tmp6 = tmp0 * tmp5
        tmp7 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
        tmp9 = _tmp8 + tmp7
        _tmp8 = tl.where(r0_mask & xmask, tmp9, _tmp8)
        tmp10 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp12 = _tmp11 + tmp10
        _tmp11 = tl.where(r0_mask & xmask, tmp12, _tmp11)
    tmp8 = tl.sum(_tmp8, 1)[:, None]
    tmp11 = tl.sum(_tmp11, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp8, xmask)
    tl.store(out_ptr1 + (x3), tmp11, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/gd/cgdqjxyg5yhlxtqyifabob6bkgik6lqydotoxwxphkpvqbcb23je.py
# Topologically Sorted Source Nodes: [permute_59, mul_225, mul_226, mul_228, sub_48, sub_49, mul_229, permute_60, add_84, reshape_2, mul_248], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.view, aten.mul]
# Source node to ATen node mapping:
#   add_84 => add_84
#   mul_225 => mul_225
#   mul_226 => mul_226
#   mul_228 => mul_228
#   mul_229 => mul_229
#   mul_248 => mul_248
#   permute_59 => permute_59
#   permute_60 => permute_60
#   reshape_2 => view_2
#   sub_48 => sub_48
#   sub_49 => sub_49
# Graph fragment:
#   %mul_229 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0" = PlaceHolder[target=mul_229]
#   %getitem_118 : Tensor "f32[4, 80, 8, 8][5120, 1, 640, 80]cuda:0" = PlaceHolder[target=getitem_118]
#   %primals_36 : Tensor "f32[80][1]cuda:0" = PlaceHolder[target=primals_36]
#   %permute_59 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_109, [0, 2, 3, 1]), kwargs = {})
#   %mul_225 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_59, %primals_46), kwargs = {})
#   %mul_226 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_225, 80), kwargs = {})
#   %mul_228 : Tensor "f32[4, 8, 8, 80][5120, 1, 640, 8]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_28, %sum_77), kwargs = {})
#   %sub_48 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_226, %sum_76), kwargs = {})
#   %sub_49 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_48, %mul_228), kwargs = {})
#   %mul_229 : Tensor "f32[4, 8, 8, 80][5120, 80, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_11, %sub_49), kwargs = {})
#   %permute_60 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_229, [0, 3, 1, 2]), kwargs = {})
#   %add_84 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%permute_60, %getitem_118), kwargs = {})
#   %view_2 : Tensor "f32[1, 80, 1, 1][80, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_36, [1, -1, 1, 1]), kwargs = {})
#   %mul_248 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_84, %view_2), kwargs = {})
#   return %mul_248
triton_poi_fused_add_mul_native_layer_norm_backward_permute_view_40 = async_compile.triton('triton_poi_fused_add_mul_native_layer_norm_backward_permute_view_40', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 32768}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_add_mul_native_layer_norm_backward_permute_view_40', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 328000}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_add_mul_native_layer_norm_backward_permute_view_40(in_ptr0, in_ptr1, in_ptr2, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 20480
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x4 = xindex
    x0 = (xindex % 80)
    x1 = ((xindex // 80) % 8)
    x2 = ((xindex // 640) % 8)
    x3 = xindex // 5120
    tmp0 = tl.load(in_ptr0 + (x4), None)
    tmp1 = tl.load(in_ptr1 + (x4), None)
    tmp3 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last')
    tmp2 = tmp0 + tmp1
    tmp4 = tmp2 * tmp3
    tl.store(out_ptr0 + (x0 + 80*x2 + 640*x1 + 5120*x3), tmp4, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/qh/cqh4shdrhjx7664mgiqsypo5a7sffgu2omq3erjdqurtlo67sbwz.py
# Topologically Sorted Source Nodes: [permute_59, mul_225, mul_226, mul_228, sub_48, sub_49, mul_229, permute_60, add_84, add_87], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add]
# Source node to ATen node mapping:
#   add_84 => add_84
#   add_87 => add_87
#   mul_225 => mul_225
#   mul_226 => mul_226
#   mul_228 => mul_228
#   mul_229 => mul_229
#   permute_59 => permute_59
#   permute_60 => permute_60
#   sub_48 => sub_48
#   sub_49 => sub_49
# Graph fragment:
#   %mul_229 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0" = PlaceHolder[target=mul_229]
#   %getitem_118 : Tensor "f32[4, 80, 8, 8][5120, 1, 640, 80]cuda:0" = PlaceHolder[target=getitem_118]
#   %getitem_127 : Tensor "f32[4, 80, 8, 8][5120, 1, 640, 80]cuda:0" = PlaceHolder[target=getitem_127]
#   %permute_59 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_109, [0, 2, 3, 1]), kwargs = {})
#   %mul_225 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_59, %primals_46), kwargs = {})
#   %mul_226 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_225, 80), kwargs = {})
#   %mul_228 : Tensor "f32[4, 8, 8, 80][5120, 1, 640, 8]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_28, %sum_77), kwargs = {})
#   %sub_48 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_226, %sum_76), kwargs = {})
#   %sub_49 : Tensor "f32[4, 8, 8, 80][5120, 640, 80, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_48, %mul_228), kwargs = {})
#   %mul_229 : Tensor "f32[4, 8, 8, 80][5120, 80, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_11, %sub_49), kwargs = {})
#   %permute_60 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_229, [0, 3, 1, 2]), kwargs = {})
#   %add_84 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%permute_60, %getitem_118), kwargs = {})
#   %add_87 : Tensor "f32[4, 80, 8, 8][5120, 1, 80, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_84, %getitem_127), kwargs = {})
#   return %add_87
triton_poi_fused_add_native_layer_norm_backward_permute_41 = async_compile.triton('triton_poi_fused_add_native_layer_norm_backward_permute_41', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 32768}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_add_native_layer_norm_backward_permute_41', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 409600}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_add_native_layer_norm_backward_permute_41(in_ptr0, in_ptr1, in_ptr2, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 20480
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x4 = xindex
    x0 = (xindex % 80)
    x1 = ((xindex // 80) % 8)
    x2 = ((xindex // 640) % 8)
    x3 = xindex // 5120
    tmp0 = tl.load(in_ptr0 + (x4), None)
    tmp1 = tl.load(in_ptr1 + (x4), None)
    tmp3 = tl.load(in_ptr2 + (x4), None)
    tmp2 = tmp0 + tmp1
    tmp4 = tmp2 + tmp3
    tl.store(out_ptr0 + (x0 + 80*x2 + 640*x1 + 5120*x3), tmp4, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/j6/cj6rvpvvk5rvxrz6p3sfwozoceg3lnlwm6r33g5vp56gt6kohj5y.py
# Topologically Sorted Source Nodes: [permute_65, mul_264, sum_97, mul_266, sum_98], Original ATen: [aten.permute, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_264 => mul_264
#   mul_266 => mul_266
#   permute_65 => permute_65
#   sum_97 => sum_97
#   sum_98 => sum_98
# Graph fragment:
#   %getitem_130 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=getitem_130]
#   %primals_24 : Tensor "f32[40][1]cuda:0" = PlaceHolder[target=primals_24]
#   %mul_14 : Tensor "f32[4, 16, 16, 40][10240, 1, 640, 16]cuda:0" = PlaceHolder[target=mul_14]
#   %permute_65 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_130, [0, 2, 3, 1]), kwargs = {})
#   %mul_264 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_65, %primals_24), kwargs = {})
#   %sum_97 : Tensor "f32[4, 16, 16, 1][256, 16, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_264, [3], True), kwargs = {})
#   %mul_266 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_264, %mul_14), kwargs = {})
#   %sum_98 : Tensor "f32[4, 16, 16, 1][256, 16, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_266, [3], True), kwargs = {})
#   return %sum_97,%sum_98
triton_per_fused_native_layer_norm_backward_permute_42 = async_compile.triton('triton_per_fused_native_layer_norm_backward_permute_42', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 1024, 'r0_': 64},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_native_layer_norm_backward_permute_42', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 16384, 'r0_': 327840}}
)
@triton.jit
def triton_per_fused_native_layer_norm_backward_permute_42(in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 1024
    r0_numel = 40
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    x2 = (xindex % 16)
    x3 = ((xindex // 16) % 16)
    x4 = xindex // 256
    tmp0 = tl.load(in_ptr0 + (r0_1 + 40*x0), r0_mask & xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp7 = tl.load(in_ptr2 + (x3 + 16*r0_1 + 640*x2 + 10240*x4), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
    tmp2 = tmp0 * tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(r0_mask & xmask, tmp3, 0)
    tmp6 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp8 = tmp2 * tmp7
    tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
    tmp11 = tl.where(r0_mask & xmask, tmp9, 0)
    tmp12 = tl.sum(tmp11, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp6, xmask)
    tl.store(out_ptr1 + (x0), tmp12, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/gy/cgygky66lum2liuwkzlhu65cv5fyzc4yedzdrbocd4hsrdw4i2kn.py
# Topologically Sorted Source Nodes: [permute_65, mul_269, sum_99], Original ATen: [aten.permute, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_269 => mul_269
#   permute_65 => permute_65
#   sum_99 => sum_99
# Graph fragment:
#   %getitem_130 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=getitem_130]
#   %mul_14 : Tensor "f32[4, 16, 16, 40][10240, 1, 640, 16]cuda:0" = PlaceHolder[target=mul_14]
#   %permute_65 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_130, [0, 2, 3, 1]), kwargs = {})
#   %mul_269 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_65, %mul_14), kwargs = {})
#   %sum_99 : Tensor "f32[40][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_269, [0, 1, 2]), kwargs = {})
#   return %buf267
triton_red_fused_native_layer_norm_backward_permute_43 = async_compile.triton('triton_red_fused_native_layer_norm_backward_permute_43', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'y': 64, 'x': 8, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'ynumel': 'i32', 'xnumel': 'i32', 'r0_numel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_backward_permute_43', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 163840, 'x': 2560, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_native_layer_norm_backward_permute_43(in_ptr0, in_ptr1, out_ptr0, ynumel, xnumel, r0_numel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    ynumel = 40
    xnumel = 8
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    yoffset = tl.program_id(1) * YBLOCK
    yindex = yoffset + tl.arange(0, YBLOCK)[:, None, None]
    ymask = yindex < ynumel
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[None, :, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, None, :]
    rbase = r0_base
    x1 = xindex
    y0 = yindex
    _tmp4 = tl.full([YBLOCK, XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (y0 + 40*r0_2 + 5120*x1), r0_mask & xmask & ymask, eviction_policy='evict_last', other=0.0)
        tmp1 = tl.load(in_ptr1 + (16*y0 + 640*((r0_2 % 16)) + 10240*((r0_2 + 128*x1) // 256) + ((((r0_2 + 128*x1) // 16) % 16))), r0_mask & xmask & ymask, eviction_policy='evict_last', other=0.0)
        tmp2 = tmp0 * tmp1
        tmp3 = tl.broadcast_to(tmp2, [YBLOCK, XBLOCK, R0_BLOCK])
        tmp5 = _tmp4 + tmp3
        _tmp4 = tl.where(r0_mask & xmask & ymask, tmp5, _tmp4)
    tmp4 = tl.sum(_tmp4, 2)[:, :, None]
    tl.store(out_ptr0 + (x1 + 8*y0), tmp4, xmask & ymask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/vl/cvlfq2scm632ckhoshahw2o3d5xzhaz2enkctilwr6oetoderfkx.py
# Topologically Sorted Source Nodes: [permute_65, mul_269, sum_99], Original ATen: [aten.permute, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_269 => mul_269
#   permute_65 => permute_65
#   sum_99 => sum_99
# Graph fragment:
#   %buf267 : Tensor "f32[40, 8][8, 1]cuda:0" = PlaceHolder[target=buf267]
#   %permute_65 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_130, [0, 2, 3, 1]), kwargs = {})
#   %mul_269 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_65, %mul_14), kwargs = {})
#   %sum_99 : Tensor "f32[40][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_269, [0, 1, 2]), kwargs = {})
#   return %sum_99
triton_per_fused_native_layer_norm_backward_permute_44 = async_compile.triton('triton_per_fused_native_layer_norm_backward_permute_44', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 64, 'r0_': 8},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_native_layer_norm_backward_permute_44', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 320, 'r0_': 1280}}
)
@triton.jit
def triton_per_fused_native_layer_norm_backward_permute_44(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 40
    r0_numel = 8
    R0_BLOCK: tl.constexpr = 8
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1 + 8*x0), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/bm/cbmcjjhts6nhoqm5gzppu2mar4rbcbp4igfnf7cozuulf7akv62y.py
# Topologically Sorted Source Nodes: [permute_65, sum_100], Original ATen: [aten.permute, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   permute_65 => permute_65
#   sum_100 => sum_100
# Graph fragment:
#   %getitem_130 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=getitem_130]
#   %permute_65 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_130, [0, 2, 3, 1]), kwargs = {})
#   %sum_100 : Tensor "f32[40][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%permute_65, [0, 1, 2]), kwargs = {})
#   return %buf269
triton_red_fused_native_layer_norm_backward_permute_45 = async_compile.triton('triton_red_fused_native_layer_norm_backward_permute_45', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 512, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_backward_permute_45', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 166400, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_native_layer_norm_backward_permute_45(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 320
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 40)
    x1 = xindex // 40
    _tmp2 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 40*r0_2 + 5120*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp3 = _tmp2 + tmp1
        _tmp2 = tl.where(r0_mask & xmask, tmp3, _tmp2)
    tmp2 = tl.sum(_tmp2, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp2, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/ih/cihsuj3h2g7pqycygljnqc2h5gytn7irjfhruecjgdixhovcypzx.py
# Topologically Sorted Source Nodes: [permute_65, sum_100], Original ATen: [aten.permute, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   permute_65 => permute_65
#   sum_100 => sum_100
# Graph fragment:
#   %buf269 : Tensor "f32[40, 8][1, 40]cuda:0" = PlaceHolder[target=buf269]
#   %permute_65 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_130, [0, 2, 3, 1]), kwargs = {})
#   %sum_100 : Tensor "f32[40][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%permute_65, [0, 1, 2]), kwargs = {})
#   return %sum_100
triton_per_fused_native_layer_norm_backward_permute_46 = async_compile.triton('triton_per_fused_native_layer_norm_backward_permute_46', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 64, 'r0_': 8},
    reduction_hint=ReductionHint.OUTER_TINY,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_native_layer_norm_backward_permute_46', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 1600, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_native_layer_norm_backward_permute_46(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 40
    r0_numel = 8
    R0_BLOCK: tl.constexpr = 8
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 40*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/fx/cfxizel5kcgphuh62wm2lg63en6b7mwdgy6zrngt2ps4y6icqbfg.py
# Topologically Sorted Source Nodes: [permute_65, mul_264, mul_265, mul_267, sub_57, sub_58, mul_268, permute_66, reshape_1, mul_271], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.view, aten.mul]
# Source node to ATen node mapping:
#   mul_264 => mul_264
#   mul_265 => mul_265
#   mul_267 => mul_267
#   mul_268 => mul_268
#   mul_271 => mul_271
#   permute_65 => permute_65
#   permute_66 => permute_66
#   reshape_1 => view_1
#   sub_57 => sub_57
#   sub_58 => sub_58
# Graph fragment:
#   %div_14 : Tensor "f32[4, 16, 16, 1][256, 1, 16, 16]cuda:0" = PlaceHolder[target=div_14]
#   %getitem_130 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=getitem_130]
#   %primals_24 : Tensor "f32[40][1]cuda:0" = PlaceHolder[target=primals_24]
#   %sum_97 : Tensor "f32[4, 16, 16, 1][256, 16, 1, 1024]cuda:0" = PlaceHolder[target=sum_97]
#   %mul_14 : Tensor "f32[4, 16, 16, 40][10240, 1, 640, 16]cuda:0" = PlaceHolder[target=mul_14]
#   %sum_98 : Tensor "f32[4, 16, 16, 1][256, 16, 1, 1024]cuda:0" = PlaceHolder[target=sum_98]
#   %mul_268 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0" = PlaceHolder[target=mul_268]
#   %primals_23 : Tensor "f32[40][1]cuda:0" = PlaceHolder[target=primals_23]
#   %permute_65 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_130, [0, 2, 3, 1]), kwargs = {})
#   %mul_264 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_65, %primals_24), kwargs = {})
#   %mul_265 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_264, 40), kwargs = {})
#   %mul_267 : Tensor "f32[4, 16, 16, 40][10240, 1, 640, 16]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_14, %sum_98), kwargs = {})
#   %sub_57 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_265, %sum_97), kwargs = {})
#   %sub_58 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_57, %mul_267), kwargs = {})
#   %mul_268 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_14, %sub_58), kwargs = {})
#   %permute_66 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_268, [0, 3, 1, 2]), kwargs = {})
#   %view_1 : Tensor "f32[1, 40, 1, 1][40, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_23, [1, -1, 1, 1]), kwargs = {})
#   %mul_271 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_66, %view_1), kwargs = {})
#   return %mul_268,%mul_271
triton_poi_fused_mul_native_layer_norm_backward_permute_view_47 = async_compile.triton('triton_poi_fused_mul_native_layer_norm_backward_permute_view_47', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'y': 64, 'x': 1024}, tile_hint=TileHint.DEFAULT,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'out_ptr0': '*fp32', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_mul_native_layer_norm_backward_permute_view_47', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 7, 'num_store': 2, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 167936, 'x': 819520}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_mul_native_layer_norm_backward_permute_view_47(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
    ynumel = 64
    xnumel = 640
    yoffset = tl.program_id(1) * YBLOCK
    yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
    ymask = yindex < ynumel
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
    xmask = xindex < xnumel
    x3 = xindex // 40
    y0 = (yindex % 16)
    y1 = yindex // 16
    x5 = xindex
    y4 = yindex
    x2 = (xindex % 40)
    tmp0 = tl.load(in_ptr0 + (y0 + 16*x3 + 256*y1), xmask & ymask, eviction_policy='evict_last')
    tmp1 = tl.load(in_out_ptr0 + (x5 + 640*y4), xmask & ymask, eviction_policy='evict_last')
    tmp2 = tl.load(in_ptr1 + (x2), xmask, eviction_policy='evict_last')
    tmp6 = tl.load(in_ptr2 + (x3 + 16*y4), xmask & ymask, eviction_policy='evict_last')
    tmp8 = tl.load(in_ptr3 + (y0 + 16*x5 + 10240*y1), xmask & ymask, eviction_policy='evict_last')
    tmp9 = tl.load(in_ptr4 + (x3 + 16*y4), xmask & ymask, eviction_policy='evict_last')
    tmp13 = tl.load(in_ptr5 + (x2), xmask, eviction_policy='evict_last')
    tmp3 = tmp1 * tmp2
    tmp4 = tl.full([1, 1], 40.0, tl.float32)
    tmp5 = tmp3 * tmp4
    tmp7 = tmp5 - tmp6
    tmp10 = tmp8 * tmp9
    tmp11 = tmp7 - tmp10
    tmp12 = tmp0 * tmp11
    tmp14 = tmp12 * tmp13
    tl.debug_barrier()
    tl.store(in_out_ptr0 + (x5 + 640*y4), tmp12, xmask & ymask)
    tl.store(out_ptr0 + (x2 + 40*y0 + 640*x3 + 10240*y1), tmp14, xmask & ymask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/ms/cmspnlfrmxzbb5v5o3bcl7cn3zlpwoxmlnruzut35sxc6ck6be3r.py
# Topologically Sorted Source Nodes: [x_19, mul_273, mul_274, mul_275, exp_10, mul_276, mul_277, add_89, mul_278], Original ATen: [aten.gelu, aten.gelu_backward]
# Source node to ATen node mapping:
#   add_89 => add_89
#   exp_10 => exp_10
#   mul_273 => mul_273
#   mul_274 => mul_274
#   mul_275 => mul_275
#   mul_276 => mul_276
#   mul_277 => mul_277
#   mul_278 => mul_278
#   x_19 => add_8, erf_1, mul_11
# Graph fragment:
#   %getitem_133 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0" = PlaceHolder[target=getitem_133]
#   %convolution_5 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0" = PlaceHolder[target=convolution_5]
#   %mul_11 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convolution_5, 0.7071067811865476), kwargs = {})
#   %erf_1 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.erf.default](args = (%mul_11,), kwargs = {})
#   %add_8 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%erf_1, 1), kwargs = {})
#   %mul_273 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_8, 0.5), kwargs = {})
#   %mul_274 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convolution_5, %convolution_5), kwargs = {})
#   %mul_275 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_274, -0.5), kwargs = {})
#   %exp_10 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.exp.default](args = (%mul_275,), kwargs = {})
#   %mul_276 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%exp_10, 0.3989422804014327), kwargs = {})
#   %mul_277 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%convolution_5, %mul_276), kwargs = {})
#   %add_89 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_273, %mul_277), kwargs = {})
#   %mul_278 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%getitem_133, %add_89), kwargs = {})
#   return %mul_278
triton_poi_fused_gelu_gelu_backward_48 = async_compile.triton('triton_poi_fused_gelu_gelu_backward_48', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 262144}, 
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_gelu_gelu_backward_48', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 2621440}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_gelu_gelu_backward_48(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 163840
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.load(in_out_ptr0 + (x0), None)
    tmp1 = tl.load(in_ptr0 + (x0), None)
    tmp2 = tl.full([1], 0.7071067811865476, tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = libdevice.erf(tmp3)
    tmp5 = tl.full([1], 1.0, tl.float32)
    tmp6 = tmp4 + tmp5
    tmp7 = tl.full([1], 0.5, tl.float32)
    tmp8 = tmp6 * tmp7
    tmp9 = tmp1 * tmp1
    tmp10 = tl.full([1], -0.5, tl.float32)
    tmp11 = tmp9 * tmp10
    tmp12 = libdevice.exp(tmp11)
    tmp13 = tl.full([1], 0.3989422804014327, tl.float32)
    tmp14 = tmp12 * tmp13
    tmp15 = tmp1 * tmp14
    tmp16 = tmp8 + tmp15
    tmp17 = tmp0 * tmp16
    tl.store(in_out_ptr0 + (x0), tmp17, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/4i/c4i743spcnm27ij5csluc3nfedsadnioq5mdbwbi2f54dvnxhswy.py
# Topologically Sorted Source Nodes: [permute_67, mul_280, mul_281, sum_104, x_15, x_16, mul_282, sum_105, mul_283, sub_60, sub_61, div_15, mul_284, permute_68], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
# Source node to ATen node mapping:
#   div_15 => div_15
#   mul_280 => mul_280
#   mul_281 => mul_281
#   mul_282 => mul_282
#   mul_283 => mul_283
#   mul_284 => mul_284
#   permute_67 => permute_67
#   permute_68 => permute_68
#   sub_60 => sub_60
#   sub_61 => sub_61
#   sum_104 => sum_104
#   sum_105 => sum_105
#   x_15 => permute_4
#   x_16 => mul_8, sub_2
# Graph fragment:
#   %getitem_136 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=getitem_136]
#   %primals_17 : Tensor "f32[40][1]cuda:0" = PlaceHolder[target=primals_17]
#   %convolution_4 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=convolution_4]
#   %getitem_5 : Tensor "f32[4, 16, 16, 1][256, 1, 16, 16]cuda:0" = PlaceHolder[target=getitem_5]
#   %rsqrt_2 : Tensor "f32[4, 16, 16, 1][256, 1, 16, 16]cuda:0" = PlaceHolder[target=rsqrt_2]
#   %sum_104 : Tensor "f32[4, 16, 16, 1][256, 16, 1, 1024]cuda:0" = PlaceHolder[target=sum_104]
#   %sum_105 : Tensor "f32[4, 16, 16, 1][256, 16, 1, 1024]cuda:0" = PlaceHolder[target=sum_105]
#   %mul_284 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0" = PlaceHolder[target=mul_284]
#   %permute_67 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_136, [0, 2, 3, 1]), kwargs = {})
#   %mul_280 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_67, %primals_17), kwargs = {})
#   %mul_281 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_280, 40), kwargs = {})
#   %sum_104 : Tensor "f32[4, 16, 16, 1][256, 16, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_280, [3], True), kwargs = {})
#   %permute_4 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convolution_4, [0, 2, 3, 1]), kwargs = {})
#   %sub_2 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%permute_4, %getitem_5), kwargs = {})
#   %mul_8 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_2, %rsqrt_2), kwargs = {})
#   %mul_282 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_280, %mul_8), kwargs = {})
#   %sum_105 : Tensor "f32[4, 16, 16, 1][256, 16, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_282, [3], True), kwargs = {})
#   %mul_283 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_8, %sum_105), kwargs = {})
#   %sub_60 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_281, %sum_104), kwargs = {})
#   %sub_61 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_60, %mul_283), kwargs = {})
#   %div_15 : Tensor "f32[4, 16, 16, 1][256, 1, 16, 16]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt_2, 40), kwargs = {})
#   %mul_284 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_15, %sub_61), kwargs = {})
#   %permute_68 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.permute.default](args = (%mul_284, [0, 3, 1, 2]), kwargs = {})
#   return %sum_104,%sum_105,%mul_284,%permute_68
triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_49 = async_compile.triton('triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_49', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 1024, 'r0_': 64},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr3': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_49', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 819360}}
)
@triton.jit
def triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_49(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 1024
    r0_numel = 40
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    x2 = (xindex % 16)
    x3 = ((xindex // 16) % 16)
    x4 = xindex // 256
    tmp0 = tl.load(in_ptr0 + (r0_1 + 40*x0), r0_mask & xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp7 = tl.load(in_ptr2 + (r0_1 + 40*x0), r0_mask & xmask, other=0.0)
    tmp8 = tl.load(in_ptr3 + (x3 + 16*x2 + 256*x4), xmask, eviction_policy='evict_last')
    tmp10 = tl.load(in_ptr4 + (x3 + 16*x2 + 256*x4), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 * tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(r0_mask & xmask, tmp3, 0)
    tmp6 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp9 = tmp7 - tmp8
    tmp11 = tmp9 * tmp10
    tmp12 = tmp2 * tmp11
    tmp13 = tl.broadcast_to(tmp12, [XBLOCK, R0_BLOCK])
    tmp15 = tl.where(r0_mask & xmask, tmp13, 0)
    tmp16 = tl.sum(tmp15, 1)[:, None].to(tl.float32)
    tmp17 = tl.full([1, 1], 0.025, tl.float32)
    tmp18 = tmp10 * tmp17
    tmp19 = tl.full([1, 1], 40.0, tl.float32)
    tmp20 = tmp2 * tmp19
    tmp21 = tmp20 - tmp6
    tmp22 = tmp11 * tmp16
    tmp23 = tmp21 - tmp22
    tmp24 = tmp18 * tmp23
    tl.store(out_ptr3 + (r0_1 + 40*x3 + 640*x2 + 10240*x4), tmp24, r0_mask & xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/43/c43hukdaid3ntlviwhahcmw4vji55kfhedfxpxwtr2elvht4irxl.py
# Topologically Sorted Source Nodes: [permute_65, mul_264, mul_265, mul_267, sub_57, sub_58, mul_268, permute_66, add_90, reshape, mul_287], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.view, aten.mul]
# Source node to ATen node mapping:
#   add_90 => add_90
#   mul_264 => mul_264
#   mul_265 => mul_265
#   mul_267 => mul_267
#   mul_268 => mul_268
#   mul_287 => mul_287
#   permute_65 => permute_65
#   permute_66 => permute_66
#   reshape => view
#   sub_57 => sub_57
#   sub_58 => sub_58
# Graph fragment:
#   %mul_268 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0" = PlaceHolder[target=mul_268]
#   %getitem_139 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=getitem_139]
#   %primals_14 : Tensor "f32[40][1]cuda:0" = PlaceHolder[target=primals_14]
#   %permute_65 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_130, [0, 2, 3, 1]), kwargs = {})
#   %mul_264 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_65, %primals_24), kwargs = {})
#   %mul_265 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_264, 40), kwargs = {})
#   %mul_267 : Tensor "f32[4, 16, 16, 40][10240, 1, 640, 16]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_14, %sum_98), kwargs = {})
#   %sub_57 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_265, %sum_97), kwargs = {})
#   %sub_58 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_57, %mul_267), kwargs = {})
#   %mul_268 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_14, %sub_58), kwargs = {})
#   %permute_66 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_268, [0, 3, 1, 2]), kwargs = {})
#   %add_90 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%permute_66, %getitem_139), kwargs = {})
#   %view : Tensor "f32[1, 40, 1, 1][40, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%primals_14, [1, -1, 1, 1]), kwargs = {})
#   %mul_287 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_90, %view), kwargs = {})
#   return %mul_287
triton_poi_fused_add_mul_native_layer_norm_backward_permute_view_50 = async_compile.triton('triton_poi_fused_add_mul_native_layer_norm_backward_permute_view_50', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.pointwise(
    size_hints={'x': 65536}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_add_mul_native_layer_norm_backward_permute_view_50', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 655520}},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_add_mul_native_layer_norm_backward_permute_view_50(in_ptr0, in_ptr1, in_ptr2, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 40960
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x4 = xindex
    x0 = (xindex % 40)
    x1 = ((xindex // 40) % 16)
    x2 = ((xindex // 640) % 16)
    x3 = xindex // 10240
    tmp0 = tl.load(in_ptr0 + (x4), None)
    tmp1 = tl.load(in_ptr1 + (x4), None)
    tmp3 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last')
    tmp2 = tmp0 + tmp1
    tmp4 = tmp2 * tmp3
    tl.store(out_ptr0 + (x0 + 40*x2 + 640*x1 + 10240*x3), tmp4, None)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/gp/cgpjcnbm2tq4nnrfwr7zrhrdngxkpyv6hkwhnymsoe62l5qv4cpq.py
# Topologically Sorted Source Nodes: [permute_65, mul_264, mul_265, mul_267, sub_57, sub_58, mul_268, permute_66, mul_270, sum_101, add_90, mul_286, sum_109, add_93, permute_71, x, sub_65, mul_302, mul_308, sum_119, sum_120], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.mul, aten.sum, aten.add]
# Source node to ATen node mapping:
#   add_90 => add_90
#   add_93 => add_93
#   mul_264 => mul_264
#   mul_265 => mul_265
#   mul_267 => mul_267
#   mul_268 => mul_268
#   mul_270 => mul_270
#   mul_286 => mul_286
#   mul_302 => mul_302
#   mul_308 => mul_308
#   permute_65 => permute_65
#   permute_66 => permute_66
#   permute_71 => permute_71
#   sub_57 => sub_57
#   sub_58 => sub_58
#   sub_65 => sub_65
#   sum_101 => sum_101
#   sum_109 => sum_109
#   sum_119 => sum_119
#   sum_120 => sum_120
#   x => permute
# Graph fragment:
#   %mul_268 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0" = PlaceHolder[target=mul_268]
#   %convolution_6 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=convolution_6]
#   %getitem_139 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=getitem_139]
#   %convolution_3 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=convolution_3]
#   %getitem_148 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=getitem_148]
#   %convolution : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=convolution]
#   %getitem_1 : Tensor "f32[4, 16, 16, 1][256, 1, 16, 16]cuda:0" = PlaceHolder[target=getitem_1]
#   %rsqrt : Tensor "f32[4, 16, 16, 1][256, 1, 16, 16]cuda:0" = PlaceHolder[target=rsqrt]
#   %permute_65 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_130, [0, 2, 3, 1]), kwargs = {})
#   %mul_264 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_65, %primals_24), kwargs = {})
#   %mul_265 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_264, 40), kwargs = {})
#   %mul_267 : Tensor "f32[4, 16, 16, 40][10240, 1, 640, 16]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_14, %sum_98), kwargs = {})
#   %sub_57 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_265, %sum_97), kwargs = {})
#   %sub_58 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_57, %mul_267), kwargs = {})
#   %mul_268 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_14, %sub_58), kwargs = {})
#   %permute_66 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_268, [0, 3, 1, 2]), kwargs = {})
#   %mul_270 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_66, %convolution_6), kwargs = {})
#   %sum_101 : Tensor "f32[1, 40, 1, 1][40, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_270, [0, 2, 3], True), kwargs = {})
#   %add_90 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%permute_66, %getitem_139), kwargs = {})
#   %mul_286 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_90, %convolution_3), kwargs = {})
#   %sum_109 : Tensor "f32[1, 40, 1, 1][40, 1, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_286, [0, 2, 3], True), kwargs = {})
#   %add_93 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_90, %getitem_148), kwargs = {})
#   %permute_71 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%add_93, [0, 2, 3, 1]), kwargs = {})
#   %permute : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convolution, [0, 2, 3, 1]), kwargs = {})
#   %sub_65 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%permute, %getitem_1), kwargs = {})
#   %mul_302 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_65, %rsqrt), kwargs = {})
#   %mul_308 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_71, %mul_302), kwargs = {})
#   %sum_119 : Tensor "f32[40][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_308, [0, 1, 2]), kwargs = {})
#   %sum_120 : Tensor "f32[40][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%permute_71, [0, 1, 2]), kwargs = {})
#   return %buf273,%buf300,%buf329,%buf331
triton_red_fused_add_mul_native_layer_norm_backward_permute_sum_51 = async_compile.triton('triton_red_fused_add_mul_native_layer_norm_backward_permute_sum_51', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 512, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*fp32', 'in_ptr7': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'out_ptr2': '*fp32', 'out_ptr3': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]], (11,): [['tt.divisibility', 16]], (12,): [['tt.divisibility', 16]], (13,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_add_mul_native_layer_norm_backward_permute_sum_51', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 8, 'num_store': 4, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 993280, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_add_mul_native_layer_norm_backward_permute_sum_51(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, out_ptr0, out_ptr1, out_ptr2, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 320
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 40)
    x1 = xindex // 40
    _tmp4 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp11 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    _tmp22 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    _tmp25 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 40*r0_2 + 5120*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (x0 + 40*r0_2 + 5120*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp6 = tl.load(in_ptr2 + (x0 + 40*r0_2 + 5120*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp8 = tl.load(in_ptr3 + (x0 + 40*r0_2 + 5120*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp13 = tl.load(in_ptr4 + (x0 + 40*r0_2 + 5120*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp15 = tl.load(in_ptr5 + (x0 + 40*r0_2 + 5120*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp16 = tl.load(in_ptr6 + (16*((r0_2 % 16)) + 256*((r0_2 + 128*x1) // 256) + ((((r0_2 + 128*x1) // 16) % 16))), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp18 = tl.load(in_ptr7 + (16*((r0_2 % 16)) + 256*((r0_2 + 128*x1) // 256) + ((((r0_2 + 128*x1) // 16) % 16))), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp2 = tmp0 * tmp1
        tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
        tmp5 = _tmp4 + tmp3
        _tmp4 = tl.where(r0_mask & xmask, tmp5, _tmp4)
        tmp7 = tmp0 + tmp6
        tmp9 = tmp7 * tmp8
        tmp10 = tl.broadcast_to(tmp9, [XBLOCK, R0_BLOCK])
        tmp12 = _tmp11 + tmp10
        _tmp11 = tl.where(r0_mask & xmask, tmp12, _tmp11)
        tmp14 = tmp7 + tmp13
        tmp17 = tmp15 - tmp16
        tmp19 = tmp17 * tmp18
        tmp20 = tmp14 * tmp19
        tmp21 = tl.broadcast_to(tmp20, [XBLOCK, R0_BLOCK])
        tmp23 = _tmp22 + tmp21
        _tmp22 = tl.where(r0_mask & xmask, tmp23, _tmp22)
        tmp24 = tl.broadcast_to(tmp14, [XBLOCK, R0_BLOCK])
        tmp26 = _tmp25 + tmp24
        _tmp25 = tl.where(r0_mask & xmask, tmp26, _tmp25)
    tmp4 = tl.sum(_tmp4, 1)[:, None]
    tmp11 = tl.sum(_tmp11, 1)[:, None]
    tmp22 = tl.sum(_tmp22, 1)[:, None]
    tmp25 = tl.sum(_tmp25, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp4, xmask)
    tl.store(out_ptr1 + (x3), tmp11, xmask)
    tl.store(out_ptr2 + (x3), tmp22, xmask)
    tl.store(out_ptr3 + (x3), tmp25, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/lt/cltc2oq7o5ic5ubxbtl4p77fyeavinrryoxfkoc7lih5cxkz43rd.py
# Topologically Sorted Source Nodes: [sum_102], Original ATen: [aten.convolution_backward]
# Source node to ATen node mapping:
#   sum_102 => sum_102
# Graph fragment:
#   %mul_271 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0" = PlaceHolder[target=mul_271]
#   %sum_102 : Tensor "f32[40][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_271, [0, 2, 3]), kwargs = {})
#   return %buf275
triton_red_fused_convolution_backward_52 = async_compile.triton('triton_red_fused_convolution_backward_52', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 512, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_convolution_backward_52', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 166400, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_convolution_backward_52(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 320
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 40)
    x1 = xindex // 40
    _tmp2 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 40*((((r0_2 + 128*x1) // 16) % 16)) + 640*((r0_2 % 16)) + 10240*((r0_2 + 128*x1) // 256)), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp3 = _tmp2 + tmp1
        _tmp2 = tl.where(r0_mask & xmask, tmp3, _tmp2)
    tmp2 = tl.sum(_tmp2, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp2, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/pp/cppqxy6pqz3fw3m4u3dua6xint3yoee5ccdua6tjmbzhujzst4dr.py
# Topologically Sorted Source Nodes: [sum_103], Original ATen: [aten.convolution_backward]
# Source node to ATen node mapping:
#   sum_103 => sum_103
# Graph fragment:
#   %mul_278 : Tensor "f32[4, 160, 16, 16][40960, 1, 2560, 160]cuda:0" = PlaceHolder[target=mul_278]
#   %sum_103 : Tensor "f32[160][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_278, [0, 2, 3]), kwargs = {})
#   return %buf281
triton_red_fused_convolution_backward_53 = async_compile.triton('triton_red_fused_convolution_backward_53', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 2048, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_convolution_backward_53', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 665600, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_convolution_backward_53(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 1280
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 160)
    x1 = xindex // 160
    _tmp2 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 160*r0_2 + 20480*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp3 = _tmp2 + tmp1
        _tmp2 = tl.where(r0_mask & xmask, tmp3, _tmp2)
    tmp2 = tl.sum(_tmp2, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp2, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/vr/cvrh2depmrj2bocwekqybywpyphquex546jubjoa2vbxpprlrls7.py
# Topologically Sorted Source Nodes: [sum_103], Original ATen: [aten.convolution_backward]
# Source node to ATen node mapping:
#   sum_103 => sum_103
# Graph fragment:
#   %buf281 : Tensor "f32[160, 8][1, 160]cuda:0" = PlaceHolder[target=buf281]
#   %sum_103 : Tensor "f32[160][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_278, [0, 2, 3]), kwargs = {})
#   return %sum_103
triton_per_fused_convolution_backward_54 = async_compile.triton('triton_per_fused_convolution_backward_54', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 256, 'r0_': 8},
    reduction_hint=ReductionHint.OUTER_TINY,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_convolution_backward_54', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 6400, 'r0_': 0}}
)
@triton.jit
def triton_per_fused_convolution_backward_54(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 160
    r0_numel = 8
    R0_BLOCK: tl.constexpr = 8
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 160*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/4b/c4bdv2o6fclrk6oxeomqxjf2ofnbeehoegcdzqf35p4nluxnr7sk.py
# Topologically Sorted Source Nodes: [permute_67, x_15, x_16, mul_285, sum_106, sum_107], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_285 => mul_285
#   permute_67 => permute_67
#   sum_106 => sum_106
#   sum_107 => sum_107
#   x_15 => permute_4
#   x_16 => mul_8, sub_2
# Graph fragment:
#   %getitem_136 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=getitem_136]
#   %convolution_4 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=convolution_4]
#   %getitem_5 : Tensor "f32[4, 16, 16, 1][256, 1, 16, 16]cuda:0" = PlaceHolder[target=getitem_5]
#   %rsqrt_2 : Tensor "f32[4, 16, 16, 1][256, 1, 16, 16]cuda:0" = PlaceHolder[target=rsqrt_2]
#   %permute_67 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_136, [0, 2, 3, 1]), kwargs = {})
#   %permute_4 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convolution_4, [0, 2, 3, 1]), kwargs = {})
#   %sub_2 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%permute_4, %getitem_5), kwargs = {})
#   %mul_8 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_2, %rsqrt_2), kwargs = {})
#   %mul_285 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_67, %mul_8), kwargs = {})
#   %sum_106 : Tensor "f32[40][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_285, [0, 1, 2]), kwargs = {})
#   %sum_107 : Tensor "f32[40][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%permute_67, [0, 1, 2]), kwargs = {})
#   return %buf288,%buf290
triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_55 = async_compile.triton('triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_55', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.reduction(
    size_hints={'x': 512, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_55', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 4, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 332800, 'r0_': 0}}
)
@triton.jit
def triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_55(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 320
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 40)
    x1 = xindex // 40
    _tmp8 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp11 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 40*r0_2 + 5120*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (x0 + 40*r0_2 + 5120*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp2 = tl.load(in_ptr2 + (16*((r0_2 % 16)) + 256*((r0_2 + 128*x1) // 256) + ((((r0_2 + 128*x1) // 16) % 16))), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp4 = tl.load(in_ptr3 + (16*((r0_2 % 16)) + 256*((r0_2 + 128*x1) // 256) + ((((r0_2 + 128*x1) // 16) % 16))), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp3 = tmp1 - tmp2
        tmp5 = tmp3 * tmp4
        tmp6 = tmp0 * tmp5
        tmp7 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
        tmp9 = _tmp8 + tmp7
        _tmp8 = tl.where(r0_mask & xmask, tmp9, _tmp8)
        tmp10 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp12 = _tmp11 + tmp10
        _tmp11 = tl.where(r0_mask & xmask, tmp12, _tmp11)
    tmp8 = tl.sum(_tmp8, 1)[:, None]
    tmp11 = tl.sum(_tmp11, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp8, xmask)
    tl.store(out_ptr1 + (x3), tmp11, xmask)
''', device_str='cuda')


# kernel path: /tmp/torchinductor_profile_convnext_train/wj/cwjthtn4nbirdzo6ubdp22gmg3dfufvyzycizfw4ope6zpmrwax5.py
# Topologically Sorted Source Nodes: [permute_65, mul_264, mul_265, mul_267, sub_57, sub_58, mul_268, permute_66, add_90, add_93, permute_71, x, sub_65, mul_302, mul_303, mul_304, sum_117, mul_305, sum_118, mul_306, sub_66, sub_67, div_17, mul_307, permute_72], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add]
# Source node to ATen node mapping:
#   add_90 => add_90
#   add_93 => add_93
#   div_17 => div_17
#   mul_264 => mul_264
#   mul_265 => mul_265
#   mul_267 => mul_267
#   mul_268 => mul_268
#   mul_302 => mul_302
#   mul_303 => mul_303
#   mul_304 => mul_304
#   mul_305 => mul_305
#   mul_306 => mul_306
#   mul_307 => mul_307
#   permute_65 => permute_65
#   permute_66 => permute_66
#   permute_71 => permute_71
#   permute_72 => permute_72
#   sub_57 => sub_57
#   sub_58 => sub_58
#   sub_65 => sub_65
#   sub_66 => sub_66
#   sub_67 => sub_67
#   sum_117 => sum_117
#   sum_118 => sum_118
#   x => permute
# Graph fragment:
#   %mul_268 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0" = PlaceHolder[target=mul_268]
#   %getitem_139 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=getitem_139]
#   %getitem_148 : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=getitem_148]
#   %primals_4 : Tensor "f32[40][1]cuda:0" = PlaceHolder[target=primals_4]
#   %convolution : Tensor "f32[4, 40, 16, 16][10240, 1, 640, 40]cuda:0" = PlaceHolder[target=convolution]
#   %getitem_1 : Tensor "f32[4, 16, 16, 1][256, 1, 16, 16]cuda:0" = PlaceHolder[target=getitem_1]
#   %rsqrt : Tensor "f32[4, 16, 16, 1][256, 1, 16, 16]cuda:0" = PlaceHolder[target=rsqrt]
#   %sum_117 : Tensor "f32[4, 16, 16, 1][256, 16, 1, 1024]cuda:0" = PlaceHolder[target=sum_117]
#   %sum_118 : Tensor "f32[4, 16, 16, 1][256, 16, 1, 1024]cuda:0" = PlaceHolder[target=sum_118]
#   %sub_67 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0" = PlaceHolder[target=sub_67]
#   %mul_307 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0" = PlaceHolder[target=mul_307]
#   %permute_65 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_130, [0, 2, 3, 1]), kwargs = {})
#   %mul_264 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_65, %primals_24), kwargs = {})
#   %mul_265 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_264, 40), kwargs = {})
#   %mul_267 : Tensor "f32[4, 16, 16, 40][10240, 1, 640, 16]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_14, %sum_98), kwargs = {})
#   %sub_57 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_265, %sum_97), kwargs = {})
#   %sub_58 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_57, %mul_267), kwargs = {})
#   %mul_268 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_14, %sub_58), kwargs = {})
#   %permute_66 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%mul_268, [0, 3, 1, 2]), kwargs = {})
#   %add_90 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%permute_66, %getitem_139), kwargs = {})
#   %add_93 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_90, %getitem_148), kwargs = {})
#   %permute_71 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.permute.default](args = (%add_93, [0, 2, 3, 1]), kwargs = {})
#   %permute : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%convolution, [0, 2, 3, 1]), kwargs = {})
#   %sub_65 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%permute, %getitem_1), kwargs = {})
#   %mul_302 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub_65, %rsqrt), kwargs = {})
#   %mul_303 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%permute_71, %primals_4), kwargs = {})
#   %mul_304 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_303, 40), kwargs = {})
#   %sum_117 : Tensor "f32[4, 16, 16, 1][256, 16, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_303, [3], True), kwargs = {})
#   %mul_305 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_303, %mul_302), kwargs = {})
#   %sum_118 : Tensor "f32[4, 16, 16, 1][256, 16, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_305, [3], True), kwargs = {})
#   %mul_306 : Tensor "f32[4, 16, 16, 40][10240, 640, 40, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_302, %sum_118), kwargs = {})
#   %sub_66 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_304, %sum_117), kwargs = {})
#   %sub_67 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_66, %mul_306), kwargs = {})
#   %div_17 : Tensor "f32[4, 16, 16, 1][256, 1, 16, 16]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt, 40), kwargs = {})
#   %mul_307 : Tensor "f32[4, 16, 16, 40][10240, 40, 640, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_17, %sub_67), kwargs = {})
#   %permute_72 : Tensor "f32[4, 40, 16, 16][10240, 1, 40, 640]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.permute.default](args = (%mul_307, [0, 3, 1, 2]), kwargs = {})
#   return %sum_117,%sum_118,%sub_67,%mul_307,%permute_72
triton_per_fused_add_native_layer_norm_backward_permute_56 = async_compile.triton('triton_per_fused_add_native_layer_norm_backward_permute_56', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

@triton_heuristics.persistent_reduction(
    size_hints={'x': 1024, 'r0_': 64},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_native_layer_norm_backward_permute_56', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 7, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 1474720}}
)
@triton.jit
def triton_per_fused_add_native_layer_norm_backward_permute_56(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 1024
    r0_numel = 40
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    x2 = (xindex % 16)
    x3 = ((xindex // 16) % 16)
    x4 = xindex // 256
    tmp0 = tl.load(in_out_ptr0 + (r0_1 + 40*x0), r0_mask & xmask, other=0.0)
    tmp1 = tl.load(in_ptr0 + (r0_1 + 40*x0), r0_mask & xmask, other=0.0)
    tmp3 = tl.load(in_ptr1 + (r0_1 + 40*x0), r0_mask & xmask, other=0.0)
    tmp5 = tl.load(in_ptr2 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp11 = tl.load(in_ptr3 + (r0_1 + 40*x0), r0_mask & xmask, other=0.0)
    tmp12 = tl.load(in_ptr4 + (x3 + 16*x2 + 256*x4), xmask, eviction_policy='evict_last')
    tmp14 = tl.load(in_ptr5 + (x3 + 16*x2 + 256*x4), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 + tmp1
    tmp4 = tmp2 + tmp3
    tmp6 = tmp4 * tmp5
    tmp7 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
    tmp9 = tl.where(r0_mask & xmask, tmp7, 0)
    tmp10 = tl.sum(tmp9, 1)[:, None].to(tl.float32)
    tmp13 = tmp11 - tmp12
    tmp15 = tmp13 * tmp14
    tmp16 = tmp6 * tmp15
    tmp17 = tl.broadcast_to(tmp16, [XBLOCK, R0_BLOCK])
    tmp19 = tl.where(r0_mask & xmask, tmp17, 0)
    tmp20 = tl.sum(tmp19, 1)[:, None].to(tl.float32)
    tmp21 = tl.full([1, 1], 40.0, tl.float32)
    tmp22 = tmp6 * tmp21
    tmp23 = tmp22 - tmp10
    tmp24 = tmp15 * tmp20
    tmp25 = tmp23 - tmp24
    tmp26 = tl.full([1, 1], 0.025, tl.float32)
    tmp27 = tmp14 * tmp26
    tmp28 = tmp27 * tmp25
    tl.store(out_ptr2 + (r0_1 + 40*x3 + 640*x2 + 10240*x4), tmp28, r0_mask & xmask)
''', device_str='cuda')


async_compile.wait(globals())
del async_compile

class Runner:
    def __init__(self, partitions):
        self.partitions = partitions

    def recursively_apply_fns(self, fns):
        new_callables = []
        for fn, c in zip(fns, self.partitions):
            new_callables.append(fn(c))
        self.partitions = new_callables

    def call(self, args):
        primals_1, primals_3, primals_4, primals_6, primals_8, primals_10, primals_12, primals_14, primals_15, primals_17, primals_19, primals_21, primals_23, primals_24, primals_26, primals_28, primals_30, primals_32, primals_34, primals_36, primals_37, primals_39, primals_41, primals_43, primals_45, primals_46, primals_48, primals_50, primals_52, primals_54, primals_56, primals_58, primals_59, primals_61, primals_63, primals_65, primals_67, primals_68, primals_70, primals_72, primals_74, primals_76, primals_77, primals_79, primals_81, primals_83, primals_85, primals_86, primals_88, primals_90, primals_92, primals_94, primals_95, primals_97, primals_99, primals_101, primals_103, primals_104, primals_106, primals_108, primals_110, primals_112, primals_114, primals_116, primals_117, primals_119, primals_121, primals_123, primals_125, primals_126, primals_128, convolution, getitem_1, rsqrt, permute_1, convolution_1, getitem_3, rsqrt_1, permute_3, convolution_2, mul_6, convolution_3, add_5, convolution_4, getitem_5, rsqrt_2, permute_5, convolution_5, mul_12, convolution_6, mul_14, permute_7, convolution_7, convolution_8, getitem_9, rsqrt_4, permute_9, convolution_9, mul_20, convolution_10, add_15, convolution_11, getitem_11, rsqrt_5, permute_11, convolution_12, mul_26, convolution_13, mul_28, permute_13, convolution_14, convolution_15, getitem_15, rsqrt_7, permute_15, convolution_16, mul_34, convolution_17, add_25, convolution_18, getitem_17, rsqrt_8, permute_17, convolution_19, mul_40, convolution_20, add_29, convolution_21, getitem_19, rsqrt_9, permute_19, convolution_22, mul_46, convolution_23, add_33, convolution_24, getitem_21, rsqrt_10, permute_21, convolution_25, mul_52, convolution_26, add_37, convolution_27, getitem_23, rsqrt_11, permute_23, convolution_28, mul_58, convolution_29, add_41, convolution_30, getitem_25, rsqrt_12, permute_25, convolution_31, mul_64, convolution_32, mul_66, permute_27, convolution_33, convolution_34, getitem_29, rsqrt_14, permute_29, convolution_35, mul_72, convolution_36, add_51, convolution_37, getitem_31, rsqrt_15, permute_31, convolution_38, mul_78, convolution_39, mul_80, view_12, div, div_4, div_11, div_14, tangents_1 = args
        args.clear()
        assert_size_stride(primals_1, (40, 3, 4, 4), (48, 1, 12, 3))
        assert_size_stride(primals_3, (4, 3, 64, 64), (12288, 1, 192, 3))
        assert_size_stride(primals_4, (40, ), (1, ))
        assert_size_stride(primals_6, (40, 1, 7, 7), (49, 49, 7, 1))
        assert_size_stride(primals_8, (40, ), (1, ))
        assert_size_stride(primals_10, (160, 40, 1, 1), (40, 1, 1, 1))
        assert_size_stride(primals_12, (40, 160, 1, 1), (160, 1, 1, 1))
        assert_size_stride(primals_14, (40, ), (1, ))
        assert_size_stride(primals_15, (40, 1, 7, 7), (49, 49, 7, 1))
        assert_size_stride(primals_17, (40, ), (1, ))
        assert_size_stride(primals_19, (160, 40, 1, 1), (40, 1, 1, 1))
        assert_size_stride(primals_21, (40, 160, 1, 1), (160, 1, 1, 1))
        assert_size_stride(primals_23, (40, ), (1, ))
        assert_size_stride(primals_24, (40, ), (1, ))
        assert_size_stride(primals_26, (80, 40, 2, 2), (160, 1, 80, 40))
        assert_size_stride(primals_28, (80, 1, 7, 7), (49, 49, 7, 1))
        assert_size_stride(primals_30, (80, ), (1, ))
        assert_size_stride(primals_32, (320, 80, 1, 1), (80, 1, 1, 1))
        assert_size_stride(primals_34, (80, 320, 1, 1), (320, 1, 1, 1))
        assert_size_stride(primals_36, (80, ), (1, ))
        assert_size_stride(primals_37, (80, 1, 7, 7), (49, 49, 7, 1))
        assert_size_stride(primals_39, (80, ), (1, ))
        assert_size_stride(primals_41, (320, 80, 1, 1), (80, 1, 1, 1))
        assert_size_stride(primals_43, (80, 320, 1, 1), (320, 1, 1, 1))
        assert_size_stride(primals_45, (80, ), (1, ))
        assert_size_stride(primals_46, (80, ), (1, ))
        assert_size_stride(primals_48, (160, 80, 2, 2), (320, 1, 160, 80))
        assert_size_stride(primals_50, (160, 1, 7, 7), (49, 49, 7, 1))
        assert_size_stride(primals_52, (160, ), (1, ))
        assert_size_stride(primals_54, (640, 160, 1, 1), (160, 1, 1, 1))
        assert_size_stride(primals_56, (160, 640, 1, 1), (640, 1, 1, 1))
        assert_size_stride(primals_58, (160, ), (1, ))
        assert_size_stride(primals_59, (160, 1, 7, 7), (49, 49, 7, 1))
        assert_size_stride(primals_61, (160, ), (1, ))
        assert_size_stride(primals_63, (640, 160, 1, 1), (160, 1, 1, 1))
        assert_size_stride(primals_65, (160, 640, 1, 1), (640, 1, 1, 1))
        assert_size_stride(primals_67, (160, ), (1, ))
        assert_size_stride(primals_68, (160, 1, 7, 7), (49, 49, 7, 1))
        assert_size_stride(primals_70, (160, ), (1, ))
        assert_size_stride(primals_72, (640, 160, 1, 1), (160, 1, 1, 1))
        assert_size_stride(primals_74, (160, 640, 1, 1), (640, 1, 1, 1))
        assert_size_stride(primals_76, (160, ), (1, ))
        assert_size_stride(primals_77, (160, 1, 7, 7), (49, 49, 7, 1))
        assert_size_stride(primals_79, (160, ), (1, ))
        assert_size_stride(primals_81, (640, 160, 1, 1), (160, 1, 1, 1))
        assert_size_stride(primals_83, (160, 640, 1, 1), (640, 1, 1, 1))
        assert_size_stride(primals_85, (160, ), (1, ))
        assert_size_stride(primals_86, (160, 1, 7, 7), (49, 49, 7, 1))
        assert_size_stride(primals_88, (160, ), (1, ))
        assert_size_stride(primals_90, (640, 160, 1, 1), (160, 1, 1, 1))
        assert_size_stride(primals_92, (160, 640, 1, 1), (640, 1, 1, 1))
        assert_size_stride(primals_94, (160, ), (1, ))
        assert_size_stride(primals_95, (160, 1, 7, 7), (49, 49, 7, 1))
        assert_size_stride(primals_97, (160, ), (1, ))
        assert_size_stride(primals_99, (640, 160, 1, 1), (160, 1, 1, 1))
        assert_size_stride(primals_101, (160, 640, 1, 1), (640, 1, 1, 1))
        assert_size_stride(primals_103, (160, ), (1, ))
        assert_size_stride(primals_104, (160, ), (1, ))
        assert_size_stride(primals_106, (320, 160, 2, 2), (640, 1, 320, 160))
        assert_size_stride(primals_108, (320, 1, 7, 7), (49, 49, 7, 1))
        assert_size_stride(primals_110, (320, ), (1, ))
        assert_size_stride(primals_112, (1280, 320, 1, 1), (320, 1, 1, 1))
        assert_size_stride(primals_114, (320, 1280, 1, 1), (1280, 1, 1, 1))
        assert_size_stride(primals_116, (320, ), (1, ))
        assert_size_stride(primals_117, (320, 1, 7, 7), (49, 49, 7, 1))
        assert_size_stride(primals_119, (320, ), (1, ))
        assert_size_stride(primals_121, (1280, 320, 1, 1), (320, 1, 1, 1))
        assert_size_stride(primals_123, (320, 1280, 1, 1), (1280, 1, 1, 1))
        assert_size_stride(primals_125, (320, ), (1, ))
        assert_size_stride(primals_126, (320, ), (1, ))
        assert_size_stride(primals_128, (10, 320), (320, 1))
        assert_size_stride(convolution, (4, 40, 16, 16), (10240, 1, 640, 40))
        assert_size_stride(getitem_1, (4, 16, 16, 1), (256, 1, 16, 16))
        assert_size_stride(rsqrt, (4, 16, 16, 1), (256, 1, 16, 16))
        assert_size_stride(permute_1, (4, 40, 16, 16), (10240, 1, 640, 40))
        assert_size_stride(convolution_1, (4, 40, 16, 16), (10240, 1, 640, 40))
        assert_size_stride(getitem_3, (4, 16, 16, 1), (256, 1, 16, 16))
        assert_size_stride(rsqrt_1, (4, 16, 16, 1), (256, 1, 16, 16))
        assert_size_stride(permute_3, (4, 40, 16, 16), (10240, 1, 640, 40))
        assert_size_stride(convolution_2, (4, 160, 16, 16), (40960, 1, 2560, 160))
        assert_size_stride(mul_6, (4, 160, 16, 16), (40960, 1, 2560, 160))
        assert_size_stride(convolution_3, (4, 40, 16, 16), (10240, 1, 640, 40))
        assert_size_stride(add_5, (4, 40, 16, 16), (10240, 1, 640, 40))
        assert_size_stride(convolution_4, (4, 40, 16, 16), (10240, 1, 640, 40))
        assert_size_stride(getitem_5, (4, 16, 16, 1), (256, 1, 16, 16))
        assert_size_stride(rsqrt_2, (4, 16, 16, 1), (256, 1, 16, 16))
        assert_size_stride(permute_5, (4, 40, 16, 16), (10240, 1, 640, 40))
        assert_size_stride(convolution_5, (4, 160, 16, 16), (40960, 1, 2560, 160))
        assert_size_stride(mul_12, (4, 160, 16, 16), (40960, 1, 2560, 160))
        assert_size_stride(convolution_6, (4, 40, 16, 16), (10240, 1, 640, 40))
        assert_size_stride(mul_14, (4, 16, 16, 40), (10240, 1, 640, 16))
        assert_size_stride(permute_7, (4, 40, 16, 16), (10240, 1, 640, 40))
        assert_size_stride(convolution_7, (4, 80, 8, 8), (5120, 1, 640, 80))
        assert_size_stride(convolution_8, (4, 80, 8, 8), (5120, 1, 640, 80))
        assert_size_stride(getitem_9, (4, 8, 8, 1), (64, 1, 8, 8))
        assert_size_stride(rsqrt_4, (4, 8, 8, 1), (64, 1, 8, 8))
        assert_size_stride(permute_9, (4, 80, 8, 8), (5120, 1, 640, 80))
        assert_size_stride(convolution_9, (4, 320, 8, 8), (20480, 1, 2560, 320))
        assert_size_stride(mul_20, (4, 320, 8, 8), (20480, 1, 2560, 320))
        assert_size_stride(convolution_10, (4, 80, 8, 8), (5120, 1, 640, 80))
        assert_size_stride(add_15, (4, 80, 8, 8), (5120, 1, 640, 80))
        assert_size_stride(convolution_11, (4, 80, 8, 8), (5120, 1, 640, 80))
        assert_size_stride(getitem_11, (4, 8, 8, 1), (64, 1, 8, 8))
        assert_size_stride(rsqrt_5, (4, 8, 8, 1), (64, 1, 8, 8))
        assert_size_stride(permute_11, (4, 80, 8, 8), (5120, 1, 640, 80))
        assert_size_stride(convolution_12, (4, 320, 8, 8), (20480, 1, 2560, 320))
        assert_size_stride(mul_26, (4, 320, 8, 8), (20480, 1, 2560, 320))
        assert_size_stride(convolution_13, (4, 80, 8, 8), (5120, 1, 640, 80))
        assert_size_stride(mul_28, (4, 8, 8, 80), (5120, 1, 640, 8))
        assert_size_stride(permute_13, (4, 80, 8, 8), (5120, 1, 640, 80))
        assert_size_stride(convolution_14, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(convolution_15, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(getitem_15, (4, 4, 4, 1), (16, 1, 4, 4))
        assert_size_stride(rsqrt_7, (4, 4, 4, 1), (16, 1, 4, 4))
        assert_size_stride(permute_15, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(convolution_16, (4, 640, 4, 4), (10240, 1, 2560, 640))
        assert_size_stride(mul_34, (4, 640, 4, 4), (10240, 1, 2560, 640))
        assert_size_stride(convolution_17, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(add_25, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(convolution_18, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(getitem_17, (4, 4, 4, 1), (16, 1, 4, 4))
        assert_size_stride(rsqrt_8, (4, 4, 4, 1), (16, 1, 4, 4))
        assert_size_stride(permute_17, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(convolution_19, (4, 640, 4, 4), (10240, 1, 2560, 640))
        assert_size_stride(mul_40, (4, 640, 4, 4), (10240, 1, 2560, 640))
        assert_size_stride(convolution_20, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(add_29, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(convolution_21, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(getitem_19, (4, 4, 4, 1), (16, 1, 4, 4))
        assert_size_stride(rsqrt_9, (4, 4, 4, 1), (16, 1, 4, 4))
        assert_size_stride(permute_19, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(convolution_22, (4, 640, 4, 4), (10240, 1, 2560, 640))
        assert_size_stride(mul_46, (4, 640, 4, 4), (10240, 1, 2560, 640))
        assert_size_stride(convolution_23, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(add_33, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(convolution_24, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(getitem_21, (4, 4, 4, 1), (16, 1, 4, 4))
        assert_size_stride(rsqrt_10, (4, 4, 4, 1), (16, 1, 4, 4))
        assert_size_stride(permute_21, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(convolution_25, (4, 640, 4, 4), (10240, 1, 2560, 640))
        assert_size_stride(mul_52, (4, 640, 4, 4), (10240, 1, 2560, 640))
        assert_size_stride(convolution_26, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(add_37, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(convolution_27, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(getitem_23, (4, 4, 4, 1), (16, 1, 4, 4))
        assert_size_stride(rsqrt_11, (4, 4, 4, 1), (16, 1, 4, 4))
        assert_size_stride(permute_23, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(convolution_28, (4, 640, 4, 4), (10240, 1, 2560, 640))
        assert_size_stride(mul_58, (4, 640, 4, 4), (10240, 1, 2560, 640))
        assert_size_stride(convolution_29, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(add_41, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(convolution_30, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(getitem_25, (4, 4, 4, 1), (16, 1, 4, 4))
        assert_size_stride(rsqrt_12, (4, 4, 4, 1), (16, 1, 4, 4))
        assert_size_stride(permute_25, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(convolution_31, (4, 640, 4, 4), (10240, 1, 2560, 640))
        assert_size_stride(mul_64, (4, 640, 4, 4), (10240, 1, 2560, 640))
        assert_size_stride(convolution_32, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(mul_66, (4, 4, 4, 160), (2560, 1, 640, 4))
        assert_size_stride(permute_27, (4, 160, 4, 4), (2560, 1, 640, 160))
        assert_size_stride(convolution_33, (4, 320, 2, 2), (1280, 1, 640, 320))
        assert_size_stride(convolution_34, (4, 320, 2, 2), (1280, 1, 640, 320))
        assert_size_stride(getitem_29, (4, 2, 2, 1), (4, 1, 2, 2))
        assert_size_stride(rsqrt_14, (4, 2, 2, 1), (4, 1, 2, 2))
        assert_size_stride(permute_29, (4, 320, 2, 2), (1280, 1, 640, 320))
        assert_size_stride(convolution_35, (4, 1280, 2, 2), (5120, 1, 2560, 1280))
        assert_size_stride(mul_72, (4, 1280, 2, 2), (5120, 1, 2560, 1280))
        assert_size_stride(convolution_36, (4, 320, 2, 2), (1280, 1, 640, 320))
        assert_size_stride(add_51, (4, 320, 2, 2), (1280, 1, 640, 320))
        assert_size_stride(convolution_37, (4, 320, 2, 2), (1280, 1, 640, 320))
        assert_size_stride(getitem_31, (4, 2, 2, 1), (4, 1, 2, 2))
        assert_size_stride(rsqrt_15, (4, 2, 2, 1), (4, 1, 2, 2))
        assert_size_stride(permute_31, (4, 320, 2, 2), (1280, 1, 640, 320))
        assert_size_stride(convolution_38, (4, 1280, 2, 2), (5120, 1, 2560, 1280))
        assert_size_stride(mul_78, (4, 1280, 2, 2), (5120, 1, 2560, 1280))
        assert_size_stride(convolution_39, (4, 320, 2, 2), (1280, 1, 640, 320))
        assert_size_stride(mul_80, (4, 1, 1, 320), (320, 320, 320, 1))
        assert_size_stride(view_12, (4, 320), (320, 1))
        assert_size_stride(div, (4, 1, 1, 1), (1, 1, 1, 1))
        assert_size_stride(div_4, (4, 4, 4, 1), (16, 1, 4, 4))
        assert_size_stride(div_11, (4, 8, 8, 1), (64, 1, 8, 8))
        assert_size_stride(div_14, (4, 16, 16, 1), (256, 1, 16, 16))
        assert_size_stride(tangents_1, (4, 10), (10, 1))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            buf0 = empty_strided_cuda((4, 12), (12, 1), torch.float32)
            buf3 = empty_strided_cuda((12, 4), (1, 12), torch.float32)
            # Topologically Sorted Source Nodes: [, permute_36], Original ATen: [aten.mm, aten.t]
            # [Provenance debug handles] triton_poi_fused_mm_t_0:1
            stream0 = get_raw_stream(0)
            triton_poi_fused_mm_t_0.run(tangents_1, buf0, buf3, 48, stream=stream0)
            buf1 = empty_strided_cuda((12, 320), (320, 1), torch.float32)
            # Topologically Sorted Source Nodes: [x_150, permute_35, ], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] triton_poi_fused_mm_t_1:2
            stream0 = get_raw_stream(0)
            triton_poi_fused_mm_t_1.run(primals_128, buf1, 3840, stream=stream0)
            del primals_128
            buf2 = empty_strided_cuda((4, 320), (320, 1), torch.float32)
            # Topologically Sorted Source Nodes: [, x_150, permute_35], Original ATen: [aten.mm, aten.t]
            # [Provenance debug handles] extern_kernels.mm:3
            extern_kernels.mm(buf0, buf1, out=buf2)
            del buf0
            buf4 = buf1; del buf1  # reuse
            # Topologically Sorted Source Nodes: [permute_36, ], Original ATen: [aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:4
            extern_kernels.mm(buf3, view_12, out=buf4)
            del buf3
            del view_12
            buf5 = empty_strided_cuda((1, 10), (10, 1), torch.float32)
            # Topologically Sorted Source Nodes: [sum_1], Original ATen: [aten.sum]
            # [Provenance debug handles] triton_poi_fused_sum_2:5
            stream0 = get_raw_stream(0)
            triton_poi_fused_sum_2.run(tangents_1, buf5, 10, stream=stream0)
            del tangents_1
            buf10 = empty_strided_cuda((1280, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [_generalized_scatter], Original ATen: [aten.new_zeros]
            # [Provenance debug handles] triton_poi_fused_new_zeros_3:6
            stream0 = get_raw_stream(0)
            triton_poi_fused_new_zeros_3.run(buf10, 1280, stream=stream0)
            # Topologically Sorted Source Nodes: [view_14, permute_39, mul_83, mul_84, sum_2, mul_85, sum_3, mul_86, sub_18, sub_19, mul_87, permute_40, squeeze, copy, ], Original ATen: [aten.view, aten.permute, aten.native_layer_norm_backward, aten.squeeze]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_squeeze_view_4:7
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_squeeze_view_4.run(buf2, primals_126, mul_80, div, buf10, 4, 320, stream=stream0)
            del div
            del primals_126
            buf8 = empty_strided_cuda((320, ), (1, ), torch.float32)
            buf9 = empty_strided_cuda((320, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_14, permute_39, mul_88, sum_4, sum_5], Original ATen: [aten.view, aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_poi_fused_native_layer_norm_backward_permute_view_5:8
            stream0 = get_raw_stream(0)
            triton_poi_fused_native_layer_norm_backward_permute_view_5.run(buf2, mul_80, buf8, buf9, 320, stream=stream0)
            del mul_80
            buf13 = empty_strided_cuda((4, 320, 2, 2), (1280, 4, 2, 1), torch.float32)
            buf15 = empty_strided_cuda((320, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [as_strided_5, expand_1, div_1, reshape_11, mul_90, sum_7], Original ATen: [aten.as_strided, aten.expand, aten.div, aten.view, aten.mul, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_as_strided_convolution_backward_div_expand_mul_view_6:9
            stream0 = get_raw_stream(0)
            triton_per_fused_as_strided_convolution_backward_div_expand_mul_view_6.run(buf10, primals_125, buf13, buf15, 320, 16, stream=stream0)
            del primals_125
            # Topologically Sorted Source Nodes: [convolution_backward], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:10
            buf16 = torch.ops.aten.convolution_backward.default(buf13, mul_78, primals_123, [320], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del mul_78
            del primals_123
            buf17 = buf16[0]
            assert_size_stride(buf17, (4, 1280, 2, 2), (5120, 1, 2560, 1280), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf17, 16, 'torch.ops.aten.convolution_backward.default')
            buf19 = buf17; del buf17  # reuse
            buf20 = reinterpret_tensor(buf2, (1280, ), (1, ), 0); del buf2  # reuse
            # Topologically Sorted Source Nodes: [x_138, mul_92, mul_93, mul_94, exp, mul_95, mul_96, add_59, mul_97, sum_8], Original ATen: [aten.gelu, aten.gelu_backward, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_gelu_gelu_backward_7:11
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_gelu_gelu_backward_7.run(buf19, convolution_38, buf20, 1280, 16, stream=stream0)
            del convolution_38
            # Topologically Sorted Source Nodes: [convolution_backward_1], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:12
            buf21 = torch.ops.aten.convolution_backward.default(buf19, permute_31, primals_121, [1280], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del buf19
            del permute_31
            del primals_121
            buf22 = buf21[0]
            assert_size_stride(buf22, (4, 320, 2, 2), (1280, 1, 640, 320), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf22, 16, 'torch.ops.aten.convolution_backward.default')
            buf29 = reinterpret_tensor(buf13, (4, 320, 2, 2), (1280, 1, 320, 640), 0); del buf13  # reuse
            # Topologically Sorted Source Nodes: [permute_41, mul_99, mul_100, sum_9, x_134, x_135, mul_101, sum_10, mul_102, sub_21, sub_22, div_2, mul_103, permute_42], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_8:13
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_8.run(buf22, primals_119, convolution_37, getitem_31, rsqrt_15, buf29, 16, 320, stream=stream0)
            del primals_119
            # Topologically Sorted Source Nodes: [convolution_backward_2], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:14
            buf31 = torch.ops.aten.convolution_backward.default(buf29, add_51, primals_117, [320], [1, 1], [3, 3], [1, 1], False, [0, 0], 320, [True, True, False])
            del add_51
            del primals_117
            buf32 = buf31[0]
            assert_size_stride(buf32, (4, 320, 2, 2), (1280, 1, 640, 320), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf32, 16, 'torch.ops.aten.convolution_backward.default')
            buf14 = empty_strided_cuda((1, 320, 1, 1), (320, 1, 1, 1), torch.float32)
            buf35 = empty_strided_cuda((1, 320, 1, 1), (320, 1, 1, 1), torch.float32)
            buf34 = empty_strided_cuda((4, 320, 2, 2), (1280, 4, 2, 1), torch.float32)
            buf36 = empty_strided_cuda((320, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [as_strided_5, expand_1, div_1, mul_89, sum_6, add_60, mul_105, reshape_10, mul_106, sum_14, sum_15], Original ATen: [aten.as_strided, aten.expand, aten.div, aten.mul, aten.sum, aten.add, aten.view, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_add_as_strided_convolution_backward_div_expand_mul_sum_view_9:15
            stream0 = get_raw_stream(0)
            triton_per_fused_add_as_strided_convolution_backward_div_expand_mul_sum_view_9.run(buf10, convolution_39, buf32, convolution_36, primals_116, buf14, buf35, buf34, buf36, 320, 16, stream=stream0)
            del convolution_36
            del convolution_39
            del primals_116
            buf18 = buf16[1]
            assert_size_stride(buf18, (320, 1280, 1, 1), (1280, 1, 1280, 1280), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf18, 16, 'torch.ops.aten.convolution_backward.default')
            del buf16
            buf23 = buf21[1]
            assert_size_stride(buf23, (1280, 320, 1, 1), (320, 1, 320, 320), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf23, 16, 'torch.ops.aten.convolution_backward.default')
            del buf21
            buf26 = empty_strided_cuda((320, ), (1, ), torch.float32)
            buf27 = empty_strided_cuda((320, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_41, x_134, x_135, mul_104, sum_11, sum_12], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_10:16
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_10.run(buf22, convolution_37, getitem_31, rsqrt_15, buf26, buf27, 320, 16, stream=stream0)
            del buf22
            del convolution_37
            del getitem_31
            del rsqrt_15
            buf30 = empty_strided_cuda((320, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_13], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_11:17
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_11.run(buf29, buf30, 320, 16, stream=stream0)
            del buf29
            buf33 = buf31[1]
            assert_size_stride(buf33, (320, 1, 7, 7), (49, 1, 7, 1), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf33, 16, 'torch.ops.aten.convolution_backward.default')
            del buf31
            # Topologically Sorted Source Nodes: [convolution_backward_3], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:18
            buf37 = torch.ops.aten.convolution_backward.default(buf34, mul_72, primals_114, [320], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del mul_72
            del primals_114
            buf38 = buf37[0]
            assert_size_stride(buf38, (4, 1280, 2, 2), (5120, 1, 2560, 1280), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf38, 16, 'torch.ops.aten.convolution_backward.default')
            buf39 = buf37[1]
            assert_size_stride(buf39, (320, 1280, 1, 1), (1280, 1, 1280, 1280), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf39, 16, 'torch.ops.aten.convolution_backward.default')
            del buf37
            buf40 = buf38; del buf38  # reuse
            buf41 = empty_strided_cuda((1280, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [x_127, mul_108, mul_109, mul_110, exp_1, mul_111, mul_112, add_62, mul_113, sum_16], Original ATen: [aten.gelu, aten.gelu_backward, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_gelu_gelu_backward_7:19
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_gelu_gelu_backward_7.run(buf40, convolution_35, buf41, 1280, 16, stream=stream0)
            del convolution_35
            # Topologically Sorted Source Nodes: [convolution_backward_4], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:20
            buf42 = torch.ops.aten.convolution_backward.default(buf40, permute_29, primals_112, [1280], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del permute_29
            del primals_112
            buf43 = buf42[0]
            assert_size_stride(buf43, (4, 320, 2, 2), (1280, 1, 640, 320), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf43, 16, 'torch.ops.aten.convolution_backward.default')
            buf44 = buf42[1]
            assert_size_stride(buf44, (1280, 320, 1, 1), (320, 1, 320, 320), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf44, 16, 'torch.ops.aten.convolution_backward.default')
            del buf42
            buf50 = reinterpret_tensor(buf34, (4, 320, 2, 2), (1280, 1, 320, 640), 0); del buf34  # reuse
            # Topologically Sorted Source Nodes: [permute_43, mul_115, mul_116, sum_17, x_123, x_124, mul_117, sum_18, mul_118, sub_24, sub_25, div_3, mul_119, permute_44], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_8:21
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_8.run(buf43, primals_110, convolution_34, getitem_29, rsqrt_14, buf50, 16, 320, stream=stream0)
            del primals_110
            buf47 = empty_strided_cuda((320, ), (1, ), torch.float32)
            buf48 = empty_strided_cuda((320, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_43, x_123, x_124, mul_120, sum_19, sum_20], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_10:22
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_10.run(buf43, convolution_34, getitem_29, rsqrt_14, buf47, buf48, 320, 16, stream=stream0)
            del buf43
            del convolution_34
            del getitem_29
            del rsqrt_14
            buf51 = empty_strided_cuda((320, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_21], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_11:23
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_11.run(buf50, buf51, 320, 16, stream=stream0)
            # Topologically Sorted Source Nodes: [convolution_backward_5], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:24
            buf52 = torch.ops.aten.convolution_backward.default(buf50, convolution_33, primals_108, [320], [1, 1], [3, 3], [1, 1], False, [0, 0], 320, [True, True, False])
            del convolution_33
            del primals_108
            buf53 = buf52[0]
            assert_size_stride(buf53, (4, 320, 2, 2), (1280, 1, 640, 320), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf53, 16, 'torch.ops.aten.convolution_backward.default')
            buf54 = buf52[1]
            assert_size_stride(buf54, (320, 1, 7, 7), (49, 1, 7, 1), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf54, 16, 'torch.ops.aten.convolution_backward.default')
            del buf52
            buf55 = reinterpret_tensor(buf50, (4, 320, 2, 2), (1280, 4, 2, 1), 0); del buf50  # reuse
            buf56 = empty_strided_cuda((320, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [as_strided_5, expand_1, div_1, add_60, add_63, sum_22], Original ATen: [aten.as_strided, aten.expand, aten.div, aten.add, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_add_as_strided_convolution_backward_div_expand_12:25
            stream0 = get_raw_stream(0)
            triton_per_fused_add_as_strided_convolution_backward_div_expand_12.run(buf10, buf32, buf53, buf55, buf56, 320, 16, stream=stream0)
            del buf10
            del buf32
            del buf53
            # Topologically Sorted Source Nodes: [convolution_backward_6], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:26
            buf57 = torch.ops.aten.convolution_backward.default(buf55, permute_27, primals_106, [320], [2, 2], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del buf55
            del permute_27
            del primals_106
            buf58 = buf57[0]
            assert_size_stride(buf58, (4, 160, 4, 4), (2560, 1, 640, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf58, 16, 'torch.ops.aten.convolution_backward.default')
            buf59 = buf57[1]
            assert_size_stride(buf59, (320, 160, 2, 2), (640, 1, 320, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf59, 16, 'torch.ops.aten.convolution_backward.default')
            del buf57
            buf60 = empty_strided_cuda((4, 4, 4, 1), (16, 4, 1, 64), torch.float32)
            # Topologically Sorted Source Nodes: [permute_45, mul_122, sum_23], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_13:27
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_13.run(buf58, primals_104, buf60, 64, 160, stream=stream0)
            buf61 = empty_strided_cuda((4, 4, 4, 1, 2), (32, 8, 2, 128, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_45, mul_122, mul_124, sum_24], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_backward_permute_14:28
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_backward_permute_14.run(buf58, primals_104, mul_66, buf61, 16, 8, 80, stream=stream0)
            buf62 = empty_strided_cuda((4, 4, 4, 1), (16, 4, 1, 64), torch.float32)
            # Topologically Sorted Source Nodes: [permute_45, mul_122, mul_124, sum_24], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_15:29
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_15.run(buf61, buf62, 64, 2, stream=stream0)
            del buf61
            buf63 = empty_strided_cuda((160, ), (1, ), torch.float32)
            buf64 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_45, mul_127, sum_25, sum_26], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_16:30
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_16.run(buf58, mul_66, buf63, buf64, 160, 64, stream=stream0)
            buf65 = reinterpret_tensor(buf58, (4, 4, 4, 160), (2560, 640, 160, 1), 0); del buf58  # reuse
            buf66 = empty_strided_cuda((4, 160, 4, 4), (2560, 1, 160, 640), torch.float32)
            buf68 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_45, mul_122, mul_123, mul_125, sub_27, sub_28, mul_126, permute_46, reshape_9, mul_129, sum_28], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.view, aten.mul, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_mul_native_layer_norm_backward_permute_view_17:31
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_mul_native_layer_norm_backward_permute_view_17.run(buf65, div_4, primals_104, buf60, mul_66, buf62, primals_103, buf66, buf68, 160, 64, stream=stream0)
            del buf60
            del buf62
            del div_4
            del mul_66
            del primals_103
            del primals_104
            # Topologically Sorted Source Nodes: [convolution_backward_7], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:32
            buf69 = torch.ops.aten.convolution_backward.default(buf66, mul_64, primals_101, [160], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del mul_64
            del primals_101
            buf70 = buf69[0]
            assert_size_stride(buf70, (4, 640, 4, 4), (10240, 1, 2560, 640), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf70, 16, 'torch.ops.aten.convolution_backward.default')
            buf72 = buf70; del buf70  # reuse
            buf73 = empty_strided_cuda((640, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [x_113, mul_131, mul_132, mul_133, exp_2, mul_134, mul_135, add_65, mul_136, sum_29], Original ATen: [aten.gelu, aten.gelu_backward, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_gelu_gelu_backward_18:33
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_gelu_gelu_backward_18.run(buf72, convolution_31, buf73, 640, 64, stream=stream0)
            del convolution_31
            # Topologically Sorted Source Nodes: [convolution_backward_8], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:34
            buf74 = torch.ops.aten.convolution_backward.default(buf72, permute_25, primals_99, [640], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del buf72
            del permute_25
            del primals_99
            buf75 = buf74[0]
            assert_size_stride(buf75, (4, 160, 4, 4), (2560, 1, 640, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf75, 16, 'torch.ops.aten.convolution_backward.default')
            buf82 = buf66; del buf66  # reuse
            # Topologically Sorted Source Nodes: [permute_47, mul_138, mul_139, sum_30, x_109, x_110, mul_140, sum_31, mul_141, sub_30, sub_31, div_5, mul_142, permute_48], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19:35
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19.run(buf75, primals_97, convolution_30, getitem_25, rsqrt_12, buf82, 64, 160, stream=stream0)
            del primals_97
            # Topologically Sorted Source Nodes: [convolution_backward_9], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:36
            buf84 = torch.ops.aten.convolution_backward.default(buf82, add_41, primals_95, [160], [1, 1], [3, 3], [1, 1], False, [0, 0], 160, [True, True, False])
            del add_41
            del primals_95
            buf85 = buf84[0]
            assert_size_stride(buf85, (4, 160, 4, 4), (2560, 1, 640, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf85, 16, 'torch.ops.aten.convolution_backward.default')
            buf87 = empty_strided_cuda((4, 160, 4, 4), (2560, 1, 160, 640), torch.float32)
            buf89 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_45, mul_122, mul_123, mul_125, sub_27, sub_28, mul_126, permute_46, add_66, reshape_8, mul_145, sum_36], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.view, aten.mul, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_20:37
            stream0 = get_raw_stream(0)
            triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_20.run(buf65, buf85, primals_94, buf87, buf89, 160, 64, stream=stream0)
            del primals_94
            # Topologically Sorted Source Nodes: [convolution_backward_10], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:38
            buf90 = torch.ops.aten.convolution_backward.default(buf87, mul_58, primals_92, [160], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del mul_58
            del primals_92
            buf91 = buf90[0]
            assert_size_stride(buf91, (4, 640, 4, 4), (10240, 1, 2560, 640), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf91, 16, 'torch.ops.aten.convolution_backward.default')
            buf93 = buf91; del buf91  # reuse
            buf94 = empty_strided_cuda((640, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [x_102, mul_147, mul_148, mul_149, exp_3, mul_150, mul_151, add_68, mul_152, sum_37], Original ATen: [aten.gelu, aten.gelu_backward, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_gelu_gelu_backward_18:39
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_gelu_gelu_backward_18.run(buf93, convolution_28, buf94, 640, 64, stream=stream0)
            del convolution_28
            # Topologically Sorted Source Nodes: [convolution_backward_11], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:40
            buf95 = torch.ops.aten.convolution_backward.default(buf93, permute_23, primals_90, [640], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del buf93
            del permute_23
            del primals_90
            buf96 = buf95[0]
            assert_size_stride(buf96, (4, 160, 4, 4), (2560, 1, 640, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf96, 16, 'torch.ops.aten.convolution_backward.default')
            buf103 = buf87; del buf87  # reuse
            # Topologically Sorted Source Nodes: [permute_49, mul_154, mul_155, sum_38, x_98, x_99, mul_156, sum_39, mul_157, sub_33, sub_34, div_6, mul_158, permute_50], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19:41
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19.run(buf96, primals_88, convolution_27, getitem_23, rsqrt_11, buf103, 64, 160, stream=stream0)
            del primals_88
            # Topologically Sorted Source Nodes: [convolution_backward_12], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:42
            buf105 = torch.ops.aten.convolution_backward.default(buf103, add_37, primals_86, [160], [1, 1], [3, 3], [1, 1], False, [0, 0], 160, [True, True, False])
            del add_37
            del primals_86
            buf106 = buf105[0]
            assert_size_stride(buf106, (4, 160, 4, 4), (2560, 1, 640, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf106, 16, 'torch.ops.aten.convolution_backward.default')
            buf108 = empty_strided_cuda((4, 160, 4, 4), (2560, 1, 160, 640), torch.float32)
            buf110 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_45, mul_122, mul_123, mul_125, sub_27, sub_28, mul_126, permute_46, add_66, add_69, reshape_7, mul_161, sum_44], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.view, aten.mul, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_21:43
            stream0 = get_raw_stream(0)
            triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_21.run(buf65, buf85, buf106, primals_85, buf108, buf110, 160, 64, stream=stream0)
            del primals_85
            # Topologically Sorted Source Nodes: [convolution_backward_13], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:44
            buf111 = torch.ops.aten.convolution_backward.default(buf108, mul_52, primals_83, [160], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del mul_52
            del primals_83
            buf112 = buf111[0]
            assert_size_stride(buf112, (4, 640, 4, 4), (10240, 1, 2560, 640), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf112, 16, 'torch.ops.aten.convolution_backward.default')
            buf114 = buf112; del buf112  # reuse
            buf115 = empty_strided_cuda((640, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [x_91, mul_163, mul_164, mul_165, exp_4, mul_166, mul_167, add_71, mul_168, sum_45], Original ATen: [aten.gelu, aten.gelu_backward, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_gelu_gelu_backward_18:45
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_gelu_gelu_backward_18.run(buf114, convolution_25, buf115, 640, 64, stream=stream0)
            del convolution_25
            # Topologically Sorted Source Nodes: [convolution_backward_14], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:46
            buf116 = torch.ops.aten.convolution_backward.default(buf114, permute_21, primals_81, [640], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del buf114
            del permute_21
            del primals_81
            buf117 = buf116[0]
            assert_size_stride(buf117, (4, 160, 4, 4), (2560, 1, 640, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf117, 16, 'torch.ops.aten.convolution_backward.default')
            buf124 = buf108; del buf108  # reuse
            # Topologically Sorted Source Nodes: [permute_51, mul_170, mul_171, sum_46, x_87, x_88, mul_172, sum_47, mul_173, sub_36, sub_37, div_7, mul_174, permute_52], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19:47
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19.run(buf117, primals_79, convolution_24, getitem_21, rsqrt_10, buf124, 64, 160, stream=stream0)
            del primals_79
            # Topologically Sorted Source Nodes: [convolution_backward_15], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:48
            buf126 = torch.ops.aten.convolution_backward.default(buf124, add_33, primals_77, [160], [1, 1], [3, 3], [1, 1], False, [0, 0], 160, [True, True, False])
            del add_33
            del primals_77
            buf127 = buf126[0]
            assert_size_stride(buf127, (4, 160, 4, 4), (2560, 1, 640, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf127, 16, 'torch.ops.aten.convolution_backward.default')
            buf67 = empty_strided_cuda((1, 160, 1, 1), (160, 1, 1, 1), torch.float32)
            buf88 = empty_strided_cuda((1, 160, 1, 1), (160, 1, 1, 1), torch.float32)
            buf109 = empty_strided_cuda((1, 160, 1, 1), (160, 1, 1, 1), torch.float32)
            buf130 = empty_strided_cuda((1, 160, 1, 1), (160, 1, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_45, mul_122, mul_123, mul_125, sub_27, sub_28, mul_126, permute_46, mul_128, sum_27, add_66, mul_144, sum_35, add_69, mul_160, sum_43, add_72, mul_176, sum_51], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.mul, aten.sum, aten.add]
            # [Provenance debug handles] triton_per_fused_add_mul_native_layer_norm_backward_permute_sum_22:49
            stream0 = get_raw_stream(0)
            triton_per_fused_add_mul_native_layer_norm_backward_permute_sum_22.run(buf65, convolution_32, buf85, convolution_29, buf106, convolution_26, buf127, convolution_23, buf67, buf88, buf109, buf130, 160, 64, stream=stream0)
            del convolution_23
            del convolution_26
            del convolution_29
            del convolution_32
            buf71 = buf69[1]
            assert_size_stride(buf71, (160, 640, 1, 1), (640, 1, 640, 640), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf71, 16, 'torch.ops.aten.convolution_backward.default')
            del buf69
            buf76 = buf74[1]
            assert_size_stride(buf76, (640, 160, 1, 1), (160, 1, 160, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf76, 16, 'torch.ops.aten.convolution_backward.default')
            del buf74
            buf79 = empty_strided_cuda((160, ), (1, ), torch.float32)
            buf80 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_47, x_109, x_110, mul_143, sum_32, sum_33], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23:50
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23.run(buf75, convolution_30, getitem_25, rsqrt_12, buf79, buf80, 160, 64, stream=stream0)
            del buf75
            del convolution_30
            del getitem_25
            del rsqrt_12
            buf83 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_34], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_24:51
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_24.run(buf82, buf83, 160, 64, stream=stream0)
            del buf82
            buf86 = buf84[1]
            assert_size_stride(buf86, (160, 1, 7, 7), (49, 1, 7, 1), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf86, 16, 'torch.ops.aten.convolution_backward.default')
            del buf84
            buf92 = buf90[1]
            assert_size_stride(buf92, (160, 640, 1, 1), (640, 1, 640, 640), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf92, 16, 'torch.ops.aten.convolution_backward.default')
            del buf90
            buf97 = buf95[1]
            assert_size_stride(buf97, (640, 160, 1, 1), (160, 1, 160, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf97, 16, 'torch.ops.aten.convolution_backward.default')
            del buf95
            buf100 = empty_strided_cuda((160, ), (1, ), torch.float32)
            buf101 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_49, x_98, x_99, mul_159, sum_40, sum_41], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23:52
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23.run(buf96, convolution_27, getitem_23, rsqrt_11, buf100, buf101, 160, 64, stream=stream0)
            del buf96
            del convolution_27
            del getitem_23
            del rsqrt_11
            buf104 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_42], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_24:53
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_24.run(buf103, buf104, 160, 64, stream=stream0)
            del buf103
            buf107 = buf105[1]
            assert_size_stride(buf107, (160, 1, 7, 7), (49, 1, 7, 1), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf107, 16, 'torch.ops.aten.convolution_backward.default')
            del buf105
            buf113 = buf111[1]
            assert_size_stride(buf113, (160, 640, 1, 1), (640, 1, 640, 640), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf113, 16, 'torch.ops.aten.convolution_backward.default')
            del buf111
            buf118 = buf116[1]
            assert_size_stride(buf118, (640, 160, 1, 1), (160, 1, 160, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf118, 16, 'torch.ops.aten.convolution_backward.default')
            del buf116
            buf121 = empty_strided_cuda((160, ), (1, ), torch.float32)
            buf122 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_51, x_87, x_88, mul_175, sum_48, sum_49], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23:54
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23.run(buf117, convolution_24, getitem_21, rsqrt_10, buf121, buf122, 160, 64, stream=stream0)
            del buf117
            del convolution_24
            del getitem_21
            del rsqrt_10
            buf125 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_50], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_24:55
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_24.run(buf124, buf125, 160, 64, stream=stream0)
            buf128 = buf126[1]
            assert_size_stride(buf128, (160, 1, 7, 7), (49, 1, 7, 1), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf128, 16, 'torch.ops.aten.convolution_backward.default')
            del buf126
            buf129 = buf124; del buf124  # reuse
            buf131 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_45, mul_122, mul_123, mul_125, sub_27, sub_28, mul_126, permute_46, add_66, add_69, add_72, reshape_6, mul_177, sum_52], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.view, aten.mul, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_25:56
            stream0 = get_raw_stream(0)
            triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_25.run(buf65, buf85, buf106, buf127, primals_76, buf129, buf131, 160, 64, stream=stream0)
            del primals_76
            # Topologically Sorted Source Nodes: [convolution_backward_16], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:57
            buf132 = torch.ops.aten.convolution_backward.default(buf129, mul_46, primals_74, [160], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del mul_46
            del primals_74
            buf133 = buf132[0]
            assert_size_stride(buf133, (4, 640, 4, 4), (10240, 1, 2560, 640), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf133, 16, 'torch.ops.aten.convolution_backward.default')
            buf134 = buf132[1]
            assert_size_stride(buf134, (160, 640, 1, 1), (640, 1, 640, 640), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf134, 16, 'torch.ops.aten.convolution_backward.default')
            del buf132
            buf135 = buf133; del buf133  # reuse
            buf136 = empty_strided_cuda((640, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [x_80, mul_179, mul_180, mul_181, exp_5, mul_182, mul_183, add_74, mul_184, sum_53], Original ATen: [aten.gelu, aten.gelu_backward, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_gelu_gelu_backward_18:58
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_gelu_gelu_backward_18.run(buf135, convolution_22, buf136, 640, 64, stream=stream0)
            del convolution_22
            # Topologically Sorted Source Nodes: [convolution_backward_17], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:59
            buf137 = torch.ops.aten.convolution_backward.default(buf135, permute_19, primals_72, [640], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del buf135
            del permute_19
            del primals_72
            buf138 = buf137[0]
            assert_size_stride(buf138, (4, 160, 4, 4), (2560, 1, 640, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf138, 16, 'torch.ops.aten.convolution_backward.default')
            buf139 = buf137[1]
            assert_size_stride(buf139, (640, 160, 1, 1), (160, 1, 160, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf139, 16, 'torch.ops.aten.convolution_backward.default')
            del buf137
            buf145 = buf129; del buf129  # reuse
            # Topologically Sorted Source Nodes: [permute_53, mul_186, mul_187, sum_54, x_76, x_77, mul_188, sum_55, mul_189, sub_39, sub_40, div_8, mul_190, permute_54], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19:60
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19.run(buf138, primals_70, convolution_21, getitem_19, rsqrt_9, buf145, 64, 160, stream=stream0)
            del primals_70
            buf142 = empty_strided_cuda((160, ), (1, ), torch.float32)
            buf143 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_53, x_76, x_77, mul_191, sum_56, sum_57], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23:61
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23.run(buf138, convolution_21, getitem_19, rsqrt_9, buf142, buf143, 160, 64, stream=stream0)
            del buf138
            del convolution_21
            del getitem_19
            del rsqrt_9
            buf146 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_58], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_24:62
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_24.run(buf145, buf146, 160, 64, stream=stream0)
            # Topologically Sorted Source Nodes: [convolution_backward_18], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:63
            buf147 = torch.ops.aten.convolution_backward.default(buf145, add_29, primals_68, [160], [1, 1], [3, 3], [1, 1], False, [0, 0], 160, [True, True, False])
            del add_29
            del primals_68
            buf148 = buf147[0]
            assert_size_stride(buf148, (4, 160, 4, 4), (2560, 1, 640, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf148, 16, 'torch.ops.aten.convolution_backward.default')
            buf149 = buf147[1]
            assert_size_stride(buf149, (160, 1, 7, 7), (49, 1, 7, 1), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf149, 16, 'torch.ops.aten.convolution_backward.default')
            del buf147
            buf150 = reinterpret_tensor(buf65, (4, 160, 4, 4), (2560, 1, 640, 160), 0); del buf65  # reuse
            buf151 = buf145; del buf145  # reuse
            buf153 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_45, mul_122, mul_123, mul_125, sub_27, sub_28, mul_126, permute_46, add_66, add_69, add_72, add_75, reshape_5, mul_193, sum_60], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.view, aten.mul, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_26:64
            stream0 = get_raw_stream(0)
            triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_26.run(buf150, buf85, buf106, buf127, buf148, primals_67, buf151, buf153, 160, 64, stream=stream0)
            del buf106
            del buf127
            del buf148
            del buf85
            del primals_67
            # Topologically Sorted Source Nodes: [convolution_backward_19], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:65
            buf154 = torch.ops.aten.convolution_backward.default(buf151, mul_40, primals_65, [160], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del mul_40
            del primals_65
            buf155 = buf154[0]
            assert_size_stride(buf155, (4, 640, 4, 4), (10240, 1, 2560, 640), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf155, 16, 'torch.ops.aten.convolution_backward.default')
            buf157 = buf155; del buf155  # reuse
            buf158 = empty_strided_cuda((640, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [x_69, mul_195, mul_196, mul_197, exp_6, mul_198, mul_199, add_77, mul_200, sum_61], Original ATen: [aten.gelu, aten.gelu_backward, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_gelu_gelu_backward_18:66
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_gelu_gelu_backward_18.run(buf157, convolution_19, buf158, 640, 64, stream=stream0)
            del convolution_19
            # Topologically Sorted Source Nodes: [convolution_backward_20], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:67
            buf159 = torch.ops.aten.convolution_backward.default(buf157, permute_17, primals_63, [640], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del buf157
            del permute_17
            del primals_63
            buf160 = buf159[0]
            assert_size_stride(buf160, (4, 160, 4, 4), (2560, 1, 640, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf160, 16, 'torch.ops.aten.convolution_backward.default')
            buf167 = buf151; del buf151  # reuse
            # Topologically Sorted Source Nodes: [permute_55, mul_202, mul_203, sum_62, x_65, x_66, mul_204, sum_63, mul_205, sub_42, sub_43, div_9, mul_206, permute_56], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19:68
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19.run(buf160, primals_61, convolution_18, getitem_17, rsqrt_8, buf167, 64, 160, stream=stream0)
            del primals_61
            # Topologically Sorted Source Nodes: [convolution_backward_21], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:69
            buf169 = torch.ops.aten.convolution_backward.default(buf167, add_25, primals_59, [160], [1, 1], [3, 3], [1, 1], False, [0, 0], 160, [True, True, False])
            del add_25
            del primals_59
            buf170 = buf169[0]
            assert_size_stride(buf170, (4, 160, 4, 4), (2560, 1, 640, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf170, 16, 'torch.ops.aten.convolution_backward.default')
            buf152 = empty_strided_cuda((1, 160, 1, 1), (160, 1, 1, 1), torch.float32)
            buf173 = empty_strided_cuda((1, 160, 1, 1), (160, 1, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [mul_192, sum_59, add_78, mul_208, sum_67], Original ATen: [aten.mul, aten.sum, aten.add]
            # [Provenance debug handles] triton_per_fused_add_mul_sum_27:70
            stream0 = get_raw_stream(0)
            triton_per_fused_add_mul_sum_27.run(buf150, convolution_20, buf170, convolution_17, buf152, buf173, 160, 64, stream=stream0)
            del convolution_17
            del convolution_20
            buf156 = buf154[1]
            assert_size_stride(buf156, (160, 640, 1, 1), (640, 1, 640, 640), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf156, 16, 'torch.ops.aten.convolution_backward.default')
            del buf154
            buf161 = buf159[1]
            assert_size_stride(buf161, (640, 160, 1, 1), (160, 1, 160, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf161, 16, 'torch.ops.aten.convolution_backward.default')
            del buf159
            buf164 = empty_strided_cuda((160, ), (1, ), torch.float32)
            buf165 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_55, x_65, x_66, mul_207, sum_64, sum_65], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23:71
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23.run(buf160, convolution_18, getitem_17, rsqrt_8, buf164, buf165, 160, 64, stream=stream0)
            del buf160
            del convolution_18
            del getitem_17
            del rsqrt_8
            buf168 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_66], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_24:72
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_24.run(buf167, buf168, 160, 64, stream=stream0)
            buf171 = buf169[1]
            assert_size_stride(buf171, (160, 1, 7, 7), (49, 1, 7, 1), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf171, 16, 'torch.ops.aten.convolution_backward.default')
            del buf169
            buf172 = buf167; del buf167  # reuse
            buf174 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [add_78, reshape_4, mul_209, sum_68], Original ATen: [aten.add, aten.view, aten.mul, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_20:73
            stream0 = get_raw_stream(0)
            triton_per_fused_add_convolution_backward_mul_native_layer_norm_backward_permute_view_20.run(buf150, buf170, primals_58, buf172, buf174, 160, 64, stream=stream0)
            del primals_58
            # Topologically Sorted Source Nodes: [convolution_backward_22], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:74
            buf175 = torch.ops.aten.convolution_backward.default(buf172, mul_34, primals_56, [160], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del mul_34
            del primals_56
            buf176 = buf175[0]
            assert_size_stride(buf176, (4, 640, 4, 4), (10240, 1, 2560, 640), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf176, 16, 'torch.ops.aten.convolution_backward.default')
            buf177 = buf175[1]
            assert_size_stride(buf177, (160, 640, 1, 1), (640, 1, 640, 640), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf177, 16, 'torch.ops.aten.convolution_backward.default')
            del buf175
            buf178 = buf176; del buf176  # reuse
            buf179 = empty_strided_cuda((640, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [x_58, mul_211, mul_212, mul_213, exp_7, mul_214, mul_215, add_80, mul_216, sum_69], Original ATen: [aten.gelu, aten.gelu_backward, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_gelu_gelu_backward_18:75
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_gelu_gelu_backward_18.run(buf178, convolution_16, buf179, 640, 64, stream=stream0)
            del convolution_16
            # Topologically Sorted Source Nodes: [convolution_backward_23], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:76
            buf180 = torch.ops.aten.convolution_backward.default(buf178, permute_15, primals_54, [640], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del buf178
            del permute_15
            del primals_54
            buf181 = buf180[0]
            assert_size_stride(buf181, (4, 160, 4, 4), (2560, 1, 640, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf181, 16, 'torch.ops.aten.convolution_backward.default')
            buf182 = buf180[1]
            assert_size_stride(buf182, (640, 160, 1, 1), (160, 1, 160, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf182, 16, 'torch.ops.aten.convolution_backward.default')
            del buf180
            buf188 = buf172; del buf172  # reuse
            # Topologically Sorted Source Nodes: [permute_57, mul_218, mul_219, sum_70, x_54, x_55, mul_220, sum_71, mul_221, sub_45, sub_46, div_10, mul_222, permute_58], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19:77
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_19.run(buf181, primals_52, convolution_15, getitem_15, rsqrt_7, buf188, 64, 160, stream=stream0)
            del primals_52
            buf185 = empty_strided_cuda((160, ), (1, ), torch.float32)
            buf186 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_57, x_54, x_55, mul_223, sum_72, sum_73], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23:78
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_23.run(buf181, convolution_15, getitem_15, rsqrt_7, buf185, buf186, 160, 64, stream=stream0)
            del buf181
            del convolution_15
            del getitem_15
            del rsqrt_7
            buf189 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_74], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_24:79
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_24.run(buf188, buf189, 160, 64, stream=stream0)
            # Topologically Sorted Source Nodes: [convolution_backward_24], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:80
            buf190 = torch.ops.aten.convolution_backward.default(buf188, convolution_14, primals_50, [160], [1, 1], [3, 3], [1, 1], False, [0, 0], 160, [True, True, False])
            del convolution_14
            del primals_50
            buf191 = buf190[0]
            assert_size_stride(buf191, (4, 160, 4, 4), (2560, 1, 640, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf191, 16, 'torch.ops.aten.convolution_backward.default')
            buf192 = buf190[1]
            assert_size_stride(buf192, (160, 1, 7, 7), (49, 1, 7, 1), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf192, 16, 'torch.ops.aten.convolution_backward.default')
            del buf190
            buf193 = buf188; del buf188  # reuse
            buf194 = empty_strided_cuda((160, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [add_78, add_81, sum_75], Original ATen: [aten.add, aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_add_convolution_backward_28:81
            stream0 = get_raw_stream(0)
            triton_per_fused_add_convolution_backward_28.run(buf150, buf170, buf191, buf193, buf194, 160, 64, stream=stream0)
            del buf150
            del buf170
            del buf191
            # Topologically Sorted Source Nodes: [convolution_backward_25], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:82
            buf195 = torch.ops.aten.convolution_backward.default(buf193, permute_13, primals_48, [160], [2, 2], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del buf193
            del permute_13
            del primals_48
            buf196 = buf195[0]
            assert_size_stride(buf196, (4, 80, 8, 8), (5120, 1, 640, 80), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf196, 16, 'torch.ops.aten.convolution_backward.default')
            buf197 = buf195[1]
            assert_size_stride(buf197, (160, 80, 2, 2), (320, 1, 160, 80), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf197, 16, 'torch.ops.aten.convolution_backward.default')
            del buf195
            buf198 = empty_strided_cuda((4, 8, 8, 1), (64, 8, 1, 256), torch.float32)
            buf199 = empty_strided_cuda((4, 8, 8, 1), (64, 8, 1, 256), torch.float32)
            # Topologically Sorted Source Nodes: [permute_59, mul_225, sum_76, mul_227, sum_77], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_backward_permute_29:83
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_backward_permute_29.run(buf196, primals_46, mul_28, buf198, buf199, 256, 80, stream=stream0)
            buf200 = empty_strided_cuda((80, 2), (1, 80), torch.float32)
            buf202 = empty_strided_cuda((80, 2), (1, 80), torch.float32)
            # Topologically Sorted Source Nodes: [permute_59, mul_230, sum_78, sum_79], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_backward_permute_30:84
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_backward_permute_30.run(buf196, mul_28, buf200, buf202, 160, 128, stream=stream0)
            buf201 = empty_strided_cuda((80, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_59, mul_230, sum_78], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_31:85
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_31.run(buf200, buf201, 80, 2, stream=stream0)
            del buf200
            buf203 = empty_strided_cuda((80, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_59, sum_79], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_31:86
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_31.run(buf202, buf203, 80, 2, stream=stream0)
            del buf202
            buf204 = reinterpret_tensor(buf196, (4, 8, 8, 80), (5120, 640, 80, 1), 0); del buf196  # reuse
            buf205 = reinterpret_tensor(buf40, (4, 80, 8, 8), (5120, 1, 80, 640), 0); del buf40  # reuse
            # Topologically Sorted Source Nodes: [permute_59, mul_225, mul_226, mul_228, sub_48, sub_49, mul_229, permute_60, reshape_3, mul_232], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.view, aten.mul]
            # [Provenance debug handles] triton_poi_fused_mul_native_layer_norm_backward_permute_view_32:87
            stream0 = get_raw_stream(0)
            triton_poi_fused_mul_native_layer_norm_backward_permute_view_32.run(buf204, div_11, primals_46, buf198, mul_28, buf199, primals_45, buf205, 32, 640, stream=stream0)
            del buf198
            del buf199
            del div_11
            del mul_28
            del primals_45
            del primals_46
            # Topologically Sorted Source Nodes: [convolution_backward_26], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:88
            buf210 = torch.ops.aten.convolution_backward.default(buf205, mul_26, primals_43, [80], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del mul_26
            del primals_43
            buf211 = buf210[0]
            assert_size_stride(buf211, (4, 320, 8, 8), (20480, 1, 2560, 320), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf211, 16, 'torch.ops.aten.convolution_backward.default')
            buf213 = buf211; del buf211  # reuse
            # Topologically Sorted Source Nodes: [x_44, mul_234, mul_235, mul_236, exp_8, mul_237, mul_238, add_83, mul_239], Original ATen: [aten.gelu, aten.gelu_backward]
            # [Provenance debug handles] triton_poi_fused_gelu_gelu_backward_33:89
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_33.run(buf213, convolution_12, 81920, stream=stream0)
            del convolution_12
            # Topologically Sorted Source Nodes: [convolution_backward_27], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:90
            buf216 = torch.ops.aten.convolution_backward.default(buf213, permute_11, primals_41, [320], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del permute_11
            del primals_41
            buf217 = buf216[0]
            assert_size_stride(buf217, (4, 80, 8, 8), (5120, 1, 640, 80), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf217, 16, 'torch.ops.aten.convolution_backward.default')
            buf226 = empty_strided_cuda((4, 80, 8, 8), (5120, 1, 80, 640), torch.float32)
            # Topologically Sorted Source Nodes: [permute_61, mul_241, mul_242, sum_83, x_40, x_41, mul_243, sum_84, mul_244, sub_51, sub_52, div_12, mul_245, permute_62], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_34:91
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_34.run(buf217, primals_39, convolution_11, getitem_11, rsqrt_5, buf226, 256, 80, stream=stream0)
            del primals_39
            # Topologically Sorted Source Nodes: [convolution_backward_28], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:92
            buf229 = torch.ops.aten.convolution_backward.default(buf226, add_15, primals_37, [80], [1, 1], [3, 3], [1, 1], False, [0, 0], 80, [True, True, False])
            del add_15
            del primals_37
            buf230 = buf229[0]
            assert_size_stride(buf230, (4, 80, 8, 8), (5120, 1, 640, 80), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf230, 16, 'torch.ops.aten.convolution_backward.default')
            buf206 = empty_strided_cuda((1, 80, 1, 1, 2), (160, 1, 160, 160, 80), torch.float32)
            buf233 = empty_strided_cuda((1, 80, 1, 1, 2), (160, 1, 160, 160, 80), torch.float32)
            # Topologically Sorted Source Nodes: [permute_59, mul_225, mul_226, mul_228, sub_48, sub_49, mul_229, permute_60, mul_231, sum_80, add_84, mul_247, sum_88], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.mul, aten.sum, aten.add]
            # [Provenance debug handles] triton_red_fused_add_mul_native_layer_norm_backward_permute_sum_35:93
            stream0 = get_raw_stream(0)
            triton_red_fused_add_mul_native_layer_norm_backward_permute_sum_35.run(buf204, convolution_13, buf230, convolution_10, buf206, buf233, 160, 128, stream=stream0)
            del convolution_10
            del convolution_13
            buf207 = empty_strided_cuda((1, 80, 1, 1), (80, 1, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_59, mul_225, mul_226, mul_228, sub_48, sub_49, mul_229, permute_60, mul_231, sum_80], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_31:94
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_31.run(buf206, buf207, 80, 2, stream=stream0)
            buf208 = reinterpret_tensor(buf206, (80, 2), (1, 80), 0); del buf206  # reuse
            # Topologically Sorted Source Nodes: [sum_81], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_36:95
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_36.run(buf205, buf208, 160, 128, stream=stream0)
            del buf205
            buf209 = empty_strided_cuda((80, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_81], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_31:96
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_31.run(buf208, buf209, 80, 2, stream=stream0)
            buf212 = buf210[1]
            assert_size_stride(buf212, (80, 320, 1, 1), (320, 1, 320, 320), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf212, 16, 'torch.ops.aten.convolution_backward.default')
            del buf210
            buf214 = empty_strided_cuda((320, 2), (1, 320), torch.float32)
            # Topologically Sorted Source Nodes: [sum_82], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_37:97
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_37.run(buf213, buf214, 640, 128, stream=stream0)
            del buf213
            buf215 = empty_strided_cuda((320, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_82], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_38:98
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_38.run(buf214, buf215, 320, 2, stream=stream0)
            buf218 = buf216[1]
            assert_size_stride(buf218, (320, 80, 1, 1), (80, 1, 80, 80), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf218, 16, 'torch.ops.aten.convolution_backward.default')
            del buf216
            buf221 = buf208; del buf208  # reuse
            buf223 = empty_strided_cuda((80, 2), (1, 80), torch.float32)
            # Topologically Sorted Source Nodes: [permute_61, x_40, x_41, mul_246, sum_85, sum_86], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_39:99
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_39.run(buf217, convolution_11, getitem_11, rsqrt_5, buf221, buf223, 160, 128, stream=stream0)
            del buf217
            del convolution_11
            del getitem_11
            del rsqrt_5
            buf222 = empty_strided_cuda((80, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_61, x_40, x_41, mul_246, sum_85], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_31:100
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_31.run(buf221, buf222, 80, 2, stream=stream0)
            del buf221
            buf224 = empty_strided_cuda((80, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_61, sum_86], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_31:101
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_31.run(buf223, buf224, 80, 2, stream=stream0)
            buf227 = buf223; del buf223  # reuse
            # Topologically Sorted Source Nodes: [sum_87], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_36:102
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_36.run(buf226, buf227, 160, 128, stream=stream0)
            buf228 = empty_strided_cuda((80, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_87], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_31:103
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_31.run(buf227, buf228, 80, 2, stream=stream0)
            buf231 = buf229[1]
            assert_size_stride(buf231, (80, 1, 7, 7), (49, 1, 7, 1), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf231, 16, 'torch.ops.aten.convolution_backward.default')
            del buf229
            buf232 = buf226; del buf226  # reuse
            # Topologically Sorted Source Nodes: [permute_59, mul_225, mul_226, mul_228, sub_48, sub_49, mul_229, permute_60, add_84, reshape_2, mul_248], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.view, aten.mul]
            # [Provenance debug handles] triton_poi_fused_add_mul_native_layer_norm_backward_permute_view_40:104
            stream0 = get_raw_stream(0)
            triton_poi_fused_add_mul_native_layer_norm_backward_permute_view_40.run(buf204, buf230, primals_36, buf232, 20480, stream=stream0)
            del primals_36
            buf234 = empty_strided_cuda((1, 80, 1, 1), (80, 1, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_59, mul_225, mul_226, mul_228, sub_48, sub_49, mul_229, permute_60, add_84, mul_247, sum_88], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_31:105
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_31.run(buf233, buf234, 80, 2, stream=stream0)
            buf235 = reinterpret_tensor(buf233, (80, 2), (1, 80), 0); del buf233  # reuse
            # Topologically Sorted Source Nodes: [sum_89], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_36:106
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_36.run(buf232, buf235, 160, 128, stream=stream0)
            buf236 = empty_strided_cuda((80, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_89], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_31:107
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_31.run(buf235, buf236, 80, 2, stream=stream0)
            # Topologically Sorted Source Nodes: [convolution_backward_29], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:108
            buf237 = torch.ops.aten.convolution_backward.default(buf232, mul_20, primals_34, [80], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del mul_20
            del primals_34
            buf238 = buf237[0]
            assert_size_stride(buf238, (4, 320, 8, 8), (20480, 1, 2560, 320), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf238, 16, 'torch.ops.aten.convolution_backward.default')
            buf239 = buf237[1]
            assert_size_stride(buf239, (80, 320, 1, 1), (320, 1, 320, 320), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf239, 16, 'torch.ops.aten.convolution_backward.default')
            del buf237
            buf240 = buf238; del buf238  # reuse
            # Topologically Sorted Source Nodes: [x_33, mul_250, mul_251, mul_252, exp_9, mul_253, mul_254, add_86, mul_255], Original ATen: [aten.gelu, aten.gelu_backward]
            # [Provenance debug handles] triton_poi_fused_gelu_gelu_backward_33:109
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_33.run(buf240, convolution_9, 81920, stream=stream0)
            del convolution_9
            buf241 = buf214; del buf214  # reuse
            # Topologically Sorted Source Nodes: [sum_90], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_37:110
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_37.run(buf240, buf241, 640, 128, stream=stream0)
            buf242 = empty_strided_cuda((320, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_90], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_38:111
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_38.run(buf241, buf242, 320, 2, stream=stream0)
            del buf241
            # Topologically Sorted Source Nodes: [convolution_backward_30], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:112
            buf243 = torch.ops.aten.convolution_backward.default(buf240, permute_9, primals_32, [320], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del buf240
            del permute_9
            del primals_32
            buf244 = buf243[0]
            assert_size_stride(buf244, (4, 80, 8, 8), (5120, 1, 640, 80), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf244, 16, 'torch.ops.aten.convolution_backward.default')
            buf245 = buf243[1]
            assert_size_stride(buf245, (320, 80, 1, 1), (80, 1, 80, 80), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf245, 16, 'torch.ops.aten.convolution_backward.default')
            del buf243
            buf253 = buf232; del buf232  # reuse
            # Topologically Sorted Source Nodes: [permute_63, mul_257, mul_258, sum_91, x_29, x_30, mul_259, sum_92, mul_260, sub_54, sub_55, div_13, mul_261, permute_64], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_34:113
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_34.run(buf244, primals_30, convolution_8, getitem_9, rsqrt_4, buf253, 256, 80, stream=stream0)
            del primals_30
            buf248 = buf235; del buf235  # reuse
            buf250 = buf227; del buf227  # reuse
            # Topologically Sorted Source Nodes: [permute_63, x_29, x_30, mul_262, sum_93, sum_94], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_39:114
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_39.run(buf244, convolution_8, getitem_9, rsqrt_4, buf248, buf250, 160, 128, stream=stream0)
            del buf244
            del convolution_8
            del getitem_9
            del rsqrt_4
            buf249 = empty_strided_cuda((80, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_63, x_29, x_30, mul_262, sum_93], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_31:115
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_31.run(buf248, buf249, 80, 2, stream=stream0)
            buf251 = empty_strided_cuda((80, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_63, sum_94], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_31:116
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_31.run(buf250, buf251, 80, 2, stream=stream0)
            buf254 = buf250; del buf250  # reuse
            # Topologically Sorted Source Nodes: [sum_95], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_36:117
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_36.run(buf253, buf254, 160, 128, stream=stream0)
            buf255 = empty_strided_cuda((80, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_95], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_31:118
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_31.run(buf254, buf255, 80, 2, stream=stream0)
            # Topologically Sorted Source Nodes: [convolution_backward_31], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:119
            buf256 = torch.ops.aten.convolution_backward.default(buf253, convolution_7, primals_28, [80], [1, 1], [3, 3], [1, 1], False, [0, 0], 80, [True, True, False])
            del convolution_7
            del primals_28
            buf257 = buf256[0]
            assert_size_stride(buf257, (4, 80, 8, 8), (5120, 1, 640, 80), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf257, 16, 'torch.ops.aten.convolution_backward.default')
            buf258 = buf256[1]
            assert_size_stride(buf258, (80, 1, 7, 7), (49, 1, 7, 1), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf258, 16, 'torch.ops.aten.convolution_backward.default')
            del buf256
            buf259 = buf253; del buf253  # reuse
            # Topologically Sorted Source Nodes: [permute_59, mul_225, mul_226, mul_228, sub_48, sub_49, mul_229, permute_60, add_84, add_87], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add]
            # [Provenance debug handles] triton_poi_fused_add_native_layer_norm_backward_permute_41:120
            stream0 = get_raw_stream(0)
            triton_poi_fused_add_native_layer_norm_backward_permute_41.run(buf204, buf230, buf257, buf259, 20480, stream=stream0)
            del buf204
            del buf230
            del buf257
            buf260 = buf254; del buf254  # reuse
            # Topologically Sorted Source Nodes: [sum_96], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_36:121
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_36.run(buf259, buf260, 160, 128, stream=stream0)
            buf261 = empty_strided_cuda((80, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_96], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_31:122
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_31.run(buf260, buf261, 80, 2, stream=stream0)
            # Topologically Sorted Source Nodes: [convolution_backward_32], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:123
            buf262 = torch.ops.aten.convolution_backward.default(buf259, permute_7, primals_26, [80], [2, 2], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del buf259
            del permute_7
            del primals_26
            buf263 = buf262[0]
            assert_size_stride(buf263, (4, 40, 16, 16), (10240, 1, 640, 40), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf263, 16, 'torch.ops.aten.convolution_backward.default')
            buf264 = buf262[1]
            assert_size_stride(buf264, (80, 40, 2, 2), (160, 1, 80, 40), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf264, 16, 'torch.ops.aten.convolution_backward.default')
            del buf262
            buf265 = empty_strided_cuda((4, 16, 16, 1), (256, 16, 1, 1024), torch.float32)
            buf266 = empty_strided_cuda((4, 16, 16, 1), (256, 16, 1, 1024), torch.float32)
            # Topologically Sorted Source Nodes: [permute_65, mul_264, sum_97, mul_266, sum_98], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_42:124
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_42.run(buf263, primals_24, mul_14, buf265, buf266, 1024, 40, stream=stream0)
            buf267 = empty_strided_cuda((40, 8), (8, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_65, mul_269, sum_99], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_backward_permute_43:125
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_backward_permute_43.run(buf263, mul_14, buf267, 40, 8, 128, stream=stream0)
            buf268 = empty_strided_cuda((40, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_65, mul_269, sum_99], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_44:126
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_44.run(buf267, buf268, 40, 8, stream=stream0)
            buf269 = reinterpret_tensor(buf267, (40, 8), (1, 40), 0); del buf267  # reuse
            # Topologically Sorted Source Nodes: [permute_65, sum_100], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_backward_permute_45:127
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_backward_permute_45.run(buf263, buf269, 320, 128, stream=stream0)
            buf270 = empty_strided_cuda((40, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_65, sum_100], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:128
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf269, buf270, 40, 8, stream=stream0)
            buf271 = reinterpret_tensor(buf263, (4, 16, 16, 40), (10240, 640, 40, 1), 0); del buf263  # reuse
            buf272 = empty_strided_cuda((4, 40, 16, 16), (10240, 1, 40, 640), torch.float32)
            # Topologically Sorted Source Nodes: [permute_65, mul_264, mul_265, mul_267, sub_57, sub_58, mul_268, permute_66, reshape_1, mul_271], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.view, aten.mul]
            # [Provenance debug handles] triton_poi_fused_mul_native_layer_norm_backward_permute_view_47:129
            stream0 = get_raw_stream(0)
            triton_poi_fused_mul_native_layer_norm_backward_permute_view_47.run(buf271, div_14, primals_24, buf265, mul_14, buf266, primals_23, buf272, 64, 640, stream=stream0)
            del buf265
            del buf266
            del div_14
            del mul_14
            del primals_23
            del primals_24
            # Topologically Sorted Source Nodes: [convolution_backward_33], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:130
            buf277 = torch.ops.aten.convolution_backward.default(buf272, mul_12, primals_21, [40], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del mul_12
            del primals_21
            buf278 = buf277[0]
            assert_size_stride(buf278, (4, 160, 16, 16), (40960, 1, 2560, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf278, 16, 'torch.ops.aten.convolution_backward.default')
            buf280 = buf278; del buf278  # reuse
            # Topologically Sorted Source Nodes: [x_19, mul_273, mul_274, mul_275, exp_10, mul_276, mul_277, add_89, mul_278], Original ATen: [aten.gelu, aten.gelu_backward]
            # [Provenance debug handles] triton_poi_fused_gelu_gelu_backward_48:131
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_48.run(buf280, convolution_5, 163840, stream=stream0)
            del convolution_5
            # Topologically Sorted Source Nodes: [convolution_backward_34], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:132
            buf283 = torch.ops.aten.convolution_backward.default(buf280, permute_5, primals_19, [160], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del permute_5
            del primals_19
            buf284 = buf283[0]
            assert_size_stride(buf284, (4, 40, 16, 16), (10240, 1, 640, 40), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf284, 16, 'torch.ops.aten.convolution_backward.default')
            buf293 = empty_strided_cuda((4, 40, 16, 16), (10240, 1, 40, 640), torch.float32)
            # Topologically Sorted Source Nodes: [permute_67, mul_280, mul_281, sum_104, x_15, x_16, mul_282, sum_105, mul_283, sub_60, sub_61, div_15, mul_284, permute_68], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_49:133
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_49.run(buf284, primals_17, convolution_4, getitem_5, rsqrt_2, buf293, 1024, 40, stream=stream0)
            del primals_17
            # Topologically Sorted Source Nodes: [convolution_backward_35], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:134
            buf296 = torch.ops.aten.convolution_backward.default(buf293, add_5, primals_15, [40], [1, 1], [3, 3], [1, 1], False, [0, 0], 40, [True, True, False])
            del add_5
            del primals_15
            buf297 = buf296[0]
            assert_size_stride(buf297, (4, 40, 16, 16), (10240, 1, 640, 40), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf297, 16, 'torch.ops.aten.convolution_backward.default')
            buf299 = empty_strided_cuda((4, 40, 16, 16), (10240, 1, 40, 640), torch.float32)
            # Topologically Sorted Source Nodes: [permute_65, mul_264, mul_265, mul_267, sub_57, sub_58, mul_268, permute_66, add_90, reshape, mul_287], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.view, aten.mul]
            # [Provenance debug handles] triton_poi_fused_add_mul_native_layer_norm_backward_permute_view_50:135
            stream0 = get_raw_stream(0)
            triton_poi_fused_add_mul_native_layer_norm_backward_permute_view_50.run(buf271, buf297, primals_14, buf299, 40960, stream=stream0)
            del primals_14
            # Topologically Sorted Source Nodes: [convolution_backward_36], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:136
            buf304 = torch.ops.aten.convolution_backward.default(buf299, mul_6, primals_12, [40], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del mul_6
            del primals_12
            buf305 = buf304[0]
            assert_size_stride(buf305, (4, 160, 16, 16), (40960, 1, 2560, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf305, 16, 'torch.ops.aten.convolution_backward.default')
            buf307 = buf305; del buf305  # reuse
            # Topologically Sorted Source Nodes: [x_8, mul_289, mul_290, mul_291, exp_11, mul_292, mul_293, add_92, mul_294], Original ATen: [aten.gelu, aten.gelu_backward]
            # [Provenance debug handles] triton_poi_fused_gelu_gelu_backward_48:137
            stream0 = get_raw_stream(0)
            triton_poi_fused_gelu_gelu_backward_48.run(buf307, convolution_2, 163840, stream=stream0)
            del convolution_2
            # Topologically Sorted Source Nodes: [convolution_backward_37], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:138
            buf310 = torch.ops.aten.convolution_backward.default(buf307, permute_3, primals_10, [160], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, False])
            del permute_3
            del primals_10
            buf311 = buf310[0]
            assert_size_stride(buf311, (4, 40, 16, 16), (10240, 1, 640, 40), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf311, 16, 'torch.ops.aten.convolution_backward.default')
            buf320 = empty_strided_cuda((4, 40, 16, 16), (10240, 1, 40, 640), torch.float32)
            # Topologically Sorted Source Nodes: [permute_69, mul_296, mul_297, sum_112, x_4, x_5, mul_298, sum_113, mul_299, sub_63, sub_64, div_16, mul_300, permute_70], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_49:139
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_native_layer_norm_backward_permute_49.run(buf311, primals_8, convolution_1, getitem_3, rsqrt_1, buf320, 1024, 40, stream=stream0)
            del primals_8
            # Topologically Sorted Source Nodes: [convolution_backward_38], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:140
            buf323 = torch.ops.aten.convolution_backward.default(buf320, permute_1, primals_6, [40], [1, 1], [3, 3], [1, 1], False, [0, 0], 40, [True, True, False])
            del permute_1
            del primals_6
            buf324 = buf323[0]
            assert_size_stride(buf324, (4, 40, 16, 16), (10240, 1, 640, 40), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf324, 16, 'torch.ops.aten.convolution_backward.default')
            buf273 = reinterpret_tensor(buf269, (1, 40, 1, 1, 8), (320, 1, 320, 320, 40), 0); del buf269  # reuse
            buf300 = empty_strided_cuda((1, 40, 1, 1, 8), (320, 1, 320, 320, 40), torch.float32)
            buf329 = empty_strided_cuda((40, 8), (1, 40), torch.float32)
            buf331 = empty_strided_cuda((40, 8), (1, 40), torch.float32)
            # Topologically Sorted Source Nodes: [permute_65, mul_264, mul_265, mul_267, sub_57, sub_58, mul_268, permute_66, mul_270, sum_101, add_90, mul_286, sum_109, add_93, permute_71, x, sub_65, mul_302, mul_308, sum_119, sum_120], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.mul, aten.sum, aten.add]
            # [Provenance debug handles] triton_red_fused_add_mul_native_layer_norm_backward_permute_sum_51:141
            stream0 = get_raw_stream(0)
            triton_red_fused_add_mul_native_layer_norm_backward_permute_sum_51.run(buf271, convolution_6, buf297, convolution_3, buf324, convolution, getitem_1, rsqrt, buf273, buf300, buf329, buf331, 320, 128, stream=stream0)
            del convolution_3
            del convolution_6
            buf274 = empty_strided_cuda((1, 40, 1, 1), (40, 1, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_65, mul_264, mul_265, mul_267, sub_57, sub_58, mul_268, permute_66, mul_270, sum_101], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:142
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf273, buf274, 40, 8, stream=stream0)
            buf275 = reinterpret_tensor(buf273, (40, 8), (1, 40), 0); del buf273  # reuse
            # Topologically Sorted Source Nodes: [sum_102], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_52:143
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_52.run(buf272, buf275, 320, 128, stream=stream0)
            del buf272
            buf276 = empty_strided_cuda((40, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_102], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:144
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf275, buf276, 40, 8, stream=stream0)
            buf279 = buf277[1]
            assert_size_stride(buf279, (40, 160, 1, 1), (160, 1, 160, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf279, 16, 'torch.ops.aten.convolution_backward.default')
            del buf277
            buf281 = empty_strided_cuda((160, 8), (1, 160), torch.float32)
            # Topologically Sorted Source Nodes: [sum_103], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_53:145
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_53.run(buf280, buf281, 1280, 128, stream=stream0)
            del buf280
            buf282 = reinterpret_tensor(buf260, (160, ), (1, ), 0); del buf260  # reuse
            # Topologically Sorted Source Nodes: [sum_103], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_54:146
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_54.run(buf281, buf282, 160, 8, stream=stream0)
            buf285 = buf283[1]
            assert_size_stride(buf285, (160, 40, 1, 1), (40, 1, 40, 40), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf285, 16, 'torch.ops.aten.convolution_backward.default')
            del buf283
            buf288 = buf275; del buf275  # reuse
            buf290 = empty_strided_cuda((40, 8), (1, 40), torch.float32)
            # Topologically Sorted Source Nodes: [permute_67, x_15, x_16, mul_285, sum_106, sum_107], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_55:147
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_55.run(buf284, convolution_4, getitem_5, rsqrt_2, buf288, buf290, 320, 128, stream=stream0)
            del buf284
            del convolution_4
            del getitem_5
            del rsqrt_2
            buf289 = empty_strided_cuda((40, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_67, x_15, x_16, mul_285, sum_106], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:148
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf288, buf289, 40, 8, stream=stream0)
            del buf288
            buf291 = empty_strided_cuda((40, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_67, sum_107], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:149
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf290, buf291, 40, 8, stream=stream0)
            buf294 = buf290; del buf290  # reuse
            # Topologically Sorted Source Nodes: [sum_108], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_52:150
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_52.run(buf293, buf294, 320, 128, stream=stream0)
            del buf293
            buf295 = empty_strided_cuda((40, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_108], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:151
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf294, buf295, 40, 8, stream=stream0)
            buf298 = buf296[1]
            assert_size_stride(buf298, (40, 1, 7, 7), (49, 1, 7, 1), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf298, 16, 'torch.ops.aten.convolution_backward.default')
            del buf296
            buf301 = empty_strided_cuda((1, 40, 1, 1), (40, 1, 1, 1), torch.float32)
            # Topologically Sorted Source Nodes: [permute_65, mul_264, mul_265, mul_267, sub_57, sub_58, mul_268, permute_66, add_90, mul_286, sum_109], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add, aten.mul, aten.sum]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:152
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf300, buf301, 40, 8, stream=stream0)
            buf302 = reinterpret_tensor(buf300, (40, 8), (1, 40), 0); del buf300  # reuse
            # Topologically Sorted Source Nodes: [sum_110], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_52:153
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_52.run(buf299, buf302, 320, 128, stream=stream0)
            del buf299
            buf303 = empty_strided_cuda((40, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_110], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:154
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf302, buf303, 40, 8, stream=stream0)
            buf306 = buf304[1]
            assert_size_stride(buf306, (40, 160, 1, 1), (160, 1, 160, 160), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf306, 16, 'torch.ops.aten.convolution_backward.default')
            del buf304
            buf308 = buf281; del buf281  # reuse
            # Topologically Sorted Source Nodes: [sum_111], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_53:155
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_53.run(buf307, buf308, 1280, 128, stream=stream0)
            del buf307
            buf309 = reinterpret_tensor(buf248, (160, ), (1, ), 0); del buf248  # reuse
            # Topologically Sorted Source Nodes: [sum_111], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_convolution_backward_54:156
            stream0 = get_raw_stream(0)
            triton_per_fused_convolution_backward_54.run(buf308, buf309, 160, 8, stream=stream0)
            del buf308
            buf312 = buf310[1]
            assert_size_stride(buf312, (160, 40, 1, 1), (40, 1, 40, 40), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf312, 16, 'torch.ops.aten.convolution_backward.default')
            del buf310
            buf315 = buf302; del buf302  # reuse
            buf317 = buf294; del buf294  # reuse
            # Topologically Sorted Source Nodes: [permute_69, x_4, x_5, mul_301, sum_114, sum_115], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_55:157
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_native_layer_norm_backward_permute_55.run(buf311, convolution_1, getitem_3, rsqrt_1, buf315, buf317, 320, 128, stream=stream0)
            del buf311
            del convolution_1
            del getitem_3
            del rsqrt_1
            buf316 = empty_strided_cuda((40, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_69, x_4, x_5, mul_301, sum_114], Original ATen: [aten.permute, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:158
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf315, buf316, 40, 8, stream=stream0)
            del buf315
            buf318 = empty_strided_cuda((40, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_69, sum_115], Original ATen: [aten.permute, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:159
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf317, buf318, 40, 8, stream=stream0)
            buf321 = buf317; del buf317  # reuse
            # Topologically Sorted Source Nodes: [sum_116], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_52:160
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_52.run(buf320, buf321, 320, 128, stream=stream0)
            buf322 = empty_strided_cuda((40, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_116], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:161
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf321, buf322, 40, 8, stream=stream0)
            del buf321
            buf325 = buf323[1]
            assert_size_stride(buf325, (40, 1, 7, 7), (49, 1, 7, 1), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf325, 16, 'torch.ops.aten.convolution_backward.default')
            del buf323
            buf328 = buf271; del buf271  # reuse
            buf333 = buf328; del buf328  # reuse
            buf334 = buf320; del buf320  # reuse
            # Topologically Sorted Source Nodes: [permute_65, mul_264, mul_265, mul_267, sub_57, sub_58, mul_268, permute_66, add_90, add_93, permute_71, x, sub_65, mul_302, mul_303, mul_304, sum_117, mul_305, sum_118, mul_306, sub_66, sub_67, div_17, mul_307, permute_72], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_permute_56:162
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_permute_56.run(buf333, buf297, buf324, primals_4, convolution, getitem_1, rsqrt, buf334, 1024, 40, stream=stream0)
            del buf297
            del buf324
            del buf333
            del convolution
            del getitem_1
            del primals_4
            del rsqrt
            buf330 = empty_strided_cuda((40, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_65, mul_264, mul_265, mul_267, sub_57, sub_58, mul_268, permute_66, add_90, add_93, permute_71, x, sub_65, mul_302, mul_308, sum_119], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:163
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf329, buf330, 40, 8, stream=stream0)
            del buf329
            buf332 = empty_strided_cuda((40, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [permute_65, mul_264, mul_265, mul_267, sub_57, sub_58, mul_268, permute_66, add_90, add_93, permute_71, sum_120], Original ATen: [aten.permute, aten.native_layer_norm_backward, aten.add]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:164
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf331, buf332, 40, 8, stream=stream0)
            buf335 = buf331; del buf331  # reuse
            # Topologically Sorted Source Nodes: [sum_121], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_red_fused_convolution_backward_52:165
            stream0 = get_raw_stream(0)
            triton_red_fused_convolution_backward_52.run(buf334, buf335, 320, 128, stream=stream0)
            buf336 = empty_strided_cuda((40, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [sum_121], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] triton_per_fused_native_layer_norm_backward_permute_46:166
            stream0 = get_raw_stream(0)
            triton_per_fused_native_layer_norm_backward_permute_46.run(buf335, buf336, 40, 8, stream=stream0)
            del buf335
            # Topologically Sorted Source Nodes: [convolution_backward_39], Original ATen: [aten.convolution_backward]
            # [Provenance debug handles] torch.ops.aten.convolution_backward.default:167
            buf337 = torch.ops.aten.convolution_backward.default(buf334, primals_3, primals_1, [40], [4, 4], [0, 0], [1, 1], False, [0, 0], 1, [False, True, False])
            del buf334
            del primals_1
            del primals_3
            buf338 = buf337[1]
            assert_size_stride(buf338, (40, 3, 4, 4), (48, 1, 12, 3), 'torch.ops.aten.convolution_backward.default')
            assert_alignment(buf338, 16, 'torch.ops.aten.convolution_backward.default')
            del buf337
        return (buf338, buf336, None, buf330, buf332, buf325, buf322, buf316, buf318, buf312, buf309, buf306, buf303, reinterpret_tensor(buf301, (40, ), (1, ), 0), buf298, buf295, buf289, buf291, buf285, buf282, buf279, buf276, reinterpret_tensor(buf274, (40, ), (1, ), 0), buf268, buf270, buf264, buf261, buf258, buf255, buf249, buf251, buf245, buf242, buf239, buf236, reinterpret_tensor(buf234, (80, ), (1, ), 0), buf231, buf228, buf222, buf224, buf218, buf215, buf212, buf209, reinterpret_tensor(buf207, (80, ), (1, ), 0), buf201, buf203, buf197, buf194, buf192, buf189, buf185, buf186, buf182, buf179, buf177, buf174, reinterpret_tensor(buf173, (160, ), (1, ), 0), buf171, buf168, buf164, buf165, buf161, buf158, buf156, buf153, reinterpret_tensor(buf152, (160, ), (1, ), 0), buf149, buf146, buf142, buf143, buf139, buf136, buf134, buf131, reinterpret_tensor(buf130, (160, ), (1, ), 0), buf128, buf125, buf121, buf122, buf118, buf115, buf113, buf110, reinterpret_tensor(buf109, (160, ), (1, ), 0), buf107, buf104, buf100, buf101, buf97, buf94, buf92, buf89, reinterpret_tensor(buf88, (160, ), (1, ), 0), buf86, buf83, buf79, buf80, buf76, buf73, buf71, buf68, reinterpret_tensor(buf67, (160, ), (1, ), 0), buf63, buf64, buf59, buf56, buf54, buf51, buf47, buf48, buf44, buf41, buf39, buf36, reinterpret_tensor(buf35, (320, ), (1, ), 0), buf33, buf30, buf26, buf27, buf23, buf20, buf18, buf15, reinterpret_tensor(buf14, (320, ), (1, ), 0), buf8, buf9, reinterpret_tensor(buf4, (10, 320), (320, 1), 0), reinterpret_tensor(buf5, (10, ), (1, ), 0), )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((40, 3, 4, 4), (48, 1, 12, 3), device='cuda:0', dtype=torch.float32)
    primals_3 = rand_strided((4, 3, 64, 64), (12288, 1, 192, 3), device='cuda:0', dtype=torch.float32)
    primals_4 = rand_strided((40, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_6 = rand_strided((40, 1, 7, 7), (49, 49, 7, 1), device='cuda:0', dtype=torch.float32)
    primals_8 = rand_strided((40, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_10 = rand_strided((160, 40, 1, 1), (40, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_12 = rand_strided((40, 160, 1, 1), (160, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_14 = rand_strided((40, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_15 = rand_strided((40, 1, 7, 7), (49, 49, 7, 1), device='cuda:0', dtype=torch.float32)
    primals_17 = rand_strided((40, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_19 = rand_strided((160, 40, 1, 1), (40, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_21 = rand_strided((40, 160, 1, 1), (160, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_23 = rand_strided((40, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_24 = rand_strided((40, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_26 = rand_strided((80, 40, 2, 2), (160, 1, 80, 40), device='cuda:0', dtype=torch.float32)
    primals_28 = rand_strided((80, 1, 7, 7), (49, 49, 7, 1), device='cuda:0', dtype=torch.float32)
    primals_30 = rand_strided((80, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_32 = rand_strided((320, 80, 1, 1), (80, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_34 = rand_strided((80, 320, 1, 1), (320, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_36 = rand_strided((80, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_37 = rand_strided((80, 1, 7, 7), (49, 49, 7, 1), device='cuda:0', dtype=torch.float32)
    primals_39 = rand_strided((80, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_41 = rand_strided((320, 80, 1, 1), (80, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_43 = rand_strided((80, 320, 1, 1), (320, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_45 = rand_strided((80, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_46 = rand_strided((80, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_48 = rand_strided((160, 80, 2, 2), (320, 1, 160, 80), device='cuda:0', dtype=torch.float32)
    primals_50 = rand_strided((160, 1, 7, 7), (49, 49, 7, 1), device='cuda:0', dtype=torch.float32)
    primals_52 = rand_strided((160, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_54 = rand_strided((640, 160, 1, 1), (160, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_56 = rand_strided((160, 640, 1, 1), (640, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_58 = rand_strided((160, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_59 = rand_strided((160, 1, 7, 7), (49, 49, 7, 1), device='cuda:0', dtype=torch.float32)
    primals_61 = rand_strided((160, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_63 = rand_strided((640, 160, 1, 1), (160, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_65 = rand_strided((160, 640, 1, 1), (640, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_67 = rand_strided((160, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_68 = rand_strided((160, 1, 7, 7), (49, 49, 7, 1), device='cuda:0', dtype=torch.float32)
    primals_70 = rand_strided((160, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_72 = rand_strided((640, 160, 1, 1), (160, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_74 = rand_strided((160, 640, 1, 1), (640, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_76 = rand_strided((160, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_77 = rand_strided((160, 1, 7, 7), (49, 49, 7, 1), device='cuda:0', dtype=torch.float32)
    primals_79 = rand_strided((160, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_81 = rand_strided((640, 160, 1, 1), (160, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_83 = rand_strided((160, 640, 1, 1), (640, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_85 = rand_strided((160, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_86 = rand_strided((160, 1, 7, 7), (49, 49, 7, 1), device='cuda:0', dtype=torch.float32)
    primals_88 = rand_strided((160, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_90 = rand_strided((640, 160, 1, 1), (160, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_92 = rand_strided((160, 640, 1, 1), (640, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_94 = rand_strided((160, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_95 = rand_strided((160, 1, 7, 7), (49, 49, 7, 1), device='cuda:0', dtype=torch.float32)
    primals_97 = rand_strided((160, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_99 = rand_strided((640, 160, 1, 1), (160, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_101 = rand_strided((160, 640, 1, 1), (640, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_103 = rand_strided((160, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_104 = rand_strided((160, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_106 = rand_strided((320, 160, 2, 2), (640, 1, 320, 160), device='cuda:0', dtype=torch.float32)
    primals_108 = rand_strided((320, 1, 7, 7), (49, 49, 7, 1), device='cuda:0', dtype=torch.float32)
    primals_110 = rand_strided((320, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_112 = rand_strided((1280, 320, 1, 1), (320, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_114 = rand_strided((320, 1280, 1, 1), (1280, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_116 = rand_strided((320, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_117 = rand_strided((320, 1, 7, 7), (49, 49, 7, 1), device='cuda:0', dtype=torch.float32)
    primals_119 = rand_strided((320, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_121 = rand_strided((1280, 320, 1, 1), (320, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_123 = rand_strided((320, 1280, 1, 1), (1280, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    primals_125 = rand_strided((320, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_126 = rand_strided((320, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_128 = rand_strided((10, 320), (320, 1), device='cuda:0', dtype=torch.float32)
    convolution = rand_strided((4, 40, 16, 16), (10240, 1, 640, 40), device='cuda:0', dtype=torch.float32)
    getitem_1 = rand_strided((4, 16, 16, 1), (256, 1, 16, 16), device='cuda:0', dtype=torch.float32)
    rsqrt = rand_strided((4, 16, 16, 1), (256, 1, 16, 16), device='cuda:0', dtype=torch.float32)
    permute_1 = rand_strided((4, 40, 16, 16), (10240, 1, 640, 40), device='cuda:0', dtype=torch.float32)
    convolution_1 = rand_strided((4, 40, 16, 16), (10240, 1, 640, 40), device='cuda:0', dtype=torch.float32)
    getitem_3 = rand_strided((4, 16, 16, 1), (256, 1, 16, 16), device='cuda:0', dtype=torch.float32)
    rsqrt_1 = rand_strided((4, 16, 16, 1), (256, 1, 16, 16), device='cuda:0', dtype=torch.float32)
    permute_3 = rand_strided((4, 40, 16, 16), (10240, 1, 640, 40), device='cuda:0', dtype=torch.float32)
    convolution_2 = rand_strided((4, 160, 16, 16), (40960, 1, 2560, 160), device='cuda:0', dtype=torch.float32)
    mul_6 = rand_strided((4, 160, 16, 16), (40960, 1, 2560, 160), device='cuda:0', dtype=torch.float32)
    convolution_3 = rand_strided((4, 40, 16, 16), (10240, 1, 640, 40), device='cuda:0', dtype=torch.float32)
    add_5 = rand_strided((4, 40, 16, 16), (10240, 1, 640, 40), device='cuda:0', dtype=torch.float32)
    convolution_4 = rand_strided((4, 40, 16, 16), (10240, 1, 640, 40), device='cuda:0', dtype=torch.float32)
    getitem_5 = rand_strided((4, 16, 16, 1), (256, 1, 16, 16), device='cuda:0', dtype=torch.float32)
    rsqrt_2 = rand_strided((4, 16, 16, 1), (256, 1, 16, 16), device='cuda:0', dtype=torch.float32)
    permute_5 = rand_strided((4, 40, 16, 16), (10240, 1, 640, 40), device='cuda:0', dtype=torch.float32)
    convolution_5 = rand_strided((4, 160, 16, 16), (40960, 1, 2560, 160), device='cuda:0', dtype=torch.float32)
    mul_12 = rand_strided((4, 160, 16, 16), (40960, 1, 2560, 160), device='cuda:0', dtype=torch.float32)
    convolution_6 = rand_strided((4, 40, 16, 16), (10240, 1, 640, 40), device='cuda:0', dtype=torch.float32)
    mul_14 = rand_strided((4, 16, 16, 40), (10240, 1, 640, 16), device='cuda:0', dtype=torch.float32)
    permute_7 = rand_strided((4, 40, 16, 16), (10240, 1, 640, 40), device='cuda:0', dtype=torch.float32)
    convolution_7 = rand_strided((4, 80, 8, 8), (5120, 1, 640, 80), device='cuda:0', dtype=torch.float32)
    convolution_8 = rand_strided((4, 80, 8, 8), (5120, 1, 640, 80), device='cuda:0', dtype=torch.float32)
    getitem_9 = rand_strided((4, 8, 8, 1), (64, 1, 8, 8), device='cuda:0', dtype=torch.float32)
    rsqrt_4 = rand_strided((4, 8, 8, 1), (64, 1, 8, 8), device='cuda:0', dtype=torch.float32)
    permute_9 = rand_strided((4, 80, 8, 8), (5120, 1, 640, 80), device='cuda:0', dtype=torch.float32)
    convolution_9 = rand_strided((4, 320, 8, 8), (20480, 1, 2560, 320), device='cuda:0', dtype=torch.float32)
    mul_20 = rand_strided((4, 320, 8, 8), (20480, 1, 2560, 320), device='cuda:0', dtype=torch.float32)
    convolution_10 = rand_strided((4, 80, 8, 8), (5120, 1, 640, 80), device='cuda:0', dtype=torch.float32)
    add_15 = rand_strided((4, 80, 8, 8), (5120, 1, 640, 80), device='cuda:0', dtype=torch.float32)
    convolution_11 = rand_strided((4, 80, 8, 8), (5120, 1, 640, 80), device='cuda:0', dtype=torch.float32)
    getitem_11 = rand_strided((4, 8, 8, 1), (64, 1, 8, 8), device='cuda:0', dtype=torch.float32)
    rsqrt_5 = rand_strided((4, 8, 8, 1), (64, 1, 8, 8), device='cuda:0', dtype=torch.float32)
    permute_11 = rand_strided((4, 80, 8, 8), (5120, 1, 640, 80), device='cuda:0', dtype=torch.float32)
    convolution_12 = rand_strided((4, 320, 8, 8), (20480, 1, 2560, 320), device='cuda:0', dtype=torch.float32)
    mul_26 = rand_strided((4, 320, 8, 8), (20480, 1, 2560, 320), device='cuda:0', dtype=torch.float32)
    convolution_13 = rand_strided((4, 80, 8, 8), (5120, 1, 640, 80), device='cuda:0', dtype=torch.float32)
    mul_28 = rand_strided((4, 8, 8, 80), (5120, 1, 640, 8), device='cuda:0', dtype=torch.float32)
    permute_13 = rand_strided((4, 80, 8, 8), (5120, 1, 640, 80), device='cuda:0', dtype=torch.float32)
    convolution_14 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    convolution_15 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    getitem_15 = rand_strided((4, 4, 4, 1), (16, 1, 4, 4), device='cuda:0', dtype=torch.float32)
    rsqrt_7 = rand_strided((4, 4, 4, 1), (16, 1, 4, 4), device='cuda:0', dtype=torch.float32)
    permute_15 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    convolution_16 = rand_strided((4, 640, 4, 4), (10240, 1, 2560, 640), device='cuda:0', dtype=torch.float32)
    mul_34 = rand_strided((4, 640, 4, 4), (10240, 1, 2560, 640), device='cuda:0', dtype=torch.float32)
    convolution_17 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    add_25 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    convolution_18 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    getitem_17 = rand_strided((4, 4, 4, 1), (16, 1, 4, 4), device='cuda:0', dtype=torch.float32)
    rsqrt_8 = rand_strided((4, 4, 4, 1), (16, 1, 4, 4), device='cuda:0', dtype=torch.float32)
    permute_17 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    convolution_19 = rand_strided((4, 640, 4, 4), (10240, 1, 2560, 640), device='cuda:0', dtype=torch.float32)
    mul_40 = rand_strided((4, 640, 4, 4), (10240, 1, 2560, 640), device='cuda:0', dtype=torch.float32)
    convolution_20 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    add_29 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    convolution_21 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    getitem_19 = rand_strided((4, 4, 4, 1), (16, 1, 4, 4), device='cuda:0', dtype=torch.float32)
    rsqrt_9 = rand_strided((4, 4, 4, 1), (16, 1, 4, 4), device='cuda:0', dtype=torch.float32)
    permute_19 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    convolution_22 = rand_strided((4, 640, 4, 4), (10240, 1, 2560, 640), device='cuda:0', dtype=torch.float32)
    mul_46 = rand_strided((4, 640, 4, 4), (10240, 1, 2560, 640), device='cuda:0', dtype=torch.float32)
    convolution_23 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    add_33 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    convolution_24 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    getitem_21 = rand_strided((4, 4, 4, 1), (16, 1, 4, 4), device='cuda:0', dtype=torch.float32)
    rsqrt_10 = rand_strided((4, 4, 4, 1), (16, 1, 4, 4), device='cuda:0', dtype=torch.float32)
    permute_21 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    convolution_25 = rand_strided((4, 640, 4, 4), (10240, 1, 2560, 640), device='cuda:0', dtype=torch.float32)
    mul_52 = rand_strided((4, 640, 4, 4), (10240, 1, 2560, 640), device='cuda:0', dtype=torch.float32)
    convolution_26 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    add_37 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    convolution_27 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    getitem_23 = rand_strided((4, 4, 4, 1), (16, 1, 4, 4), device='cuda:0', dtype=torch.float32)
    rsqrt_11 = rand_strided((4, 4, 4, 1), (16, 1, 4, 4), device='cuda:0', dtype=torch.float32)
    permute_23 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    convolution_28 = rand_strided((4, 640, 4, 4), (10240, 1, 2560, 640), device='cuda:0', dtype=torch.float32)
    mul_58 = rand_strided((4, 640, 4, 4), (10240, 1, 2560, 640), device='cuda:0', dtype=torch.float32)
    convolution_29 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    add_41 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    convolution_30 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    getitem_25 = rand_strided((4, 4, 4, 1), (16, 1, 4, 4), device='cuda:0', dtype=torch.float32)
    rsqrt_12 = rand_strided((4, 4, 4, 1), (16, 1, 4, 4), device='cuda:0', dtype=torch.float32)
    permute_25 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    convolution_31 = rand_strided((4, 640, 4, 4), (10240, 1, 2560, 640), device='cuda:0', dtype=torch.float32)
    mul_64 = rand_strided((4, 640, 4, 4), (10240, 1, 2560, 640), device='cuda:0', dtype=torch.float32)
    convolution_32 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    mul_66 = rand_strided((4, 4, 4, 160), (2560, 1, 640, 4), device='cuda:0', dtype=torch.float32)
    permute_27 = rand_strided((4, 160, 4, 4), (2560, 1, 640, 160), device='cuda:0', dtype=torch.float32)
    convolution_33 = rand_strided((4, 320, 2, 2), (1280, 1, 640, 320), device='cuda:0', dtype=torch.float32)
    convolution_34 = rand_strided((4, 320, 2, 2), (1280, 1, 640, 320), device='cuda:0', dtype=torch.float32)
    getitem_29 = rand_strided((4, 2, 2, 1), (4, 1, 2, 2), device='cuda:0', dtype=torch.float32)
    rsqrt_14 = rand_strided((4, 2, 2, 1), (4, 1, 2, 2), device='cuda:0', dtype=torch.float32)
    permute_29 = rand_strided((4, 320, 2, 2), (1280, 1, 640, 320), device='cuda:0', dtype=torch.float32)
    convolution_35 = rand_strided((4, 1280, 2, 2), (5120, 1, 2560, 1280), device='cuda:0', dtype=torch.float32)
    mul_72 = rand_strided((4, 1280, 2, 2), (5120, 1, 2560, 1280), device='cuda:0', dtype=torch.float32)
    convolution_36 = rand_strided((4, 320, 2, 2), (1280, 1, 640, 320), device='cuda:0', dtype=torch.float32)
    add_51 = rand_strided((4, 320, 2, 2), (1280, 1, 640, 320), device='cuda:0', dtype=torch.float32)
    convolution_37 = rand_strided((4, 320, 2, 2), (1280, 1, 640, 320), device='cuda:0', dtype=torch.float32)
    getitem_31 = rand_strided((4, 2, 2, 1), (4, 1, 2, 2), device='cuda:0', dtype=torch.float32)
    rsqrt_15 = rand_strided((4, 2, 2, 1), (4, 1, 2, 2), device='cuda:0', dtype=torch.float32)
    permute_31 = rand_strided((4, 320, 2, 2), (1280, 1, 640, 320), device='cuda:0', dtype=torch.float32)
    convolution_38 = rand_strided((4, 1280, 2, 2), (5120, 1, 2560, 1280), device='cuda:0', dtype=torch.float32)
    mul_78 = rand_strided((4, 1280, 2, 2), (5120, 1, 2560, 1280), device='cuda:0', dtype=torch.float32)
    convolution_39 = rand_strided((4, 320, 2, 2), (1280, 1, 640, 320), device='cuda:0', dtype=torch.float32)
    mul_80 = rand_strided((4, 1, 1, 320), (320, 320, 320, 1), device='cuda:0', dtype=torch.float32)
    view_12 = rand_strided((4, 320), (320, 1), device='cuda:0', dtype=torch.float32)
    div = rand_strided((4, 1, 1, 1), (1, 1, 1, 1), device='cuda:0', dtype=torch.float32)
    div_4 = rand_strided((4, 4, 4, 1), (16, 1, 4, 4), device='cuda:0', dtype=torch.float32)
    div_11 = rand_strided((4, 8, 8, 1), (64, 1, 8, 8), device='cuda:0', dtype=torch.float32)
    div_14 = rand_strided((4, 16, 16, 1), (256, 1, 16, 16), device='cuda:0', dtype=torch.float32)
    tangents_1 = rand_strided((4, 10), (10, 1), device='cuda:0', dtype=torch.float32)
    return [primals_1, primals_3, primals_4, primals_6, primals_8, primals_10, primals_12, primals_14, primals_15, primals_17, primals_19, primals_21, primals_23, primals_24, primals_26, primals_28, primals_30, primals_32, primals_34, primals_36, primals_37, primals_39, primals_41, primals_43, primals_45, primals_46, primals_48, primals_50, primals_52, primals_54, primals_56, primals_58, primals_59, primals_61, primals_63, primals_65, primals_67, primals_68, primals_70, primals_72, primals_74, primals_76, primals_77, primals_79, primals_81, primals_83, primals_85, primals_86, primals_88, primals_90, primals_92, primals_94, primals_95, primals_97, primals_99, primals_101, primals_103, primals_104, primals_106, primals_108, primals_110, primals_112, primals_114, primals_116, primals_117, primals_119, primals_121, primals_123, primals_125, primals_126, primals_128, convolution, getitem_1, rsqrt, permute_1, convolution_1, getitem_3, rsqrt_1, permute_3, convolution_2, mul_6, convolution_3, add_5, convolution_4, getitem_5, rsqrt_2, permute_5, convolution_5, mul_12, convolution_6, mul_14, permute_7, convolution_7, convolution_8, getitem_9, rsqrt_4, permute_9, convolution_9, mul_20, convolution_10, add_15, convolution_11, getitem_11, rsqrt_5, permute_11, convolution_12, mul_26, convolution_13, mul_28, permute_13, convolution_14, convolution_15, getitem_15, rsqrt_7, permute_15, convolution_16, mul_34, convolution_17, add_25, convolution_18, getitem_17, rsqrt_8, permute_17, convolution_19, mul_40, convolution_20, add_29, convolution_21, getitem_19, rsqrt_9, permute_19, convolution_22, mul_46, convolution_23, add_33, convolution_24, getitem_21, rsqrt_10, permute_21, convolution_25, mul_52, convolution_26, add_37, convolution_27, getitem_23, rsqrt_11, permute_23, convolution_28, mul_58, convolution_29, add_41, convolution_30, getitem_25, rsqrt_12, permute_25, convolution_31, mul_64, convolution_32, mul_66, permute_27, convolution_33, convolution_34, getitem_29, rsqrt_14, permute_29, convolution_35, mul_72, convolution_36, add_51, convolution_37, getitem_31, rsqrt_15, permute_31, convolution_38, mul_78, convolution_39, mul_80, view_12, div, div_4, div_11, div_14, tangents_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
