//pass
//--blockDim=256 --gridDim=16
// expect: drf — in step (p, k) thread t's pair is lo = (k & (p-1)) + 2*t - (t & (k-1)), hi = lo + k: lo is one-to-one in t and lo, hi lie in disjoint classes mod 2k, so pairs never share a cell, and a barrier ends every step.
// Batcher odd-even merge sort of 512 keys per block in shared memory, Knuth's iterative form, one comparator per thread and step.
#define N 512

__global__ void oddEvenMergeSort512(unsigned *keys)
{
    __shared__ unsigned s[N];
    unsigned *seg = keys + blockIdx.x * N;
    int t = threadIdx.x;
    s[t] = seg[t];
    s[t + N / 2] = seg[t + N / 2];
    __syncthreads();

    for (int p = 1; p < N; p <<= 1) {
        for (int k = p; k >= 1; k >>= 1) {
            int lo = (k & (p - 1)) + 2 * t - (t & (k - 1));
            int hi = lo + k;
            if (hi < N && lo / (2 * p) == hi / (2 * p)) {
                unsigned a = s[lo], b = s[hi];
                if (a > b) {
                    s[lo] = b;
                    s[hi] = a;
                }
            }
            __syncthreads();
        }
    }
    seg[t] = s[t];
    seg[t + N / 2] = s[t + N / 2];
}
