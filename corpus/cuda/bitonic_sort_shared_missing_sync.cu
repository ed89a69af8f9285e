//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: racy — s: thread 0 may write s[ixj] = s[1] in step (k=2, j=1) while thread 1 reads s[tid] = s[1] in step (k=4, j=2); the barrier between steps is missing.
// Shared-memory bitonic sort with the per-step barrier left out.
#define N 256

__global__ void bitonicSortNoSync(int *data)
{
    __shared__ int s[N];
    unsigned int tid = threadIdx.x;
    int *seg = data + blockIdx.x * N;

    s[tid] = seg[tid];
    __syncthreads();

    for (unsigned int k = 2; k <= N; k <<= 1) {
        for (unsigned int j = k >> 1; j > 0; j >>= 1) {
            unsigned int ixj = tid ^ j;
            if (ixj > tid) {
                bool up = (tid & k) == 0;
                int a = s[tid], b = s[ixj];
                if ((a > b) == up) {
                    s[tid] = b;
                    s[ixj] = a;
                }
            }
            // BUG: missing __syncthreads()
        }
    }
    __syncthreads();

    seg[tid] = s[tid];
}
