//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: racy — s: the low part is masked with t & k instead of t & (k-1), so in step (p=2, k=1) thread 0 compares s[1], s[2] and thread 1 compares s[2], s[3]: both read and may write s[2].
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
            int lo = (k & (p - 1)) + 2 * t - (t & k);   // BUG: mask one bit too high
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
