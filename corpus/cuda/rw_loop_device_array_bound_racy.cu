//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: racy — the barrier that ends a round is gone, so the next round's tile[threadIdx.x] store races with the mirrored load tile[255 - threadIdx.x] of a thread still in the round before.
// A block-wide loop whose counter every thread advances alike and whose exit
// test reads a __device__ array first met inside the loop (the front end
// translates such loops in trials, then for real).
__device__ int g_rounds[1];

__global__ void mirrorRounds(const float *in, float *out)
{
    __shared__ float tile[256];
    int round = 0;
    while (1) {
        if (round >= g_rounds[0])
            break;
        int base = (round * gridDim.x + blockIdx.x) * 256;
        tile[threadIdx.x] = in[base + threadIdx.x];
        __syncthreads();
        out[base + threadIdx.x] = tile[255 - threadIdx.x];
        round++;
    }
}
