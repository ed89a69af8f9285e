//pass
//--blockDim=256 --gridDim=32
// expect: drf — in step (k, j) only thread i with ixj = i ^ j > i touches the pair s[i], s[ixj]; the pairs are disjoint, and a barrier ends every step.
// Bitonic sort of each block's 256 keys in shared memory, one key per thread.
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
            __syncthreads();
        }
    }
    seg[i] = s[i];
}
