//pass
//--blockDim=256 --gridDim=16
// expect: drf — in each (size, stride) step every comparator pair (pos - stride, pos) belongs to one thread, pairs are disjoint, and every step ends with a barrier.
// Batcher's odd-even merge sort of a 512-key segment per block in shared
// memory: 256 threads, one comparator each per step.
#define SEG 512

__device__ inline void compareExchange(unsigned int &a, unsigned int &b)
{
    if (a > b) {
        unsigned int t = a;
        a = b;
        b = t;
    }
}

__global__ void oddEvenMergeSortShared(unsigned int *keys)
{
    __shared__ unsigned int s_key[SEG];
    unsigned int tid = threadIdx.x;
    unsigned int *seg = keys + blockIdx.x * SEG;

    s_key[tid] = seg[tid];
    s_key[tid + SEG / 2] = seg[tid + SEG / 2];

    for (unsigned int size = 2; size <= SEG; size <<= 1) {
        unsigned int stride = size / 2;
        unsigned int offset = tid & (stride - 1);

        // First step of the merge: compare across the two halves.
        __syncthreads();
        unsigned int pos = 2 * tid - (tid & (stride - 1));
        unsigned int a = s_key[pos], b = s_key[pos + stride];
        compareExchange(a, b);
        s_key[pos] = a;
        s_key[pos + stride] = b;
        stride >>= 1;

        // Odd-even steps: neighbours at distance stride, inside each half.
        for (; stride > 0; stride >>= 1) {
            __syncthreads();
            pos = 2 * tid - (tid & (stride - 1));
            if (offset >= stride) {
                unsigned int x = s_key[pos - stride], y = s_key[pos];
                compareExchange(x, y);
                s_key[pos - stride] = x;
                s_key[pos] = y;
            }
        }
    }

    __syncthreads();
    seg[tid] = s_key[tid];
    seg[tid + SEG / 2] = s_key[tid + SEG / 2];
}
