//pass
//--blockDim=256 --gridDim=64
// expect: drf — each bitonic step has thread tid (with ixj = tid ^ j > tid) swap s[tid] and s[ixj] through compareSwap<ascending>, and a barrier ends every step; the pairs of one step are disjoint.
// Bitonic sort of one 256-key block; the comparison direction is a
// template argument handed on to a device function template, a call
// that stays dependent in the kernel template.
template <bool ascending>
__device__ void compareSwap(unsigned int *s, unsigned int a, unsigned int b)
{
    if ((s[a] > s[b]) == ascending) {
        unsigned int t = s[a];
        s[a] = s[b];
        s[b] = t;
    }
}

template <bool ascending>
__global__ void bitonicBlock(unsigned int *keys)
{
    __shared__ unsigned int s[256];
    unsigned int tid = threadIdx.x;
    s[tid] = keys[blockIdx.x * 256 + tid];
    __syncthreads();
    for (unsigned int k = 2; k <= 256; k <<= 1) {
        for (unsigned int j = k >> 1; j > 0; j >>= 1) {
            unsigned int ixj = tid ^ j;
            if (ixj > tid)
                compareSwap<ascending>(s, tid, ixj);
            __syncthreads();
        }
    }
    keys[blockIdx.x * 256 + tid] = s[tid];
}

template __global__ void bitonicBlock<true>(unsigned int *);
