//pass
//--blockDim=64 --gridDim=1
// expect: drf — ring: two rounds of 64 threads make 128 draws of atomicInc(&head, 127), all before the counter wraps: each ring[k] is written once.
// Push one value per round into a ring of 128 entries.
__global__ void pushRounds(const int *in, int *out)
{
    __shared__ unsigned head;
    __shared__ int ring[128];
    if (threadIdx.x == 0)
        head = 0;
    __syncthreads();
    for (int r = 0; r < 2; r++) {
        unsigned slot = atomicInc(&head, 127);
        ring[slot] = in[r * 64 + threadIdx.x];
    }
    __syncthreads();
    out[threadIdx.x] = ring[threadIdx.x];
}
