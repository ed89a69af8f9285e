//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// expect: racy — slots: a lane reads the slot of the same lane in the next warp, which __syncwarp() does not order with that warp's write.
#include <cuda/ptx>

// As warp_ptx_laneid.cu, but the slot read is in another warp.
__global__ void swap_other_warp(int *data)
{
    __shared__ int slots[128];
    unsigned lane = cuda::ptx::get_sreg_laneid();
    unsigned warp = threadIdx.x / 32;
    int i = blockIdx.x * 128 + threadIdx.x;
    slots[warp * 32 + lane] = data[i];
    __syncwarp();
    data[i] = slots[((warp + 1) % 4) * 32 + lane];
}
