//pass
//--blockDim=256 --gridDim=32
// expect: drf — each round stages the block's chunk in tile, reads it mirrored after a barrier, and ends with a barrier; the round limit comes from the read-only __device__ array g_rounds.
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
        __syncthreads();
        round++;
    }
}
