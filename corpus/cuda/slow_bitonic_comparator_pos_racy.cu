//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: racy — the comparator index drops the "- (tid & (stride - 1))" term, so pos + stride of thread tid is pos of thread tid + stride/2: s_key[pos + stride] is written by one thread and read by another in the same step.
// Bitonic sort of a 512-key segment per block, one comparator per thread
// per step; the direction of a comparator alternates with (tid & (size / 2)).
#define SEG 512

__device__ inline void compareSwap(unsigned int &a, unsigned int &b, bool ascending)
{
    if ((a > b) == ascending) {
        unsigned int t = a;
        a = b;
        b = t;
    }
}

__global__ void bitonicSortBadPosition(unsigned int *keys, bool ascending)
{
    __shared__ unsigned int s_key[SEG];
    unsigned int tid = threadIdx.x;
    unsigned int *seg = keys + blockIdx.x * SEG;

    s_key[tid] = seg[tid];
    s_key[tid + SEG / 2] = seg[tid + SEG / 2];

    for (unsigned int size = 2; size < SEG; size <<= 1) {
        bool dir = ((tid & (size / 2)) != 0) ^ ascending;
        for (unsigned int stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            unsigned int pos = 2 * tid;
            unsigned int a = s_key[pos], b = s_key[pos + stride];
            compareSwap(a, b, dir);
            s_key[pos] = a;
            s_key[pos + stride] = b;
        }
    }

    // The last merge sorts the whole segment in one direction.
    for (unsigned int stride = SEG / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned int pos = 2 * tid;
        unsigned int a = s_key[pos], b = s_key[pos + stride];
        compareSwap(a, b, ascending);
        s_key[pos] = a;
        s_key[pos + stride] = b;
    }

    __syncthreads();
    seg[tid] = s_key[tid];
    seg[tid + SEG / 2] = s_key[tid + SEG / 2];
}
