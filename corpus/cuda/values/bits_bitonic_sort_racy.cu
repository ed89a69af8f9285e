//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: racy — s: in stage k = 4 with no barrier between steps, thread 0 writes s[ixj] = s[1] in step j = 1 while thread 1 reads s[i] = s[1] in step j = 2.
// Bitonic sort of each block's 256 keys in shared memory, one key per thread; one barrier per merge stage.
#define N 256

__global__ void bitonicSort256(unsigned *keys)
{
    __shared__ unsigned s[N];
    int i = threadIdx.x;
    unsigned *seg = keys + blockIdx.x * N;

    s[i] = seg[i];
    __syncthreads();

    for (int k = 2; k <= N; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            int ixj = i ^ j;
            if (ixj > i) {
                unsigned a = s[i], b = s[ixj];
                bool ascending = (i & k) == 0;
                if ((a > b) == ascending) {
                    s[i] = b;
                    s[ixj] = a;
                }
            }
            // BUG: no __syncthreads() between the steps j of one stage
        }
        __syncthreads();
    }
    seg[i] = s[i];
}
