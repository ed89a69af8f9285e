//pass
//--blockDim=256 --gridDim=64
// expect: drf — tile[t] is filled component by component by thread t, and read mirrored (tile[255 - t]) only after the barrier.
// Reverses a block of float4 values through shared memory, writing the
// components one at a time as an AoS-to-SoA conversion would.
#define BLOCK 256

__global__ void reverseFloat4(const float *xs, const float *ys, float4 *out)
{
    __shared__ float4 tile[BLOCK];
    int t = threadIdx.x;
    int i = blockIdx.x * BLOCK + t;
    tile[t].x = xs[i];
    tile[t].y = ys[i];
    tile[t].z = 0.0f;
    tile[t].w = 1.0f;
    __syncthreads();
    out[i] = tile[BLOCK - 1 - t];
}
