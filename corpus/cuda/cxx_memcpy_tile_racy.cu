//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=64
// expect: racy — tile: thread t writes tile[4t .. 4t + 3] with memcpy while thread 63 - t reads them with the second memcpy; the barrier is missing.
// The chunk reversal without its barrier.
#define CHUNK 4

__global__ void reverseChunksNoSync(const float *in, float *out)
{
    __shared__ float tile[64 * CHUNK];
    int t = threadIdx.x;
    int base = blockIdx.x * 64 * CHUNK;
    memcpy(&tile[t * CHUNK], &in[base + t * CHUNK], CHUNK * sizeof(float));
    // BUG: missing __syncthreads()
    memcpy(&out[base + t * CHUNK], &tile[(63 - t) * CHUNK], CHUNK * sizeof(float));
}
