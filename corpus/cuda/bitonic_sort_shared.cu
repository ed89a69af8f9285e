//pass
//--blockDim=256 --gridDim=32
// expect: drf — in each (k, j) step only thread tid with tid^j > tid touches the pair s[tid], s[tid^j], pairs are disjoint, and every step ends with a barrier.
// Bitonic sort of each block's 256-element segment in shared memory.
#define N 256

__global__ void bitonicSortShared(int *data)
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
            __syncthreads();
        }
    }

    seg[tid] = s[tid];
}
