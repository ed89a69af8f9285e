//pass
//--blockDim=64 --gridDim=1
// expect: drf — ring, spill: each counter is drawn once per thread, 64 draws before either wraps, and each indexes its own array.
// Push two values per thread into two rings of 64 entries.
__global__ void pushTwo(const int *in, int *out)
{
    __shared__ unsigned head, tail;
    __shared__ int ring[64], spill[64];
    if (threadIdx.x == 0) {
        head = 0;
        tail = 0;
    }
    __syncthreads();
    unsigned a = atomicInc(&head, 63);
    ring[a] = in[threadIdx.x];
    unsigned b = atomicInc(&tail, 63);
    spill[b] = in[64 + threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = ring[threadIdx.x] + spill[threadIdx.x];
}
