//pass
//--blockDim=64 --gridDim=32
// expect: drf — each thread counts into its own column s_hist[bin * 64 + lane] where lane is a permutation of threadIdx.x, and after the barrier each thread sums only bin threadIdx.x, reading the other columns.
// 64-bin histogram of 6-bit values with per-thread sub-histograms of
// 8-bit counters in shared memory; the column of a thread is its id with
// the low and high bit groups swapped (lane), to spread the counters of
// neighbouring threads over the banks.
#define BINS 64
#define THREADS 64

__global__ void histogram64(const unsigned char *data, unsigned int *partial, int n)
{
    __shared__ unsigned char s_hist[BINS * THREADS];
    unsigned int tid = threadIdx.x;
    unsigned int lane = ((tid & 15) << 2) | (tid >> 4);

    for (int bin = 0; bin < BINS; bin++)
        s_hist[bin * THREADS + lane] = 0;
    // Each thread clears and then counts in its own column: no barrier needed yet.

    for (int i = blockIdx.x * THREADS + tid; i < n; i += THREADS * gridDim.x) {
        unsigned char value = data[i] & (BINS - 1);
        s_hist[value * THREADS + lane]++;
    }
    __syncthreads();

    // Merge: thread tid sums bin tid over every column, starting at a
    // different column per thread.
    unsigned int sum = 0;
    for (unsigned int c = 0; c < THREADS; c++)
        sum += s_hist[tid * THREADS + ((c + tid) & (THREADS - 1))];
    partial[blockIdx.x * BINS + tid] = sum;
}
