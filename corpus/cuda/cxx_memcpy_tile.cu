//pass
//--blockDim=64 --gridDim=64
// expect: drf — each thread memcpys its own 4 floats into tile[4t .. 4t + 3], the barrier orders them before the reversed copy-out, which reads tile[4(63 - t) .. 4(63 - t) + 3] into the thread's own out cells.
// Copying 16-byte chunks with memcpy in device code.
#define CHUNK 4

__global__ void reverseChunks(const float *in, float *out)
{
    __shared__ float tile[64 * CHUNK];
    int t = threadIdx.x;
    int base = blockIdx.x * 64 * CHUNK;
    memcpy(&tile[t * CHUNK], &in[base + t * CHUNK], CHUNK * sizeof(float));
    __syncthreads();
    memcpy(&out[base + t * CHUNK], &tile[(63 - t) * CHUNK], CHUNK * sizeof(float));
}
