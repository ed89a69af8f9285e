//pass
//--blockDim=128 --gridDim=4
// expect: drf — each lane writes its warp's slot at its lane id from cuda::ptx::get_sreg_laneid() and, after __syncwarp(), reads its neighbour's slot in the same warp.
#include <cuda/ptx>

__global__ void swap_neighbours(int *data)
{
    __shared__ int slots[128];
    unsigned lane = cuda::ptx::get_sreg_laneid();
    unsigned warp = threadIdx.x / 32;
    int i = blockIdx.x * 128 + threadIdx.x;
    slots[warp * 32 + lane] = data[i];
    __syncwarp();
    data[i] = slots[warp * 32 + (lane ^ 1)];
}
