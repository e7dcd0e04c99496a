# AOT ID: ['0_inference']
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
from torch._inductor.runtime.runtime_utils import compile_mps_shader

aten = torch.ops.aten
inductor_ops = torch.ops.inductor
_quantized = torch.ops._quantized
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
empty_strided_cpu = torch._C._dynamo.guards._empty_strided_cpu
empty_strided_cuda = torch._C._dynamo.guards._empty_strided_cuda
empty_strided_mps = torch._C._dynamo.guards._empty_strided_mps
reinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor
alloc_from_pool = torch.ops.inductor._alloc_from_pool
async_compile = AsyncCompile()


# Topologically Sorted Source Nodes: [h], Original ATen: [aten.relu]
# Source node to ATen node mapping:
#   h => relu
mps_lib_0 = compile_mps_shader("""
    #include <c10/metal/utils.h>
    kernel void generated_kernel(
        device float* out_ptr0,
        constant float* in_ptr0,
        uint xindex [[thread_position_in_grid]]
    ) {
        int x0 = xindex;
        auto tmp0 = in_ptr0[x0];
        auto tmp1 = static_cast<decltype(tmp0)>(0);
        auto tmp2 = c10::metal::max(tmp1, tmp0);
        out_ptr0[x0] = static_cast<float>(tmp2);
    }
""")

# Topologically Sorted Source Nodes: [sigmoid, mul], Original ATen: [aten.sigmoid, aten.mul]
# Source node to ATen node mapping:
#   mul => mul
#   sigmoid => sigmoid
mps_lib_1 = compile_mps_shader("""
    #include <c10/metal/utils.h>
    kernel void generated_kernel(
        device float* out_ptr0,
        constant float* in_ptr0,
        constant float* in_ptr1,
        uint xindex [[thread_position_in_grid]]
    ) {
        int x0 = xindex;
        auto tmp0 = in_ptr0[x0];
        auto tmp2 = in_ptr1[x0];
        auto tmp1 = 1 / (1 + metal::exp(-tmp0));
        auto tmp3 = tmp1 * tmp2;
        out_ptr0[x0] = static_cast<float>(tmp3);
    }
""")


async_compile.wait(globals())
del async_compile

def call(args):
    arg0_1, arg1_1, arg2_1, arg3_1, arg4_1 = args
    args.clear()
    assert_size_stride(arg0_1, (32, 16), (16, 1))
    assert_size_stride(arg1_1, (32, ), (1, ))
    assert_size_stride(arg2_1, (8, 16), (16, 1))
    assert_size_stride(arg3_1, (16, 32), (32, 1))
    assert_size_stride(arg4_1, (16, ), (1, ))
    buf0 = empty_strided_mps((8, 32), (32, 1), torch.float32)
    # Topologically Sorted Source Nodes: [linear], Original ATen: [aten.t, aten.addmm]
    extern_kernels.addmm(arg1_1, arg2_1, reinterpret_tensor(arg0_1, (16, 32), (1, 16), 0), alpha=1, beta=1, out=buf0)
    del arg0_1
    del arg1_1
    buf1 = empty_strided_mps((8, 32), (32, 1), torch.float32)
    # Topologically Sorted Source Nodes: [h], Original ATen: [aten.relu]
    mps_lib_0.generated_kernel(buf1, buf0, threads=[256])
    del buf0
    buf2 = empty_strided_mps((8, 16), (16, 1), torch.float32)
    # Topologically Sorted Source Nodes: [h, linear_1], Original ATen: [aten.relu, aten.t, aten.addmm]
    extern_kernels.addmm(arg4_1, buf1, reinterpret_tensor(arg3_1, (32, 16), (1, 32), 0), alpha=1, beta=1, out=buf2)
    del arg3_1
    del arg4_1
    del buf1
    buf3 = empty_strided_mps((8, 16), (16, 1), torch.float32)
    # Topologically Sorted Source Nodes: [sigmoid, mul], Original ATen: [aten.sigmoid, aten.mul]
    mps_lib_1.generated_kernel(buf3, buf2, arg2_1, threads=[128])
    del arg2_1
    del buf2
    return (buf3, )


def benchmark_compiled_module(times=10, repeat=10):
    from torch._dynamo.testing import rand_strided
    from torch._inductor.utils import print_performance
    arg0_1 = rand_strided((32, 16), (16, 1), device='mps:0', dtype=torch.float32)
    arg1_1 = rand_strided((32, ), (1, ), device='mps:0', dtype=torch.float32)
    arg2_1 = rand_strided((8, 16), (16, 1), device='mps:0', dtype=torch.float32)
    arg3_1 = rand_strided((16, 32), (32, 1), device='mps:0', dtype=torch.float32)
    arg4_1 = rand_strided((16, ), (1, ), device='mps:0', dtype=torch.float32)
    fn = lambda: call([arg0_1, arg1_1, arg2_1, arg3_1, arg4_1])
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    compiled_module_main('None', benchmark_compiled_module)
