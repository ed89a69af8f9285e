// expect: unknown — store() does not compile (no_such_offset): what it writes is not known.
__device__ void store(int *s, int i) { s[i + no_such_offset] = i; }

__global__ void k(int *out)
{
    __shared__ int s[64];
    store(s, threadIdx.x % 64);
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x % 64];
}
